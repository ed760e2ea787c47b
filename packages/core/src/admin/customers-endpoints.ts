/**
 * The back office's customer calls (issue 11), under /admin/api/customers, all behind the
 * 'customers' permission: list and search, one customer's details, disable and re-enable, export
 * their data, erase it on request.
 */

import {
  customerDetailSchema,
  customerErasureSchema,
  customerExportSchema,
  customerIdParams,
  customerListQuerySchema,
  customerPageSchema,
  customerProfileSchema,
  customerStatusBodySchema,
} from './customers-shapes.ts'
import { ADMIN_TAGS, defineAdminEndpoint } from './endpoints.ts'

export const customerEndpoints = {
  listCustomers: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/customers',
    tags: ADMIN_TAGS,
    summary: 'Customer accounts, newest first, searched by name or e-mail, a page at a time',
    permission: 'customers',
    query: customerListQuerySchema,
    responses: { 200: customerPageSchema },
  }),
  customer: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/customers/:id',
    tags: ADMIN_TAGS,
    summary: 'One customer: profile, saved addresses and orders',
    permission: 'customers',
    params: customerIdParams,
    responses: { 200: customerDetailSchema },
  }),
  setCustomerStatus: defineAdminEndpoint({
    method: 'PUT',
    path: '/admin/api/customers/:id/status',
    tags: ADMIN_TAGS,
    summary: 'Disables an account (its sessions end at once and it cannot log in) or enables it again',
    permission: 'customers',
    params: customerIdParams,
    body: customerStatusBodySchema,
    responses: { 200: customerProfileSchema },
  }),
  exportCustomer: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/customers/:id/export',
    tags: ADMIN_TAGS,
    summary: "A customer's data as a JSON download: profile, addresses, orders",
    permission: 'customers',
    params: customerIdParams,
    responses: { 200: customerExportSchema },
  }),
  eraseCustomer: defineAdminEndpoint({
    method: 'DELETE',
    path: '/admin/api/customers/:id/personal-data',
    tags: ADMIN_TAGS,
    summary:
      "Erases a customer's personal data on request; orders keep number, date, lines, totals, tax and billing country",
    permission: 'customers',
    params: customerIdParams,
    responses: { 200: customerErasureSchema },
  }),
}
