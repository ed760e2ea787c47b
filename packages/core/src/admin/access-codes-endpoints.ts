/**
 * The back office's access code calls, under /admin/api/access-codes, behind the 'launch'
 * permission as the drop's settings are: list, read one, create, change, disable and enable the
 * codes that open the shop before the launch.
 */
import {
  accessCodeChangeSchema,
  accessCodeIdParams,
  accessCodeInputSchema,
  accessCodeListSchema,
  adminAccessCodeSchema,
} from './access-codes-shapes.ts'
import { ADMIN_TAGS, defineAdminEndpoint } from './endpoints.ts'

export const accessCodeEndpoints = {
  listAccessCodes: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/access-codes',
    tags: ADMIN_TAGS,
    summary: 'Every access code with its uses, limit, expiry, queue skip and status, newest first',
    permission: 'launch',
    responses: { 200: accessCodeListSchema },
  }),
  createAccessCode: defineAdminEndpoint({
    method: 'POST',
    path: '/admin/api/access-codes',
    tags: ADMIN_TAGS,
    summary: 'Creates an access code (a code already taken, in any letter case, answers 409)',
    permission: 'launch',
    body: accessCodeInputSchema,
    responses: { 201: adminAccessCodeSchema },
  }),
  getAccessCode: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/access-codes/:id',
    tags: ADMIN_TAGS,
    summary: 'One access code (an unknown id answers 404)',
    permission: 'launch',
    params: accessCodeIdParams,
    responses: { 200: adminAccessCodeSchema },
  }),
  updateAccessCode: defineAdminEndpoint({
    method: 'PUT',
    path: '/admin/api/access-codes/:id',
    tags: ADMIN_TAGS,
    summary:
      "Changes an access code's label, use limit, expiry or queue skip (uses so far are kept; grants end by the new expiry)",
    permission: 'launch',
    params: accessCodeIdParams,
    body: accessCodeChangeSchema,
    responses: { 200: adminAccessCodeSchema },
  }),
  disableAccessCode: defineAdminEndpoint({
    method: 'POST',
    path: '/admin/api/access-codes/:id/disable',
    tags: ADMIN_TAGS,
    summary: 'Disables an access code: it opens nothing more, and the grants it gave stop working',
    permission: 'launch',
    params: accessCodeIdParams,
    responses: { 200: adminAccessCodeSchema },
  }),
  enableAccessCode: defineAdminEndpoint({
    method: 'POST',
    path: '/admin/api/access-codes/:id/enable',
    tags: ADMIN_TAGS,
    summary: 'Enables a disabled access code again, and with it the grants it gave that have not expired',
    permission: 'launch',
    params: accessCodeIdParams,
    responses: { 200: adminAccessCodeSchema },
  }),
}
