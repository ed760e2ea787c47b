/**
 * The store API's line items (spec 7): add a product to an order (the hot path: one-statement find
 * and lock, compiled queries, a typed answer), set a line's quantity, remove a line. Every one is a
 * cart write behind the launch gate.
 */
import { cartEndpoints, type LineItemJson, lineItemInputSchema } from '@fanshop/core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { badRequest } from '../../http/errors.ts'
import { route } from '../../http/route.ts'
import { typedAnswer } from '../../http/typed-answer.ts'
import { addToOrderNumbered, lineOf, rewindToCart } from '../carts.ts'
import { setLineQuantity } from '../holds.ts'
import { lineItemsJson } from '../order-json.ts'
import { assertNotComplete, changeOrder, findOrderFor, requesterOf } from '../orders.ts'
import { cartGuards, openOrder } from './guards.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** A line's new quantity, checked by the `newQuantity` hook before the order is looked up. */
    lineQuantity: number | null
  }
}

const { body: quantityBody, query: quantityQuery } = cartEndpoints.setLineQuantity

/** The new quantity from the body or Spree's query parameter: 400 when missing or out of range. */
async function newQuantity(request: FastifyRequest) {
  const body = request.body as z.output<typeof quantityBody>
  const query = request.query as z.output<typeof quantityQuery>
  const quantity = body?.line_item?.quantity ?? query['line_item[quantity]']
  if (quantity === undefined) throw badRequest('Send the new quantity as line_item[quantity].')
  const parsed = lineItemInputSchema.shape.quantity.safeParse(quantity)
  if (!parsed.success) throw badRequest(`Invalid line_item[quantity]: ${parsed.error.issues[0]!.message}`)
  request.lineQuantity = parsed.data
}

export default async function lineItemRoutes(app: FastifyInstance) {
  const ctx = app.shop
  const { shoppingGate, pathOrder } = cartGuards(ctx)
  app.decorateRequest('lineQuantity', null)

  route(
    app,
    cartEndpoints.addLineItem,
    async (request, reply) => {
      await shoppingGate(request)
      const { number } = request.params
      const { variant_id, quantity } = request.body.line_item
      const asker = await requesterOf(ctx, request)
      const line = await addToOrderNumbered(
        ctx,
        asker,
        { number, variantId: variant_id, quantity, queueStanding: request.queueCartStanding },
        async () => openOrder(ctx, await findOrderFor(ctx.db, asker, number)),
      )
      return reply.status(201).send(line)
    },
    // Its answer is one line, under the compression threshold (1 KiB): no compression hooks.
    { ...typedAnswer, compress: false },
  )

  route(
    app,
    cartEndpoints.setLineQuantity,
    async (request) => {
      const quantity = request.lineQuantity!
      const { lineItemId } = request.params
      let answer: LineItemJson | undefined
      await changeOrder(ctx, request.cartOrder!.id, async (trx, current) => {
        assertNotComplete(current)
        const line = await lineOf(trx, current, lineItemId)
        await setLineQuantity(ctx, trx, current, line.variant_id, () => quantity)
        await rewindToCart(trx, current)
        // Read in the change's own transaction: the line as this change left it, which a removal
        // committed after it cannot take out of the answer.
        answer = (await lineItemsJson(trx, [current.id], ctx.config.MAX_PER_ORDER))
          .get(current.id)
          ?.find((l) => l.id === lineItemId)
      })
      return answer!
    },
    { preHandler: [shoppingGate, newQuantity, pathOrder] },
  )

  route(
    app,
    cartEndpoints.removeLineItem,
    async (request, reply) => {
      await changeOrder(ctx, request.cartOrder!.id, async (trx, current) => {
        assertNotComplete(current)
        const line = await lineOf(trx, current, request.params.lineItemId)
        await setLineQuantity(ctx, trx, current, line.variant_id, () => 0)
        await rewindToCart(trx, current)
      })
      return reply.status(204).send(null)
    },
    { preHandler: [shoppingGate, pathOrder] },
  )
}
