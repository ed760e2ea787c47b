/**
 * The store API's shapes (Spree v1 conventions, api-contract.md), defined once: the API validates
 * its requests and answers with them and the storefront reads the same types. Money is a decimal
 * string ("29.90") with a `display_` twin ("€29.90"); times are ISO 8601 strings.
 */
import { z } from 'zod'
import { imageJsonSchema } from '../catalog/schemas.ts'
import { emailAddress } from '../email.ts'
import { idParam, text, wholeNumber } from '../input.ts'
import { cardSourceSchema } from './card.ts'
import { addressInputSchema, ORDER_STATES, PAYMENT_STATES, SHIPMENT_STATES } from './checkout.ts'
import {
  LIMIT_KINDS,
  LINE_QUANTITY_NOT_WHOLE,
  type LimitRefusal,
  MAX_LINE_QUANTITY,
  MIN_LINE_QUANTITY,
} from './limits.ts'

const money = z.string().regex(/^-?\d+\.\d{2}$/)
const display = z.string()
const isoTime = z.string()

const orderStateSchema = z.enum(ORDER_STATES)

export const countryJsonSchema = z.object({
  id: z.number().int(),
  iso: z.string().length(2),
  iso_name: z.string(),
  name: z.string(),
  states_required: z.boolean(),
})
export type CountryJson = z.infer<typeof countryJsonSchema>

export const stateJsonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  abbr: z.string(),
  country_id: z.number().int(),
})
export type StateJson = z.infer<typeof stateJsonSchema>

const addressJsonSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  full_name: z.string(),
  company: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  zipcode: z.string(),
  phone: z.string(),
  country_id: z.number().int().nullable(),
  state_id: z.number().int().nullable(),
  state_name: z.string().nullable(),
  country: countryJsonSchema.pick({ id: true, iso: true, iso_name: true, name: true }).nullable(),
  state: stateJsonSchema.pick({ id: true, name: true, abbr: true }).nullable(),
})
export type AddressJson = z.infer<typeof addressJsonSchema>

const optionValueJsonSchema = z.object({
  name: z.string(),
  presentation: z.string(),
  option_type_name: z.string(),
  option_type_presentation: z.string(),
})

/** The picture of a cart product (spec 3: image with product_url and alt), in responsive sizes. */
const lineImageJsonSchema = imageJsonSchema.extend({ product_url: z.string() })

const variantJsonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  price: money,
  display_price: display,
  option_values: z.array(optionValueJsonSchema),
  images: z.array(imageJsonSchema),
})

/** A limit on an item: the one a 422 names when it refused, and each cart line's tightest. */
export const limitRefusalSchema = z.object({
  kind: z.enum(LIMIT_KINDS),
  max: z.number().int().positive(),
}) satisfies z.ZodType<LimitRefusal>

export const lineItemJsonSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  variant_id: z.number().int(),
  quantity: z.number().int(),
  name: z.string(),
  slug: z.string(),
  price: money,
  display_price: display,
  amount: money,
  display_amount: display,
  image: lineImageJsonSchema.nullable(),
  /** The variation bought; null for a simple product, which uses its own price (spec 3). */
  variant: variantJsonSchema.nullable(),
  /** The tightest limit on the product (our addition): the per-order limit, or the per-fan cap when lower. */
  limit: limitRefusalSchema,
  /**
   * The most units this line may hold (our addition, core's lineRoom): `limit.max` less the order's
   * other lines of the same product. A fan's other orders are counted when they add. Under
   * `quantity` when the limit was lowered after the units were added: the checkout then refuses.
   */
  max_quantity: z.number().int().nonnegative(),
})
export type LineItemJson = z.infer<typeof lineItemJsonSchema>

const shippingRateJsonSchema = z.object({
  id: z.number().int(),
  shipping_method_id: z.number().int(),
  name: z.string(),
  cost: money,
  display_cost: display,
  selected: z.boolean(),
})

const shipmentJsonSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  state: z.enum(SHIPMENT_STATES),
  cost: money,
  display_cost: display,
  shipping_rates: z.array(shippingRateJsonSchema),
  selected_shipping_rate: shippingRateJsonSchema.nullable(),
})

const paymentMethodTypeSchema = z.enum(['credit_card', 'bank_transfer'])
export type PaymentMethodType = z.infer<typeof paymentMethodTypeSchema>

const paymentMethodJsonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  method_type: paymentMethodTypeSchema,
  description: z.string(),
})

const paymentStateSchema = z.enum(['checkout', 'processing', 'pending', 'completed', 'failed'])

const paymentJsonSchema = z.object({
  id: z.number().int(),
  amount: money,
  display_amount: display,
  state: paymentStateSchema,
  payment_method_id: z.number().int(),
  payment_method: paymentMethodJsonSchema.pick({ id: true, name: true, method_type: true }),
  source: z
    .object({
      cc_type: z.string(),
      last_digits: z.string(),
      month: z.number(),
      year: z.number(),
      name: z.string(),
    })
    .nullable(),
  /** Why the payment failed (a declined card), shown on /order/failed. */
  failure_reason: z.string().nullable(),
  created_at: isoTime,
})

const couponJsonSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.literal('percent'),
  amount: z.number(),
  /** "15% on full basket" */
  description: z.string(),
})
export type CouponJson = z.infer<typeof couponJsonSchema>

const adjustmentJsonSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  amount: money,
  display_amount: display,
  source_type: z.literal('coupon'),
  coupon: couponJsonSchema,
})

/** Units of a cart line that went back to the shelves (the hold expired, or a login's merge went over the per-fan cap). */
const returnedItemJsonSchema = z.object({
  variant_id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
})
export type ReturnedItemJson = z.infer<typeof returnedItemJsonSchema>

const totals = {
  item_total: money,
  display_item_total: display,
  ship_total: money,
  display_ship_total: display,
  tax_total: money,
  display_tax_total: display,
  additional_tax_total: money,
  display_additional_tax_total: display,
  included_tax_total: money,
  display_included_tax_total: display,
  adjustment_total: money,
  display_adjustment_total: display,
  payment_total: money,
  display_payment_total: display,
  total: money,
  display_total: display,
}

export const orderJsonSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  token: z.string(),
  state: orderStateSchema,
  email: z.string().nullable(),
  currency: z.literal('EUR'),
  user_id: z.number().int().nullable(),
  item_count: z.number().int(),
  ...totals,
  payment_state: z.enum(PAYMENT_STATES).nullable(),
  shipment_state: z.enum(SHIPMENT_STATES).nullable(),
  checkout_steps: z.array(z.string()),
  created_at: isoTime,
  updated_at: isoTime,
  completed_at: isoTime.nullable(),
  /** When the stock hold ends (1 hour after the cart's last change); null once complete or empty. */
  expires_at: isoTime.nullable(),
  /** What went back to the shelves when the hold last expired; cleared by the next change. */
  expired_items: z.array(returnedItemJsonSchema),
  /** What the last login's merge gave back over the per-fan cap; cleared by the next change. */
  capped_items: z.array(returnedItemJsonSchema),
  line_items: z.array(lineItemJsonSchema),
  bill_address: addressJsonSchema.nullable(),
  ship_address: addressJsonSchema.nullable(),
  shipments: z.array(shipmentJsonSchema),
  payments: z.array(paymentJsonSchema),
  payment_methods: z.array(paymentMethodJsonSchema),
  adjustments: z.array(adjustmentJsonSchema),
  coupon: couponJsonSchema.nullable(),
})
export type OrderJson = z.infer<typeof orderJsonSchema>

/** One row of the order history (GET /wp-json/wp/v2/order/list), newest first. */
export const orderSummaryJsonSchema = orderJsonSchema
  .pick({
    id: true,
    number: true,
    state: true,
    payment_state: true,
    shipment_state: true,
    item_count: true,
    item_total: true,
    display_item_total: true,
    total: true,
    display_total: true,
    completed_at: true,
    currency: true,
  })
  .extend({ items: z.array(z.object({ name: z.string(), quantity: z.number().int() })) })
export type OrderSummaryJson = z.infer<typeof orderSummaryJsonSchema>

export const lineItemInputSchema = z.object(
  {
    variant_id: idParam(),
    quantity: wholeNumber(
      z
        .number({ error: LINE_QUANTITY_NOT_WHOLE })
        .int(LINE_QUANTITY_NOT_WHOLE)
        .min(MIN_LINE_QUANTITY, `quantity must be at least ${MIN_LINE_QUANTITY}`)
        .max(MAX_LINE_QUANTITY, `quantity can be at most ${MAX_LINE_QUANTITY}`),
    ),
  },
  { error: 'must be an object with the variant_id and quantity of the line' },
)

/** The checkout's e-mail address and the one message for a wrong one (spec 8), also the order lookup's and the stock alert's. */
export const checkoutEmailSchema = emailAddress('Enter a valid e-mail address.')

export const createOrderBodySchema = z
  .object({
    order: z
      .object({
        email: text().pipe(checkoutEmailSchema).optional(),
        line_items: z.array(lineItemInputSchema).max(50, 'must list at most 50 lines').optional(),
      })
      .optional(),
  })
  .nullish()

export const lineItemBodySchema = z.object({ line_item: lineItemInputSchema })

/**
 * An Idempotency-Key (placing an order): 8 to 200 visible ASCII characters, what an HTTP header
 * carries as it is (a UUID, the storefront's, fits); no other character can travel in one.
 */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{8,200}$/, 'must be 8 to 200 visible ASCII characters (letters, digits, punctuation)')

/** What the checkout says when the terms were not accepted. */
export const TERMS_NOT_ACCEPTED_MESSAGE = 'Accept the terms and conditions to place your order.'

/** Spree's order attributes that both `orders/{n}` and `checkouts/{n}` updates accept. */
const orderAttributesSchema = z.object(
  {
    email: text().pipe(checkoutEmailSchema).optional(),
    bill_address_attributes: addressInputSchema.optional(),
    ship_address_attributes: addressInputSchema.optional(),
    /** Use the billing address for shipping too. */
    use_billing: z.boolean().optional(),
    /**
     * The shopper's answer to "I accept the terms": the storefront's checkout always sends it and the
     * order cannot be saved with false; clients that never ask (the spec's Spree clients) leave it out.
     */
    terms_accepted: z.boolean().optional(),
  },
  { error: "must be an object of the order's attributes" },
)

export const orderUpdateBodySchema = z.object({ order: orderAttributesSchema })

export const checkoutUpdateBodySchema = z.object({
  order: orderAttributesSchema
    .extend({
      shipments_attributes: z
        .array(z.object({ id: idParam().optional(), selected_shipping_rate_id: idParam() }))
        .max(1, 'must choose one shipping rate')
        .optional(),
      payments_attributes: z
        .array(z.object({ payment_method_id: idParam() }))
        .max(1, 'must choose one payment method')
        .optional(),
    })
    .optional(),
  /** Card details keyed by payment method id, as Spree takes them; never stored, only tokenised. */
  payment_source: z
    .record(text().max(20), cardSourceSchema, {
      error: (issue) => (issue.code === 'invalid_key' ? 'must be keyed by a payment method id' : undefined),
    })
    .optional(),
})
export type CheckoutUpdateBody = z.infer<typeof checkoutUpdateBodySchema>

/** A coupon code as a shopper types it, to apply or to remove. */
export const shopperCouponCodeSchema = text({ error: 'Enter a coupon code.' })
  .trim()
  .min(1, 'Enter a coupon code.')
  .max(50, 'Enter a coupon code of at most 50 characters.')

export const applyCouponBodySchema = z.object({ coupon_code: shopperCouponCodeSchema })
