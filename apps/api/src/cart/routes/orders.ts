/**
 * The store API's orders (spec 7, Spree v1 shapes): create a cart, fetch and update it, its coupon,
 * the logged-in user's open cart, giving a guest cart to a user on login, and the account's order
 * history. Writes pass the launch gate; an order in the path is found by the `pathOrder` hook.
 * Coupon codes cannot be guessed by trying: each one is counted before it is checked, per cart and
 * per client, and only a wrong code stays counted.
 */
import { cappedAtLoginMessage, cartEndpoints } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import { requireSession } from '../../accounts/sessions.ts'
import { clientKey } from '../../http/client-key.ts'
import { unauthorized } from '../../http/errors.ts'
import { beginAttempt, type RateLimitRule, type RefusalMessage, rateLimiter } from '../../http/rate-limit.ts'
import { readRoute, route } from '../../http/route.ts'
import { typedAnswer } from '../../http/typed-answer.ts'
import { associateCart, currentCartOf, fillNewCart, refuseToAssociate } from '../carts.ts'
import { saveOrderAttributes } from '../checkout.ts'
import { applyCoupon, removeCoupon, WrongCouponCode } from '../coupons.ts'
import { orderJson, orderSummariesJson } from '../order-json.ts'
import { changeOrder, completedOrdersOf, createOrder, findOrderFor, requesterOf } from '../orders.ts'
import { newCartJsonOnSqlite } from '../sqlite-hot-path.ts'
import { cartGuards, openOrder, orderOfPath } from './guards.ts'

const MINUTE = 60_000
/** Wrong coupon codes on one cart: the 10th within 15 minutes locks its codes for 15 minutes. */
export const WRONG_COUPONS_PER_CART: RateLimitRule = { limit: 10, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE }
/**
 * Wrong coupon codes from one client address, whatever the carts (a script opens carts at will):
 * the 100th within an hour locks it for an hour, generous so that a carrier's NAT full of fans
 * is not locked out by a few of them.
 */
export const WRONG_COUPONS_PER_CLIENT: RateLimitRule = {
  limit: 100,
  windowMs: 60 * MINUTE,
  lockMs: 60 * MINUTE,
}
export const tooManyWrongCoupons: RefusalMessage = (wait) =>
  `Too many wrong coupon codes. Please try again in ${wait}.`

export default async function orderRoutes(app: FastifyInstance) {
  const ctx = app.shop
  const { shoppingGate, pathOrder } = cartGuards(ctx)
  const limiter = rateLimiter(ctx)

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
      return reply.status(201).send(await orderJson(ctx, order, true))
    },
    typedAnswer,
  )

  route(app, cartEndpoints.currentOrder, async (request, reply) => {
    const session = await requireSession(ctx, request)
    const cart = await currentCartOf(ctx, session.user.id)
    if (!cart) return reply.status(204).send(null)
    return orderJson(ctx, await openOrder(ctx, cart))
  })

  // Read by the storefront for every page of a visitor with a cart: in-process in one process.
  readRoute(app, cartEndpoints.order, async (request) => orderJson(ctx, await orderOfPath(ctx, request)))

  route(
    app,
    cartEndpoints.updateOrder,
    async (request) => {
      const updated = await changeOrder(ctx, request.cartOrder!.id, (trx, current) =>
        saveOrderAttributes(trx, current, request.body.order),
      )
      return orderJson(ctx, updated)
    },
    { preHandler: [shoppingGate, pathOrder] },
  )

  route(
    app,
    cartEndpoints.applyCoupon,
    async (request, reply) => {
      const order = request.cartOrder!
      // Counted before the code is checked, so a burst of parallel guesses gets no more than the
      // limit; past it the code is neither checked nor applied, a right one included.
      const attempt = await beginAttempt(
        limiter,
        reply,
        [
          [`coupon-cart:${order.id}`, WRONG_COUPONS_PER_CART],
          [`coupon-ip:${clientKey(request.ip)}`, WRONG_COUPONS_PER_CLIENT],
        ],
        tooManyWrongCoupons,
      )
      let applied: Awaited<ReturnType<typeof applyCoupon>>
      try {
        applied = await applyCoupon(ctx, order, request.body.coupon_code)
      } catch (error) {
        // Only a wrong code stays counted: a refusal that never judged the code gives its count back.
        if (error instanceof WrongCouponCode) await attempt.failed()
        else await attempt.succeeded()
        throw error
      }
      await attempt.succeeded()
      return orderJson(ctx, applied)
    },
    { preHandler: [shoppingGate, pathOrder] },
  )

  route(
    app,
    cartEndpoints.removeCoupon,
    async (request) => orderJson(ctx, await removeCoupon(ctx, request.cartOrder!, request.params.code)),
    { preHandler: [shoppingGate, pathOrder] },
  )

  route(app, cartEndpoints.associateOrder, async (request) => {
    const session = await requireSession(ctx, request)
    const { orderToken } = await requesterOf(ctx, request)
    if (!orderToken) throw unauthorized('Send the guest cart’s order_token.')
    const guest = await findOrderFor(ctx.db, { orderToken, user: null }, request.params.number)
    refuseToAssociate(guest, session.user.id)
    const json = await orderJson(ctx, await associateCart(ctx, await openOrder(ctx, guest), session.user))
    return json.capped_items.length === 0
      ? json
      : { ...json, message: cappedAtLoginMessage(json.capped_items) }
  })

  readRoute(app, cartEndpoints.orderHistory, async (request) => {
    const session = await requireSession(ctx, request)
    const orders = await completedOrdersOf(ctx.db, session.user.id)
    return { data: await orderSummariesJson(ctx, orders) }
  })
}
