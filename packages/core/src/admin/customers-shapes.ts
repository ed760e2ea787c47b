/**
 * What the back office's customer calls take and answer (issue 11): the searchable list, one
 * customer with addresses and orders, disabling, the data export and erasure on request.
 */
import { z } from 'zod'
import { idParam, pageParam, perPageParam, text } from '../input.ts'
import { MAX_SEARCH_TEXT } from '../search.ts'

export const customerIdParams = z.object({ id: idParam() })

export const customerListQuerySchema = z.object({
  search: text()
    .trim()
    .max(MAX_SEARCH_TEXT, `must be at most ${MAX_SEARCH_TEXT} characters`)
    .optional()
    .describe('Part of the name or e-mail address'),
  page: pageParam,
  per_page: perPageParam(100, 25),
})

export const customerSummarySchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601 when staff disabled the account (it cannot log in), or null. */
  disabledAt: z.string().nullable(),
  /** ISO 8601 when the personal data was erased on request, or null. */
  erasedAt: z.string().nullable(),
  /** Placed (completed) orders. */
  orders: z.number().int(),
})
export type CustomerSummary = z.output<typeof customerSummarySchema>

export const customerPageSchema = z.object({
  items: z.array(customerSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
})

export const customerProfileSchema = customerSummarySchema.extend({
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.string().nullable(),
  birthday: z.string().nullable(),
  phone: z.string().nullable(),
  /** Open login sessions. */
  activeSessions: z.number().int(),
})
export type CustomerProfile = z.output<typeof customerProfileSchema>

export const customerAddressSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  address1: z.string(),
  address2: z.string(),
  zipcode: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
})

export const customerOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  state: z.string(),
  /** ISO 8601: when it was placed, or null for a cart. */
  completedAt: z.string().nullable(),
  itemCount: z.number().int(),
  /** Cents. */
  total: z.number().int(),
  paymentState: z.string().nullable(),
  shipmentState: z.string().nullable(),
})

export const customerDetailSchema = z.object({
  customer: customerProfileSchema,
  addresses: z.array(customerAddressSchema),
  orders: z.array(customerOrderSchema),
})
export type CustomerDetail = z.output<typeof customerDetailSchema>

export const customerStatusBodySchema = z.object({
  disabled: z.boolean({ error: 'must be true (disable) or false (enable)' }),
})

/** The customer's data as a download (GDPR art. 15 and 20): profile, addresses and orders with lines. */
export const customerExportSchema = z.object({
  exportedAt: z.string(),
  profile: customerProfileSchema,
  addresses: z.array(customerAddressSchema),
  orders: z.array(
    customerOrderSchema.extend({
      email: z.string().nullable(),
      billAddress: z.unknown(),
      shipAddress: z.unknown(),
      lines: z.array(
        z.object({ name: z.string(), sku: z.string(), quantity: z.number().int(), price: z.number().int() }),
      ),
    }),
  ),
})
export type CustomerExport = z.output<typeof customerExportSchema>

/**
 * What erasure keeps of each order: the legal minimum of an invoice (number, date, lines, totals,
 * tax, billing country). Everything else personal is removed or anonymised.
 */
export const ERASURE_KEEPS = [
  'order number',
  'order date',
  'order lines (product, quantity, price)',
  'totals and tax',
  'billing country',
] as const

export const customerErasureSchema = z.object({
  customer: customerProfileSchema,
  /** Orders whose personal data was removed. */
  orders: z.number().int(),
  kept: z.array(z.string()),
})
