/**
 * The store API's orders (spec 7, Spree v1 shapes): create a cart, fetch and update it, its coupon,
 * the logged-in user's open cart, giving a guest cart to a user on login, and the account's order
 * history. Writes pass the launch gate; an order in the path is found by the `pathOrder` hook.
 */
import { cappedAtLoginMessage, cartEndpoints } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import { requireSession } from '../../accounts/sessions.ts'
import { notFound, unauthorized, unprocessable } from '../../http/errors.ts'
import { readRoute, route } from '../../http/route.ts'
import { typedAnswer } from '../../http/typed-answer.ts'
import { associateCart, currentCartOf, fillNewCart } from '../carts.ts'
import { saveOrderAttributes } from '../checkout.ts'
import { applyCoupon, removeCoupon } from '../coupons.ts'
import { orderJson, orderSummariesJson } from '../order-json.ts'
import { changeOrder, completedOrdersOf, createOrder, findOrderFor, requesterOf } from '../orders.ts'
import { newCartJsonOnSqlite } from '../sqlite-hot-path.ts'
import { cartGuards, openOrder, orderOfPath } from './guards.ts'

export default async function orderRoutes(app: FastifyInstance) {
  const ctx = app.shop
  const { shoppingGate, pathOrder } = cartGuards(ctx)

  route(
    app,
    cartEndpoints.createOrder,
    async (request, reply) => {
      await shoppingGate(request)
      const { user } = await requesterOf(ctx, request)
      const created = await createOrder(
        ctx,
        user && { userId: user.id, email: user.email },
        request.queueCartClaim,
      )
      const lineItems = request.body?.order?.line_items ?? []
      const email = user ? undefined : request.body?.order?.email
      const { sqlite } = ctx.database
      const plain = sqlite && !email && lineItems.length === 0
      const json = plain && newCartJsonOnSqlite(sqlite, created)
      if (json) return reply.status(201).send(json)
      const order =
        email || lineItems.length > 0 ? await fillNewCart(ctx, created, lineItems, email) : created
      return reply.status(201).send(await orderJson(ctx.db, order, true))
    },
    typedAnswer,
  )

  route(app, cartEndpoints.currentOrder, async (request, reply) => {
    const session = await requireSession(ctx, request)
    const cart = await currentCartOf(ctx, session.user.id)
    if (!cart) return reply.status(204).send(null)
    return orderJson(ctx.db, await openOrder(ctx, cart))
  })

  // Read by the storefront for every page of a visitor with a cart: in-process in one process.
  readRoute(app, cartEndpoints.order, async (request) => orderJson(ctx.db, await orderOfPath(ctx, request)))

  route(
    app,
    cartEndpoints.updateOrder,
    async (request) => {
      const updated = await changeOrder(ctx, request.cartOrder!.id, (trx, current) =>
        saveOrderAttributes(trx, current, request.body.order),
      )
      return orderJson(ctx.db, updated)
    },
    { preHandler: [shoppingGate, pathOrder] },
  )

  route(
    app,
    cartEndpoints.applyCoupon,
    async (request) =>
      orderJson(ctx.db, await applyCoupon(ctx, request.cartOrder!, request.body.coupon_code)),
    { preHandler: [shoppingGate, pathOrder] },
  )

  route(
    app,
    cartEndpoints.removeCoupon,
    async (request) => orderJson(ctx.db, await removeCoupon(ctx, request.cartOrder!, request.params.code)),
    { preHandler: [shoppingGate, pathOrder] },
  )

  route(app, cartEndpoints.associateOrder, async (request) => {
    const session = await requireSession(ctx, request)
    const { orderToken } = await requesterOf(ctx, request)
    if (!orderToken) throw unauthorized('Send the guest cart’s order_token.')
    const guest = await findOrderFor(ctx.db, { orderToken, user: null }, request.params.number)
    if (guest.user_id !== null && guest.user_id !== session.user.id)
      throw notFound(`Order ${guest.number} not found.`)
    if (guest.state === 'complete') throw unprocessable(`Order ${guest.number} is already complete.`)
    const { order: kept, capped } = await associateCart(ctx, await openOrder(ctx, guest), session.user)
    const json = await orderJson(ctx.db, kept)
    if (capped.length === 0) return json
    const items = capped.map((line) => ({
      variant_id: line.variantId,
      name: line.name,
      quantity: line.excess,
    }))
    return { ...json, capped_items: items, message: cappedAtLoginMessage(items) }
  })

  readRoute(app, cartEndpoints.orderHistory, async (request) => {
    const session = await requireSession(ctx, request)
    const orders = await completedOrdersOf(ctx.db, session.user.id)
    return { data: await orderSummariesJson(ctx.db, orders) }
  })
}
