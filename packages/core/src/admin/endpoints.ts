/**
 * The back office's endpoints (issue 11), under /admin/api. Each names the permission it needs
 * (roles.ts), or null when being signed in as staff is enough, or 'public' for the calls that
 * open a session; the API registers each route with a check of exactly that permission.
 * Staff authenticate with an httpOnly session cookie set by the login, not a customer's Bearer.
 */
import { z } from 'zod'
import { defineEndpoint, type Endpoint, errorBodySchema, rateLimitedErrors } from '../endpoint.ts'
import type { Permission } from './roles.ts'
import {
  acceptInvitationSchema,
  auditPageSchema,
  auditQuerySchema,
  dashboardSchema,
  invitationEmailParams,
  invitationRequestSchema,
  invitationSchema,
  pendingInvitationSchema,
  revokedSessionsSchema,
  roleChangeSchema,
  staffIdParams,
  staffLoginResultSchema,
  staffLoginSchema,
  staffMeSchema,
  staffSchema,
  staffStatusSchema,
  totpCodeSchema,
  totpSetupSchema,
  withdrawnInvitationsSchema,
} from './shapes.ts'

export interface AdminEndpoint extends Endpoint {
  /** What the caller must be allowed: a permission, any staff session (null), or nothing ('public'). */
  readonly permission: Permission | null | 'public'
}

export const defineAdminEndpoint = <const E extends AdminEndpoint>(endpoint: E): E => defineEndpoint(endpoint)

/** The back office's one OpenAPI tag: every admin endpoint carries it. */
export const ADMIN_TAGS = ['admin'] as const

export const adminEndpoints = {
  login: defineAdminEndpoint({
    method: 'POST',
    path: '/admin/api/session',
    tags: ADMIN_TAGS,
    summary:
      'Staff login: e-mail, password and, when the account has one, the TOTP code; sets the session cookie',
    permission: 'public',
    body: staffLoginSchema,
    responses: { 200: staffLoginResultSchema, ...rateLimitedErrors },
  }),
  logout: defineAdminEndpoint({
    method: 'DELETE',
    path: '/admin/api/session',
    tags: ADMIN_TAGS,
    summary: 'Ends the staff session of this browser',
    permission: null,
    responses: { 204: z.null() },
  }),
  me: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/me',
    tags: ADMIN_TAGS,
    summary: 'The signed-in staff member and what their role allows',
    permission: null,
    responses: { 200: staffMeSchema },
  }),
  startTotp: defineAdminEndpoint({
    method: 'POST',
    path: '/admin/api/me/totp',
    tags: ADMIN_TAGS,
    summary: 'Starts turning on a TOTP second factor: a new secret, active once confirmed with a code',
    permission: null,
    responses: { 200: totpSetupSchema },
  }),
  confirmTotp: defineAdminEndpoint({
    method: 'PUT',
    path: '/admin/api/me/totp',
    tags: ADMIN_TAGS,
    summary:
      "Confirms the TOTP secret with a code; from then on every login asks for one. Replacing a second factor also takes a code of the current one (currentCode). Ends the member's other sessions",
    permission: null,
    body: z.object({ code: totpCodeSchema, currentCode: totpCodeSchema.optional() }),
    responses: { 200: staffMeSchema, ...rateLimitedErrors },
  }),
  acceptInvitation: defineAdminEndpoint({
    method: 'POST',
    path: '/admin/api/invitations/accept',
    tags: ADMIN_TAGS,
    summary: "Accepts an invitation's single-use link: names the account, sets its password and signs in",
    permission: 'public',
    body: acceptInvitationSchema,
    responses: { 201: staffMeSchema },
  }),
  listStaff: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/staff',
    tags: ADMIN_TAGS,
    summary: 'Every staff account',
    permission: 'staff',
    responses: { 200: z.object({ items: z.array(staffSchema) }) },
  }),
  invite: defineAdminEndpoint({
    method: 'POST',
    path: '/admin/api/staff/invitations',
    tags: ADMIN_TAGS,
    summary:
      'Invites someone to the staff with a role: mails a link that works once, for 7 days (503, and nobody invited, when the mail cannot be sent)',
    permission: 'staff',
    body: invitationRequestSchema,
    responses: { 201: invitationSchema, 503: errorBodySchema },
  }),
  invitations: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/staff/invitations',
    tags: ADMIN_TAGS,
    summary:
      'The invitations still waiting (not used, not expired, not withdrawn), newest first; a new invitation to an address withdraws the older',
    permission: 'staff',
    responses: { 200: z.object({ items: z.array(pendingInvitationSchema) }) },
  }),
  withdrawInvitation: defineAdminEndpoint({
    method: 'DELETE',
    path: '/admin/api/staff/invitations/:email',
    tags: ADMIN_TAGS,
    summary:
      'Withdraws every waiting invitation to an address: its links open nothing any more (404 when none waits)',
    permission: 'staff',
    params: invitationEmailParams,
    responses: { 200: withdrawnInvitationsSchema },
  }),
  changeRole: defineAdminEndpoint({
    method: 'PUT',
    path: '/admin/api/staff/:id',
    tags: ADMIN_TAGS,
    summary:
      "Changes a staff member's role (the last owner keeps theirs); a role that takes anything away ends the member's sessions (lowering their own, all but this one)",
    permission: 'staff',
    params: staffIdParams,
    body: roleChangeSchema,
    responses: { 200: staffSchema },
  }),
  setStaffStatus: defineAdminEndpoint({
    method: 'PUT',
    path: '/admin/api/staff/:id/status',
    tags: ADMIN_TAGS,
    summary:
      'Deactivates a staff member (their sessions end at once, their login is refused and the invitations they sent and nobody used are withdrawn; never oneself, never the last active owner) or reactivates them',
    permission: 'staff',
    params: staffIdParams,
    body: staffStatusSchema,
    responses: { 200: staffSchema },
  }),
  revokeSessions: defineAdminEndpoint({
    method: 'DELETE',
    path: '/admin/api/staff/:id/sessions',
    tags: ADMIN_TAGS,
    summary: 'Ends every session of a staff member (they must log in again)',
    permission: 'staff',
    params: staffIdParams,
    responses: { 200: revokedSessionsSchema },
  }),
  audit: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/audit',
    tags: ADMIN_TAGS,
    summary: 'The audit log of staff changes, newest first, filtered by staff, action, entity and days',
    permission: 'audit',
    query: auditQuerySchema,
    responses: { 200: auditPageSchema },
  }),
  dashboard: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/dashboard',
    tags: ADMIN_TAGS,
    summary: 'Orders and sales today and over 30 days, orders waiting for fulfilment, low stock',
    permission: 'dashboard',
    responses: { 200: dashboardSchema },
  }),
}
