/**
 * The checks the cart's routes share, as preHandler hooks attached to exactly the routes they
 * guard: the launch gate (every cart write) and the order's credentials (its order_token or its
 * owner). What a hook loads is handed to the handler on the request, so nothing is read twice.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ShopContext } from '../../context.ts'
import { assertShoppingAllowed } from '../../launch/gate.ts'
import { assertQueuePass, releaseUnusedCartClaim } from '../../launch/queue-gate.ts'
import { findOrderFor, type OrderRow, type Requester, requesterOf, settleOrder } from '../orders.ts'
import { resolveStalePayment } from '../placement.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Who asks (order token, logged-in user); set by the `requester` and `pathOrder` hooks. */
    cartRequester: Requester | null
    /** The order of the path, opened; set by the `pathOrder` hook. */
    cartOrder: OrderRow | null
  }
}

/** Declares the request fields the hooks fill; called once by the cart plugin, around its routes. */
export function decorateCartRequests(app: FastifyInstance): void {
  app.decorateRequest('cartRequester', null)
  app.decorateRequest('cartOrder', null)
  app.decorateRequest('queueCartClaim', null)
  // A callback hook: only a request that claimed a cart (the create behind the waiting room)
  // waits for anything here, and every add passes it (issue 13's fifth pass).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.queueCartClaim === null) return done(null, payload)
    releaseUnusedCartClaim(app.shop, request, reply).then(() => done(null, payload), done)
  })
}

/** An order as a request may see it: a payment abandoned by a crash resolved, an expired hold settled. */
export const openOrder = async (ctx: ShopContext, order: OrderRow) =>
  settleOrder(ctx, await resolveStalePayment(ctx, order))

export function cartGuards(ctx: ShopContext) {
  return {
    /** The launch gate, then the drop's waiting room: 403 while shopping is not open to this visitor. */
    shoppingGate: async (request: FastifyRequest) => {
      await assertShoppingAllowed(ctx, request)
      await assertQueuePass(ctx, request)
    },
    /** Who asks, for a handler that finds the order itself (the add's one-statement find and lock). */
    requester: async (request: FastifyRequest) => {
      request.cartRequester = await requesterOf(ctx, request)
    },
    /** The order of the path's number for its token or its owner (401/404 otherwise), opened. */
    pathOrder: async (request: FastifyRequest) => {
      const requester = await requesterOf(ctx, request)
      request.cartRequester = requester
      const { number } = request.params as { number: string }
      request.cartOrder = await openOrder(ctx, await findOrderFor(ctx.db, requester, number))
    },
  }
}
