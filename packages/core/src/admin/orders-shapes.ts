/**
 * What the back office's orders API takes and answers (issue 11): the filtered, sorted, paged list,
 * one order with its lines, payments, refunds and timeline, and the bodies of the staff's actions
 * (fulfil, cancel, refund, note). The forms of the order page validate with the same schemas.
 */
import { z } from 'zod'
import { PAYMENT_STATES, SHIPMENT_STATES } from '../cart/checkout.ts'
import { isoDate } from '../dates.ts'
import { EMAIL_MAX_LENGTH } from '../email.ts'
import {
  boundedNumber,
  checkbox,
  idParam,
  pageParam,
  perPageParam,
  plainLine,
  text,
  wholeNumber,
} from '../input.ts'

/** A placed order is 'placed' until staff cancel it. */
export const ADMIN_ORDER_STATES = ['placed', 'canceled'] as const
export type AdminOrderState = (typeof ADMIN_ORDER_STATES)[number]

export const ORDER_SORTS = ['placed', 'number', 'email', 'total'] as const

/** The list's filters; the CSV export takes the same ones. */
export const orderFilterSchema = z.object({
  q: text()
    .trim()
    .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`)
    .optional()
    .describe('Order number or e-mail'),
  state: z.enum(ADMIN_ORDER_STATES).optional(),
  payment: z.enum(PAYMENT_STATES).optional().describe('Payment state'),
  fulfilment: z.enum(SHIPMENT_STATES).optional().describe('Fulfilment (shipment) state'),
  customer: idParam().optional().describe("Only this customer's orders (user id)"),
  from: isoDate.optional().describe('Placed from this day (UTC), inclusive'),
  to: isoDate.optional().describe('Placed until this day (UTC), inclusive'),
  sort: z.enum(ORDER_SORTS).default('placed'),
  dir: z.enum(['asc', 'desc']).default('desc'),
})
export type OrderFilter = z.output<typeof orderFilterSchema>

export const orderListQuerySchema = orderFilterSchema.extend({
  page: pageParam,
  per_page: perPageParam(100, 25),
})

export const adminOrderSummarySchema = z.object({
  number: z.string(),
  /** ISO 8601. */
  placedAt: z.string(),
  email: z.string().nullable(),
  customerId: z.number().int().nullable(),
  itemCount: z.number().int(),
  /** Cents. */
  total: z.number().int(),
  refundedTotal: z.number().int(),
  state: z.enum(ADMIN_ORDER_STATES),
  paymentState: z.enum(PAYMENT_STATES).nullable(),
  shipmentState: z.enum(SHIPMENT_STATES).nullable(),
})
export type AdminOrderSummary = z.output<typeof adminOrderSummarySchema>

export const adminOrderPageSchema = z.object({
  items: z.array(adminOrderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
})

export const ORDER_EVENT_KINDS = [
  'placed',
  'paid',
  'fulfilled',
  'canceled',
  'refunded',
  'refund_failed',
  'note',
  'email',
] as const
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number]

export const orderEventSchema = z.object({
  /** ISO 8601. */
  at: z.string(),
  kind: z.enum(ORDER_EVENT_KINDS),
  text: z.string(),
  /** Who did it; null for the shop itself (placement, payment). */
  staffEmail: z.string().nullable(),
})
export type OrderEvent = z.output<typeof orderEventSchema>

export const adminOrderLineSchema = z.object({
  id: z.number().int(),
  variantId: z.number().int(),
  name: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  /** Cents, per unit. */
  unitPrice: z.number().int(),
  amount: z.number().int(),
  refundedQuantity: z.number().int(),
  restockedQuantity: z.number().int(),
})
export type AdminOrderLine = z.output<typeof adminOrderLineSchema>

export const adminOrderSchema = adminOrderSummarySchema.extend({
  itemTotal: z.number().int(),
  adjustmentTotal: z.number().int(),
  shipTotal: z.number().int(),
  /** What the customer paid (completed payments), in cents. */
  paidTotal: z.number().int(),
  coupon: z.object({ code: z.string(), percent: z.number().int() }).nullable(),
  lines: z.array(adminOrderLineSchema),
  /** The address as it is printed on a label, one line each. */
  shipAddress: z.array(z.string()).nullable(),
  billAddress: z.array(z.string()).nullable(),
  shipping: z.object({
    method: z.string().nullable(),
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    /** ISO 8601. */
    shippedAt: z.string().nullable(),
  }),
  payments: z.array(
    z.object({
      id: z.number().int(),
      method: z.string(),
      amount: z.number().int(),
      state: z.string(),
      card: z.string().nullable(),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      amount: z.number().int(),
      state: z.enum(['processing', 'completed', 'failed']),
      staffEmail: z.string(),
    }),
  ),
  timeline: z.array(orderEventSchema),
})
export type AdminOrder = z.output<typeof adminOrderSchema>

export const orderNumberParams = z.object({
  number: text()
    .regex(/^R\d{9}$/, 'must be an order number like R123456789')
    .describe('The order number'),
})

export const fulfilOrderSchema = z.object({
  carrier: plainLine(
    text({ error: 'Enter the carrier.' })
      .trim()
      .min(1, 'Enter the carrier.')
      .max(60, 'must be at most 60 characters'),
  ),
  trackingNumber: plainLine(
    text({ error: 'Enter the tracking number.' })
      .trim()
      .min(1, 'Enter the tracking number.')
      .max(100, 'must be at most 100 characters'),
  ),
})

export const cancelOrderSchema = z.object({
  /** Left out or empty (the form's box left so): none. */
  reason: text()
    .trim()
    .max(500, 'must be at most 500 characters')
    .optional()
    .transform((reason) => reason || undefined),
})

/** The client's key for one action on an order (a refund, a note): sent again, it is done once. */
const actionKey = text({ error: 'is required' })
  .min(8, 'must be 8 to 100 characters')
  .max(100, 'must be 8 to 100 characters')

export const orderNoteSchema = z.object({
  /** The client's key for this note: sending it again (a retried request) never adds it twice. */
  key: actionKey,
  text: text({ error: 'Write the note.' })
    .trim()
    .min(1, 'Write the note.')
    .max(2000, 'must be at most 2000 characters'),
})

export const refundOrderSchema = z
  .object({
    /** The client's key for this refund: sending it again never refunds twice. */
    key: actionKey,
    lines: z
      .array(
        z.object({
          lineItemId: idParam(),
          quantity: boundedNumber(1, 999, 'must be a quantity from 1 to 999'),
        }),
      )
      .max(100, 'must list at most 100 lines')
      .default([]),
    /** Refund the shipping cost too. */
    shipping: z.boolean().default(false),
    /** Put the refunded units back on the shelf. */
    restock: z.boolean().default(true),
  })
  .refine((refund) => refund.lines.length > 0 || refund.shipping, {
    message: 'Choose at least one line or the shipping to refund.',
    path: ['lines'],
  })
  .refine((refund) => new Set(refund.lines.map((line) => line.lineItemId)).size === refund.lines.length, {
    message: 'Name each line once.',
    path: ['lines'],
  })
export type RefundOrderInput = z.input<typeof refundOrderSchema>

const REFUND_QUANTITY_MESSAGE = 'Enter a quantity.'

/**
 * The refund dialog's form as the browser posts it: a quantity per line (0: not refunded), and the
 * shipping and restock checkboxes; the lines with a quantity are then sent as refundOrderSchema's.
 */
export const refundFormSchema = z.object({
  key: actionKey,
  lines: z
    .array(
      z.object({
        lineItemId: idParam(),
        quantity: wholeNumber(
          z
            .number({ error: REFUND_QUANTITY_MESSAGE })
            .int({ error: REFUND_QUANTITY_MESSAGE })
            .min(0, 'Enter 0 or more.'),
        ),
      }),
    )
    .default([]),
  shipping: checkbox,
  restock: checkbox,
})
