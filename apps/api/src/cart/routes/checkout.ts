/**
 * The store API's checkout (spec 7): save the checkout's data (addresses, shipping rate, payment
 * method and card) and move it a step, which from confirm places the order. Both are cart writes
 * behind the launch gate, on the order the `pathOrder` hook found.
 */
import { checkoutUpdateBodySchema, orderJsonSchema } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { advance, saveOrderAttributes, savePaymentMethod, saveShippingRate } from '../checkout.ts'
import { orderJson } from '../order-json.ts'
import { assertNotComplete, changeOrder, reread } from '../orders.ts'
import { placeOrder, replayPlacement } from '../placement.ts'
import { cartGuards } from './guards.ts'
import { errors, idempotencyHeaders, orderNumber, STORE, tokenQuery } from './schemas.ts'

export default async function checkoutRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ctx = app.shop
  const { shoppingGate, pathOrder } = cartGuards(ctx)

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
      preHandler: [shoppingGate, pathOrder],
    },
    async (request) => {
      const { order: attributes, payment_source } = request.body
      const updated = await changeOrder(ctx, request.cartOrder!.id, async (trx, current) => {
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
      preHandler: [shoppingGate, pathOrder],
    },
    async (request) => {
      const order = request.cartOrder!
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
}
