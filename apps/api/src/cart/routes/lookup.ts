/**
 * POST /api/v1/orders/lookup: a guest's way back to a placed order from any device (issue 9). The
 * order number and the e-mail it was placed with answer the order's token, which opens it like
 * the browser that placed it. Guessing is counted before it is checked, per client and per order
 * number, so neither a number nor an address can be worked out by trying.
 */
import { ORDER_NOT_FOUND_MESSAGE, orderLookupAnswerSchema, orderLookupSchema } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound } from '../../http/errors.ts'
import { beginAttempt, type RateLimitRule, rateLimiter } from '../../http/rate-limit.ts'

const HOUR_MS = 60 * 60 * 1000
/** Lookups from one client in an hour. */
export const LOOKUPS_PER_CLIENT: RateLimitRule = { limit: 10, windowMs: HOUR_MS, lockMs: HOUR_MS }
/** Lookups of one order number in an hour, from anywhere. */
export const LOOKUPS_PER_ORDER: RateLimitRule = { limit: 5, windowMs: HOUR_MS, lockMs: HOUR_MS }

const errorSchema = z.object({ message: z.string(), statusCode: z.number() })

export default async function orderLookupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ctx = app.shop
  const limiter = rateLimiter(ctx)

  app.post(
    '/api/v1/orders/lookup',
    {
      schema: {
        tags: ['store'],
        summary:
          'Find a placed order by its number and e-mail address; answers its token (404 when they do not match, 429 after too many tries)',
        body: orderLookupSchema,
        response: { 200: orderLookupAnswerSchema, 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { number, email } = request.body
      const attempt = await beginAttempt(
        limiter,
        reply,
        [
          [`order-lookup-ip:${request.ip}`, LOOKUPS_PER_CLIENT],
          [`order-lookup:${number}`, LOOKUPS_PER_ORDER],
        ],
        (wait) => `Too many tries to find an order. Please try again in ${wait}.`,
      )
      const order = await ctx.db
        .selectFrom('orders')
        .select(['number', 'token', 'email'])
        .where('number', '=', number)
        .where('state', 'in', ['payment', 'confirm', 'complete'])
        .executeTakeFirst()
      if (!order || order.email?.toLowerCase() !== email.toLowerCase()) {
        await attempt.failed()
        throw notFound(ORDER_NOT_FOUND_MESSAGE)
      }
      await attempt.succeeded()
      return { number: order.number, token: order.token }
    },
  )
}
