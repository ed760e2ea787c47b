/**
 * The cart domain's endpoints (spec 7, Spree v1 shapes under /api/v1 and WooCommerce's shipping
 * zones): orders, line items, coupons, the checkout, the reference data its forms need, the
 * guest order lookup, back-in-stock requests and the account's order history. An order is opened
 * with its `order_token` or by its owner's Bearer token (`bearer: 'optional'`).
 */
import { z } from 'zod'
import { defineEndpoint, errorBodySchema, rateLimitedErrors } from '../endpoint.ts'
import { idParam, pageParam, perPageParam, text, wholeNumber } from '../input.ts'
import { LINE_QUANTITY_NOT_WHOLE, ORDER_NUMBER_PATTERN } from './limits.ts'
import { orderLookupAnswerSchema, orderLookupSchema } from './lookup.ts'
import {
  applyCouponBodySchema,
  checkoutUpdateBodySchema,
  countryJsonSchema,
  createOrderBodySchema,
  idempotencyKeySchema,
  limitRefusalSchema,
  lineItemBodySchema,
  lineItemInputSchema,
  lineItemJsonSchema,
  orderJsonSchema,
  orderSummaryJsonSchema,
  orderUpdateBodySchema,
  shopperCouponCodeSchema,
  stateJsonSchema,
} from './schemas.ts'
import { stockAlertSchema } from './stock-alert.ts'

const STORE = ['store'] as const

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
}

/** The errors of a request that adds units or places them: its 422 names the limit that refused it. */
const limitedErrors = {
  ...errors,
  422: errorBodySchema.extend({ limit: limitRefusalSchema.optional() }),
}

/** An order number in a path, with or without Spree's ".json" suffix. */
const orderNumber = z
  .string()
  .transform((value) => value.replace(/\.json$/, ''))
  .pipe(z.string().regex(ORDER_NUMBER_PATTERN, 'must be an order number like R123456789'))

/** A line's id in a path, with or without Spree's ".json" suffix. */
const lineItemId = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/\.json$/, '') : value),
  idParam(),
)

const orderParams = z.object({ number: orderNumber })
const lineParams = z.object({ number: orderNumber, lineItemId })

/** The guest's key to an order (its owner may send their Bearer token instead). */
const tokenQuery = z.object({ order_token: text().max(200, 'must be at most 200 characters').optional() })

/** Spree's query form of a line's new quantity, beside the body form. */
const quantityQuery = tokenQuery.extend({
  'line_item[variant_id]': idParam().optional(),
  'line_item[quantity]': wholeNumber(
    z.number({ error: LINE_QUANTITY_NOT_WHOLE }).int(LINE_QUANTITY_NOT_WHOLE),
  ).optional(),
})
const quantityBody = z.object({ line_item: lineItemInputSchema.partial() }).nullish()

const idempotencyHeaders = z.object({ 'idempotency-key': idempotencyKeySchema.optional() })

const countriesPageSchema = z.object({
  countries: z.array(countryJsonSchema),
  count: z.number(),
  current_page: z.number(),
  pages: z.number(),
  per_page: z.number(),
})

const shippingZoneSchema = z.object({ id: z.number(), name: z.string(), order: z.number() })

export const cartEndpoints = {
  createOrder: defineEndpoint({
    method: 'POST',
    path: '/api/v1/orders.json',
    tags: STORE,
    summary: 'Create an order (a cart), optionally with line items; its token is the guest’s key to it',
    bearer: 'optional',
    body: createOrderBodySchema,
    responses: { 201: orderJsonSchema, ...limitedErrors },
  }),
  currentOrder: defineEndpoint({
    method: 'GET',
    path: '/api/v1/orders/current.json',
    tags: STORE,
    summary: 'The logged-in user’s open cart (204 when there is none)',
    bearer: true,
    responses: { 200: orderJsonSchema, 204: z.null(), ...errors },
  }),
  order: defineEndpoint({
    method: 'GET',
    path: '/api/v1/orders/:number',
    tags: STORE,
    summary:
      'Fetch an order with its order_token (or as its owner). An expired hold lists what went back to the shelves',
    bearer: 'optional',
    params: orderParams,
    query: tokenQuery,
    responses: { 200: orderJsonSchema, ...errors },
  }),
  updateOrder: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/orders/:number',
    tags: STORE,
    summary: 'Update the order’s e-mail and addresses',
    bearer: 'optional',
    params: orderParams,
    query: tokenQuery,
    body: orderUpdateBodySchema,
    responses: { 200: orderJsonSchema, ...errors },
  }),
  applyCoupon: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/orders/:number/apply_coupon_code',
    tags: STORE,
    summary:
      'Apply a coupon code (a percent off the full basket); a wrong code answers 422 saying so, and too many wrong codes on the cart or from the client 429 (a right code is not counted)',
    bearer: 'optional',
    params: orderParams,
    query: tokenQuery,
    body: applyCouponBodySchema,
    responses: { 200: orderJsonSchema, ...errors, ...rateLimitedErrors },
  }),
  removeCoupon: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/orders/:number/coupon_codes/:code',
    tags: STORE,
    summary: 'Remove the coupon from the order',
    bearer: 'optional',
    params: z.object({ number: orderNumber, code: shopperCouponCodeSchema }),
    query: tokenQuery,
    responses: { 200: orderJsonSchema, ...errors },
  }),
  associateOrder: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/orders/:number/associate.json',
    tags: STORE,
    summary:
      'On login: give this guest cart (order_token) to the logged-in user, merged into their open cart if they have one. Answers the cart to keep and the token that opens it from now on (a guest cart that becomes the account’s gets a new one); units over the per-fan cap of the account go back to the shop, listed in capped_items (kept on the cart until its next change) with a message',
    bearer: true,
    params: orderParams,
    query: tokenQuery,
    responses: {
      200: orderJsonSchema.extend({ message: z.string().optional() }),
      ...errors,
    },
  }),
  orderHistory: defineEndpoint({
    method: 'GET',
    path: '/wp-json/wp/v2/order/list',
    tags: ['accounts'],
    summary: 'The logged-in user’s order history, newest first',
    bearer: true,
    responses: { 200: z.object({ data: z.array(orderSummaryJsonSchema) }), ...errors },
  }),
  addLineItem: defineEndpoint({
    method: 'POST',
    path: '/api/v1/orders/:number/line_items.json',
    tags: STORE,
    summary:
      'Add a product (a simple product’s id or a variation’s id as variant_id); holds its stock for 1 hour',
    bearer: 'optional',
    params: orderParams,
    query: tokenQuery,
    body: lineItemBodySchema,
    responses: { 201: lineItemJsonSchema, ...limitedErrors },
  }),
  setLineQuantity: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/orders/:number/line_items/:lineItemId',
    tags: STORE,
    summary:
      'Set a line’s quantity (query line_item[quantity] as in spec 7, or a line_item body); raising it holds more stock or answers 422',
    bearer: 'optional',
    params: lineParams,
    query: quantityQuery,
    body: quantityBody,
    responses: { 200: lineItemJsonSchema, ...limitedErrors },
  }),
  removeLineItem: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/orders/:number/line_items/:lineItemId',
    tags: STORE,
    summary: 'Remove a line; its held stock goes back to the shelves at once',
    bearer: 'optional',
    params: lineParams,
    query: tokenQuery,
    responses: { 204: z.null(), ...errors },
  }),
  updateCheckout: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/checkouts/:number',
    tags: STORE,
    summary:
      'Save checkout data: e-mail and addresses, the shipping rate (shipments_attributes), the payment method and card (payments_attributes, payment_source)',
    bearer: 'optional',
    params: orderParams,
    query: tokenQuery,
    body: checkoutUpdateBodySchema,
    responses: { 200: orderJsonSchema, ...errors },
  }),
  nextCheckoutStep: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/checkouts/:number/next.json',
    tags: STORE,
    summary:
      'Move the checkout one step (422 names what is missing). From confirm it places the order: send an Idempotency-Key so a retry never charges twice',
    bearer: 'optional',
    params: orderParams,
    query: tokenQuery,
    headers: idempotencyHeaders,
    responses: { 200: orderJsonSchema, ...limitedErrors },
  }),
  countries: defineEndpoint({
    method: 'GET',
    path: '/api/v1/countries',
    shared: true,
    tags: STORE,
    summary: 'Every country with its ISO code (page through with page and per_page, up to 999)',
    query: z.object({ page: pageParam, per_page: perPageParam(999, 25) }),
    responses: { 200: countriesPageSchema, ...errors },
  }),
  states: defineEndpoint({
    method: 'GET',
    path: '/api/v1/states',
    shared: true,
    tags: STORE,
    summary: 'The states (provinces, regions) of a country; empty for a country whose addresses name none',
    query: z.object({ country_id: idParam() }),
    responses: {
      200: z.object({ states: z.array(stateJsonSchema), states_required: z.boolean() }),
      ...errors,
    },
  }),
  shippingZones: defineEndpoint({
    method: 'GET',
    path: '/wp-json/wc/v3/shipping/zones',
    shared: true,
    tags: ['shipping'],
    summary: 'Shipping zones; zone 0 is "Locations not covered by your other zones"',
    responses: { 200: z.array(shippingZoneSchema) },
  }),
  lookupOrder: defineEndpoint({
    method: 'POST',
    path: '/api/v1/orders/lookup',
    tags: STORE,
    summary:
      'Find a placed order by its number and e-mail address; answers its token (404 when they do not match, 429 after too many tries)',
    body: orderLookupSchema,
    responses: {
      200: orderLookupAnswerSchema,
      400: errorBodySchema,
      404: errorBodySchema,
      ...rateLimitedErrors,
    },
  }),
  requestStockAlert: defineEndpoint({
    method: 'POST',
    path: '/api/v1/stock_alerts',
    tags: STORE,
    summary:
      'Ask to be e-mailed once when a sold-out variation is back in stock (the logged-in customer’s address when none is sent)',
    bearer: 'optional',
    body: stockAlertSchema,
    responses: {
      201: z.object({ message: z.string() }),
      400: errorBodySchema,
      422: errorBodySchema,
      ...rateLimitedErrors,
    },
  }),
}
