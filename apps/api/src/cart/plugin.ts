/**
 * The cart domain's HTTP routes: the store API of spec 7 in Spree v1 shapes (orders, line items,
 * checkouts, coupons, countries and states), plus WooCommerce's shipping zones and the account's
 * order history. Every cart write passes the launch gate first, its one check point.
 */
import {
  applyCouponBodySchema,
  checkoutUpdateBodySchema,
  countryJsonSchema,
  createOrderBodySchema,
  idParam,
  lineItemBodySchema,
  lineItemInputSchema,
  lineItemJsonSchema,
  ORDER_NUMBER_PATTERN,
  orderJsonSchema,
  orderSummaryJsonSchema,
  orderUpdateBodySchema,
  pageParam,
  perPageParam,
  stateJsonSchema,
  text,
  wholeNumber,
} from '@fanshop/core'
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify'
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireSession } from '../accounts/sessions.ts'
import { badRequest, notFound, unauthorized, unprocessable } from '../http/errors.ts'
import { assertShoppingAllowed } from '../launch/gate.ts'
import { addToCart, addToOrderNumbered, associateCart, currentCartOf, lineOf, rewindToCart } from './carts.ts'
import { advance, saveOrderAttributes, savePaymentMethod, saveShippingRate } from './checkout.ts'
import { applyCoupon, removeCoupon } from './coupons.ts'
import { setLineQuantity } from './holds.ts'
import { lineItemsJson, orderJson, orderSummariesJson } from './order-json.ts'
import {
  assertNotComplete,
  changeOrder,
  createOrder,
  findOrderFor,
  type OrderRow,
  requesterOf,
  reread,
  settleOrder,
} from './orders.ts'
import { placeOrder, replayPlacement, resolveStalePayment } from './placement.ts'

const errorSchema = z.object({ message: z.string(), statusCode: z.number() })
const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
}

/** An order number in a path, with or without Spree's ".json" suffix. */
const orderNumber = z
  .string()
  .transform((value) => value.replace(/\.json$/, ''))
  .pipe(z.string().regex(ORDER_NUMBER_PATTERN, 'must be an order number like R123456789'))
const lineItemId = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/\.json$/, '') : value),
  idParam(),
)
const tokenQuery = z.object({ order_token: text().max(200).optional() })
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().min(8).max(200).optional() })

const STORE = 'store'

/**
 * The answers of the add-to-cart path are built by typed code (OrderJson, LineItemJson), so they
 * are written with JSON.stringify rather than checked field by field on every request; their
 * schemas still document them.
 */
const typedAnswer: Pick<RouteShorthandOptions, 'serializerCompiler'> = {
  serializerCompiler: (route) =>
    route.httpStatus?.startsWith('2')
      ? (data) => JSON.stringify(data)
      : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]),
}

export default async function cartPlugin(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ctx = app.shop

  /** An order as a request may see it: a payment abandoned by a crash resolved, an expired hold settled. */
  const openOrder = async (order: OrderRow) => settleOrder(ctx, await resolveStalePayment(ctx, order))

  /** The order of the request's path, for its token or its owner, opened as above. */
  async function loadOrder(request: FastifyRequest, number: string): Promise<OrderRow> {
    const requester = await requesterOf(ctx, request)
    return openOrder(await findOrderFor(ctx.db, requester, number))
  }

  app.post(
    '/api/v1/orders.json',
    {
      ...typedAnswer,
      schema: {
        tags: [STORE],
        summary: 'Create an order (a cart), optionally with line items; its token is the guest’s key to it',
        body: createOrderBodySchema,
        response: { 201: orderJsonSchema, ...errors },
      },
    },
    async (request, reply) => {
      await assertShoppingAllowed(ctx, request)
      const { user } = await requesterOf(ctx, request)
      let order = await createOrder(ctx, user && { userId: user.id, email: user.email })
      if (request.body?.order?.email && !user) {
        order = await changeOrder(ctx, order.id, (trx, current) =>
          saveOrderAttributes(trx, current, { email: request.body!.order!.email }),
        )
      }
      for (const line of request.body?.order?.line_items ?? []) {
        order = await addToCart(ctx, order, line.variant_id, line.quantity)
      }
      return reply.status(201).send(await orderJson(ctx.db, order, true))
    },
  )

  app.get(
    '/api/v1/orders/current.json',
    {
      schema: {
        tags: [STORE],
        summary: 'The logged-in user’s open cart (204 when there is none)',
        security: [{ bearer: [] }],
        response: { 200: orderJsonSchema, 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const session = await requireSession(ctx, request)
      const cart = await currentCartOf(ctx, session.user.id)
      if (!cart) return reply.status(204).send(null)
      return orderJson(ctx.db, await openOrder(cart))
    },
  )

  app.get(
    '/api/v1/orders/:number',
    {
      schema: {
        tags: [STORE],
        summary:
          'Fetch an order with its order_token (or as its owner). An expired hold lists what went back to the shelves',
        params: z.object({ number: orderNumber }),
        querystring: tokenQuery,
        response: { 200: orderJsonSchema, ...errors },
      },
    },
    async (request) => orderJson(ctx.db, await loadOrder(request, request.params.number)),
  )

  app.put(
    '/api/v1/orders/:number',
    {
      schema: {
        tags: [STORE],
        summary: 'Update the order’s e-mail and addresses',
        params: z.object({ number: orderNumber }),
        querystring: tokenQuery,
        body: orderUpdateBodySchema,
        response: { 200: orderJsonSchema, ...errors },
      },
    },
    async (request) => {
      await assertShoppingAllowed(ctx, request)
      const order = await loadOrder(request, request.params.number)
      const updated = await changeOrder(ctx, order.id, (trx, current) =>
        saveOrderAttributes(trx, current, request.body.order),
      )
      return orderJson(ctx.db, updated)
    },
  )

  app.post(
    '/api/v1/orders/:number/line_items.json',
    {
      ...typedAnswer,
      schema: {
        tags: [STORE],
        summary:
          'Add a product (a simple product’s id or a variation’s id as variant_id); holds its stock for 1 hour',
        params: z.object({ number: orderNumber }),
        querystring: tokenQuery,
        body: lineItemBodySchema,
        response: { 201: lineItemJsonSchema, ...errors },
      },
    },
    async (request, reply) => {
      await assertShoppingAllowed(ctx, request)
      const { number } = request.params
      const { variant_id, quantity } = request.body.line_item
      const requester = await requesterOf(ctx, request)
      const updated = await addToOrderNumbered(ctx, requester, number, variant_id, quantity, async () =>
        openOrder(await findOrderFor(ctx.db, requester, number)),
      )
      const lines = (await lineItemsJson(ctx.db, [updated.id])).get(updated.id) ?? []
      return reply.status(201).send(lines.find((line) => line.variant_id === variant_id)!)
    },
  )

  app.put(
    '/api/v1/orders/:number/line_items/:lineItemId',
    {
      schema: {
        tags: [STORE],
        summary:
          'Set a line’s quantity (query line_item[quantity] as in spec 7, or a line_item body); raising it holds more stock or answers 422',
        params: z.object({ number: orderNumber, lineItemId }),
        querystring: tokenQuery.extend({
          'line_item[variant_id]': idParam().optional(),
          'line_item[quantity]': wholeNumber(z.number().int()).optional(),
        }),
        body: z.object({ line_item: lineItemInputSchema.partial() }).nullish(),
        response: { 200: lineItemJsonSchema, ...errors },
      },
    },
    async (request) => {
      await assertShoppingAllowed(ctx, request)
      const quantity = request.body?.line_item?.quantity ?? request.query['line_item[quantity]']
      if (quantity === undefined) throw badRequest('Send the new quantity as line_item[quantity].')
      const parsed = lineItemInputSchema.shape.quantity.safeParse(quantity)
      if (!parsed.success) throw badRequest(`Invalid line_item[quantity]: ${parsed.error.issues[0]!.message}`)
      const order = await loadOrder(request, request.params.number)
      const updated = await changeOrder(ctx, order.id, async (trx, current) => {
        assertNotComplete(current)
        const line = await lineOf(trx, current, request.params.lineItemId)
        await setLineQuantity(ctx, trx, current, line.variant_id, () => parsed.data)
        await rewindToCart(trx, current)
      })
      const lines = (await lineItemsJson(ctx.db, [updated.id])).get(updated.id) ?? []
      return lines.find((line) => line.id === request.params.lineItemId)!
    },
  )

  app.delete(
    '/api/v1/orders/:number/line_items/:lineItemId',
    {
      schema: {
        tags: [STORE],
        summary: 'Remove a line; its held stock goes back to the shelves at once',
        params: z.object({ number: orderNumber, lineItemId }),
        querystring: tokenQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await assertShoppingAllowed(ctx, request)
      const order = await loadOrder(request, request.params.number)
      await changeOrder(ctx, order.id, async (trx, current) => {
        assertNotComplete(current)
        const line = await lineOf(trx, current, request.params.lineItemId)
        await setLineQuantity(ctx, trx, current, line.variant_id, () => 0)
        await rewindToCart(trx, current)
      })
      return reply.status(204).send(null)
    },
  )

  app.put(
    '/api/v1/checkouts/:number',
    {
      schema: {
        tags: [STORE],
        summary:
          'Save checkout data: e-mail and addresses, the shipping rate (shipments_attributes), the payment method and card (payments_attributes, payment_source)',
        params: z.object({ number: orderNumber }),
        querystring: tokenQuery,
        body: checkoutUpdateBodySchema,
        response: { 200: orderJsonSchema, ...errors },
      },
    },
    async (request) => {
      await assertShoppingAllowed(ctx, request)
      const order = await loadOrder(request, request.params.number)
      const { order: attributes, payment_source } = request.body
      const updated = await changeOrder(ctx, order.id, async (trx, current) => {
        assertNotComplete(current)
        if (attributes) await saveOrderAttributes(trx, current, attributes)
        const rate = attributes?.shipments_attributes?.[0]
        if (rate) await saveShippingRate(trx, await reread(trx, current), rate.selected_shipping_rate_id)
        const payment = attributes?.payments_attributes?.[0]
        if (payment) {
          await savePaymentMethod(
            trx,
            await reread(trx, current),
            payment.payment_method_id,
            payment_source?.[String(payment.payment_method_id)],
            ctx.now(),
          )
        }
      })
      return orderJson(ctx.db, updated)
    },
  )

  app.put(
    '/api/v1/checkouts/:number/next.json',
    {
      schema: {
        tags: [STORE],
        summary:
          'Move the checkout one step (422 names what is missing). From confirm it places the order: send an Idempotency-Key so a retry never charges twice',
        params: z.object({ number: orderNumber }),
        querystring: tokenQuery,
        headers: idempotencyHeaders,
        response: { 200: orderJsonSchema, ...errors },
      },
    },
    async (request) => {
      await assertShoppingAllowed(ctx, request)
      const order = await loadOrder(request, request.params.number)
      const key = request.headers['idempotency-key'] ?? null
      const replayed = await replayPlacement(ctx, order, key)
      if (replayed) return orderJson(ctx.db, replayed)
      const updated =
        order.state === 'confirm'
          ? await placeOrder(ctx, order, key)
          : await changeOrder(ctx, order.id, (trx, current) => advance(ctx, trx, current))
      return orderJson(ctx.db, updated)
    },
  )

  app.put(
    '/api/v1/orders/:number/apply_coupon_code',
    {
      schema: {
        tags: [STORE],
        summary: 'Apply a coupon code (a percent off the full basket); a wrong code answers 422 saying so',
        params: z.object({ number: orderNumber }),
        querystring: tokenQuery,
        body: applyCouponBodySchema,
        response: { 200: orderJsonSchema, ...errors },
      },
    },
    async (request) => {
      await assertShoppingAllowed(ctx, request)
      const order = await loadOrder(request, request.params.number)
      return orderJson(ctx.db, await applyCoupon(ctx, order, request.body.coupon_code))
    },
  )

  app.delete(
    '/api/v1/orders/:number/coupon_codes/:code',
    {
      schema: {
        tags: [STORE],
        summary: 'Remove the coupon from the order',
        params: z.object({ number: orderNumber, code: text().min(1).max(50) }),
        querystring: tokenQuery,
        response: { 200: orderJsonSchema, ...errors },
      },
    },
    async (request) => {
      await assertShoppingAllowed(ctx, request)
      const order = await loadOrder(request, request.params.number)
      return orderJson(ctx.db, await removeCoupon(ctx, order, request.params.code))
    },
  )

  app.put(
    '/api/v1/orders/:number/associate.json',
    {
      schema: {
        tags: [STORE],
        summary:
          'On login: give this guest cart (order_token) to the logged-in user, merged into their open cart if they have one. Answers the cart to keep',
        security: [{ bearer: [] }],
        params: z.object({ number: orderNumber }),
        querystring: tokenQuery,
        response: { 200: orderJsonSchema, ...errors },
      },
    },
    async (request) => {
      const session = await requireSession(ctx, request)
      const { orderToken } = await requesterOf(ctx, request)
      if (!orderToken) throw unauthorized('Send the guest cart’s order_token.')
      const guest = await findOrderFor(ctx.db, { orderToken, user: null }, request.params.number)
      if (guest.user_id !== null && guest.user_id !== session.user.id)
        throw notFound(`Order ${guest.number} not found.`)
      if (guest.state === 'complete') throw unprocessable(`Order ${guest.number} is already complete.`)
      const kept = await associateCart(ctx, await openOrder(guest), session.user)
      return orderJson(ctx.db, kept)
    },
  )

  app.get(
    '/api/v1/countries',
    {
      schema: {
        tags: [STORE],
        summary: 'Every country with its ISO code (page through with page and per_page, up to 999)',
        querystring: z.object({
          page: pageParam,
          per_page: perPageParam(999, 25),
        }),
        response: {
          200: z.object({
            countries: z.array(countryJsonSchema),
            count: z.number(),
            current_page: z.number(),
            pages: z.number(),
            per_page: z.number(),
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { page, per_page } = request.query
      const [rows, total] = await Promise.all([
        ctx.db
          .selectFrom('countries')
          .selectAll()
          .orderBy('name')
          .limit(per_page)
          .offset((page - 1) * per_page)
          .execute(),
        ctx.db
          .selectFrom('countries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ])
      reply.header('cache-control', 'public, max-age=3600')
      return {
        countries: rows.map((row) => ({ ...row, states_required: row.states_required === 1 })),
        count: Number(total.n),
        current_page: page,
        pages: Math.max(1, Math.ceil(Number(total.n) / per_page)),
        per_page,
      }
    },
  )

  app.get(
    '/api/v1/states',
    {
      schema: {
        tags: [STORE],
        summary:
          'The states (provinces, regions) of a country; empty for a country whose addresses name none',
        querystring: z.object({ country_id: idParam() }),
        response: {
          200: z.object({ states: z.array(stateJsonSchema), states_required: z.boolean() }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const country = await ctx.db
        .selectFrom('countries')
        .select(['id', 'states_required'])
        .where('id', '=', request.query.country_id)
        .executeTakeFirst()
      if (!country) throw notFound(`Country ${request.query.country_id} not found.`)
      const states = await ctx.db
        .selectFrom('states')
        .select(['id', 'name', 'abbr', 'country_id'])
        .where('country_id', '=', country.id)
        .orderBy('name')
        .execute()
      reply.header('cache-control', 'public, max-age=3600')
      return { states, states_required: country.states_required === 1 }
    },
  )

  app.get(
    '/wp-json/wc/v3/shipping/zones',
    {
      schema: {
        tags: ['shipping'],
        summary: 'Shipping zones; zone 0 is "Locations not covered by your other zones"',
        response: { 200: z.array(z.object({ id: z.number(), name: z.string(), order: z.number() })) },
      },
    },
    async (_request, reply) => {
      const zones = await ctx.db
        .selectFrom('shipping_zones')
        .select(['id', 'name', 'zone_order'])
        .orderBy('zone_order')
        .orderBy('id')
        .execute()
      reply.header('cache-control', 'public, max-age=300')
      return zones.map((zone) => ({ id: zone.id, name: zone.name, order: zone.zone_order }))
    },
  )

  app.get(
    '/wp-json/wp/v2/order/list',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The logged-in user’s order history, newest first',
        security: [{ bearer: [] }],
        response: { 200: z.object({ data: z.array(orderSummaryJsonSchema) }), ...errors },
      },
    },
    async (request) => {
      const session = await requireSession(ctx, request)
      const orders = await ctx.db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', session.user.id)
        .where('state', '=', 'complete')
        .orderBy('completed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(200)
        .execute()
      return { data: await orderSummariesJson(ctx.db, orders) }
    },
  )
}
