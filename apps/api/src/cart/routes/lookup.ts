/**
 * POST /api/v1/orders/lookup: a guest's way back to a placed order from any device (issue 9). The
 * order number and the e-mail it was placed with answer the order's token, which opens it like
 * the browser that placed it (an account's checkout not yet placed is found only by logging in).
 * Guessing is counted before it is checked, per client and per order number, so neither a number
 * nor an address can be worked out by trying.
 */
import { cartEndpoints, ORDER_NOT_FOUND_MESSAGE } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import { clientKey } from '../../http/client-key.ts'
import { notFound } from '../../http/errors.ts'
import { beginAttempt, type RateLimitRule, rateLimiter } from '../../http/rate-limit.ts'
import { route } from '../../http/route.ts'

const HOUR_MS = 60 * 60 * 1000
/** Lookups from one client in an hour. */
export const LOOKUPS_PER_CLIENT: RateLimitRule = { limit: 10, windowMs: HOUR_MS, lockMs: HOUR_MS }
/** Lookups of one order number in an hour, from anywhere. */
export const LOOKUPS_PER_ORDER: RateLimitRule = { limit: 5, windowMs: HOUR_MS, lockMs: HOUR_MS }

export default async function orderLookupRoutes(app: FastifyInstance) {
  const ctx = app.shop
  const limiter = rateLimiter(ctx)

  route(app, cartEndpoints.lookupOrder, async (request, reply) => {
    const { number, email } = request.body
    const attempt = await beginAttempt(
      limiter,
      reply,
      [
        [`order-lookup-ip:${clientKey(request.ip)}`, LOOKUPS_PER_CLIENT],
        [`order-lookup:${number}`, LOOKUPS_PER_ORDER],
      ],
      (wait) => `Too many tries to find an order. Please try again in ${wait}.`,
    )
    const order = await ctx.db
      .selectFrom('orders')
      .select(['number', 'token', 'email'])
      .where('number', '=', number)
      .where('state', 'in', ['payment', 'confirm', 'complete'])
      // An account's checkout opens with its owner's login or the token that login was answered:
      // its number and e-mail must not hand out its new token after the account's sessions ended.
      .where((eb) => eb.or([eb('user_id', 'is', null), eb('state', '=', 'complete')]))
      .executeTakeFirst()
    if (!order || order.email?.toLowerCase() !== email.toLowerCase()) {
      await attempt.failed()
      throw notFound(ORDER_NOT_FOUND_MESSAGE)
    }
    await attempt.succeeded()
    return { number: order.number, token: order.token }
  })
}
