/**
 * The store API's checkout (spec 7): save the checkout's data (addresses, shipping rate, payment
 * method and card) and move it a step, which from confirm places the order. Both are cart writes
 * behind the launch gate, on the order the `pathOrder` hook found.
 */
import { cartEndpoints } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import { route } from '../../http/route.ts'
import { advance, saveOrderAttributes, savePaymentMethod, saveShippingRate } from '../checkout.ts'
import { orderJson } from '../order-json.ts'
import { assertNotComplete, changeOrder, reread } from '../orders.ts'
import { placeOrder, replayPlacement } from '../placement.ts'
import { cartGuards } from './guards.ts'

export default async function checkoutRoutes(app: FastifyInstance) {
  const ctx = app.shop
  const { shoppingGate, pathOrder } = cartGuards(ctx)

  route(
    app,
    cartEndpoints.updateCheckout,
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
      return orderJson(ctx, updated)
    },
    { preHandler: [shoppingGate, pathOrder] },
  )

  route(
    app,
    cartEndpoints.nextCheckoutStep,
    async (request) => {
      const order = request.cartOrder!
      const key = request.headers['idempotency-key'] ?? null
      const replayed = await replayPlacement(ctx, order, key)
      if (replayed) return orderJson(ctx, replayed)
      const updated =
        order.state === 'confirm'
          ? await placeOrder(ctx, order, key)
          : await changeOrder(ctx, order.id, (trx, current) => advance(ctx, trx, current))
      return orderJson(ctx, updated)
    },
    { preHandler: [shoppingGate, pathOrder] },
  )
}
