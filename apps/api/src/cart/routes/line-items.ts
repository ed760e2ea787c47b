/**
 * The store API's line items (spec 7): add a product to an order (the hot path: one-statement find
 * and lock, compiled queries, a typed answer), set a line's quantity, remove a line. Every one is a
 * cart write behind the launch gate.
 */
import {
  idParam,
  lineItemBodySchema,
  lineItemInputSchema,
  lineItemJsonSchema,
  wholeNumber,
} from '@fanshop/core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { badRequest } from '../../http/errors.ts'
import { addToOrderNumbered, lineOf, rewindToCart } from '../carts.ts'
import { setLineQuantity } from '../holds.ts'
import { lineItemsJson } from '../order-json.ts'
import { assertNotComplete, changeOrder, findOrderFor } from '../orders.ts'
import { cartGuards, openOrder } from './guards.ts'
import { errors, lineItemId, orderNumber, STORE, tokenQuery, typedAnswer } from './schemas.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** A line's new quantity, checked by the `newQuantity` hook before the order is looked up. */
    lineQuantity: number | null
  }
}

const quantityQuery = tokenQuery.extend({
  'line_item[variant_id]': idParam().optional(),
  'line_item[quantity]': wholeNumber(z.number().int()).optional(),
})
const quantityBody = z.object({ line_item: lineItemInputSchema.partial() }).nullish()

/** The new quantity from the body or Spree's query parameter: 400 when missing or out of range. */
async function newQuantity(request: FastifyRequest) {
  const body = request.body as z.infer<typeof quantityBody>
  const query = request.query as z.infer<typeof quantityQuery>
  const quantity = body?.line_item?.quantity ?? query['line_item[quantity]']
  if (quantity === undefined) throw badRequest('Send the new quantity as line_item[quantity].')
  const parsed = lineItemInputSchema.shape.quantity.safeParse(quantity)
  if (!parsed.success) throw badRequest(`Invalid line_item[quantity]: ${parsed.error.issues[0]!.message}`)
  request.lineQuantity = parsed.data
}

export default async function lineItemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ctx = app.shop
  const { shoppingGate, requester, pathOrder } = cartGuards(ctx)
  app.decorateRequest('lineQuantity', null)

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
      preHandler: [shoppingGate, requester],
    },
    async (request, reply) => {
      const { number } = request.params
      const { variant_id, quantity } = request.body.line_item
      const asker = request.cartRequester!
      const line = await addToOrderNumbered(ctx, asker, number, variant_id, quantity, async () =>
        openOrder(ctx, await findOrderFor(ctx.db, asker, number)),
      )
      return reply.status(201).send(line)
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
        querystring: quantityQuery,
        body: quantityBody,
        response: { 200: lineItemJsonSchema, ...errors },
      },
      preHandler: [shoppingGate, newQuantity, pathOrder],
    },
    async (request) => {
      const quantity = request.lineQuantity!
      const updated = await changeOrder(ctx, request.cartOrder!.id, async (trx, current) => {
        assertNotComplete(current)
        const line = await lineOf(trx, current, request.params.lineItemId)
        await setLineQuantity(ctx, trx, current, line.variant_id, () => quantity)
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
      preHandler: [shoppingGate, pathOrder],
    },
    async (request, reply) => {
      await changeOrder(ctx, request.cartOrder!.id, async (trx, current) => {
        assertNotComplete(current)
        const line = await lineOf(trx, current, request.params.lineItemId)
        await setLineQuantity(ctx, trx, current, line.variant_id, () => 0)
        await rewindToCart(trx, current)
      })
      return reply.status(204).send(null)
    },
  )
}
