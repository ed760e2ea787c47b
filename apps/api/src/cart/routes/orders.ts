/**
 * The store API's orders (spec 7, Spree v1 shapes): create a cart, fetch and update it, its coupon,
 * the logged-in user's open cart, giving a guest cart to a user on login, and the account's order
 * history. Writes pass the launch gate; an order in the path is found by the `pathOrder` hook.
 */
import {
  applyCouponBodySchema,
  createOrderBodySchema,
  orderJsonSchema,
  orderSummaryJsonSchema,
  orderUpdateBodySchema,
  text,
} from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireSession } from '../../accounts/sessions.ts'
import { notFound, unauthorized, unprocessable } from '../../http/errors.ts'
import { addToCart, associateCart, currentCartOf } from '../carts.ts'
import { saveOrderAttributes } from '../checkout.ts'
import { applyCoupon, removeCoupon } from '../coupons.ts'
import { orderJson, orderSummariesJson } from '../order-json.ts'
import { changeOrder, completedOrdersOf, createOrder, findOrderFor, requesterOf } from '../orders.ts'
import { cartGuards, openOrder } from './guards.ts'
import { errors, orderNumber, STORE, tokenQuery, typedAnswer } from './schemas.ts'

export default async function orderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ctx = app.shop
  const { shoppingGate, requester, pathOrder } = cartGuards(ctx)

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
      preHandler: [shoppingGate, requester],
    },
    async (request, reply) => {
      const { user } = request.cartRequester!
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
      return orderJson(ctx.db, await openOrder(ctx, cart))
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
      preHandler: pathOrder,
    },
    async (request) => orderJson(ctx.db, request.cartOrder!),
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
      preHandler: [shoppingGate, pathOrder],
    },
    async (request) => {
      const updated = await changeOrder(ctx, request.cartOrder!.id, (trx, current) =>
        saveOrderAttributes(trx, current, request.body.order),
      )
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
      preHandler: [shoppingGate, pathOrder],
    },
    async (request) =>
      orderJson(ctx.db, await applyCoupon(ctx, request.cartOrder!, request.body.coupon_code)),
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
      preHandler: [shoppingGate, pathOrder],
    },
    async (request) => orderJson(ctx.db, await removeCoupon(ctx, request.cartOrder!, request.params.code)),
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
      const kept = await associateCart(ctx, await openOrder(ctx, guest), session.user)
      return orderJson(ctx.db, kept)
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
      const orders = await completedOrdersOf(ctx.db, session.user.id)
      return { data: await orderSummariesJson(ctx.db, orders) }
    },
  )
}
