/**
 * The checks the cart's routes share, as preHandler hooks attached to exactly the routes they
 * guard: the launch gate (every cart write) and the order's credentials (its order_token or its
 * owner). What a hook loads is handed to the handler on the request, so nothing is read twice.
 * The create and the add call the launch gate and find out who asks (orders.requesterOf) in their
 * handlers: a hook cost each of drop day's two calls a pass through Fastify's hook runner (issue 13).
 */
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify'
import type { HeadersOf } from '../../accounts/sessions.ts'
import type { ShopContext } from '../../context.ts'
import { assertShoppingAllowed } from '../../launch/gate.ts'
import { assertQueuePass, releaseUnusedCartClaim } from '../../launch/queue-gate.ts'
import { findOrderFor, type OrderRow, requesterOf, settleOrder } from '../orders.ts'
import { resolveStalePayment } from '../placement.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The order of the path, opened; set by the `pathOrder` hook. */
    cartOrder: OrderRow | null
  }
}

/** Declares the request fields the hooks fill; called once by the cart plugin, around its routes. */
export function decorateCartRequests(app: FastifyInstance): void {
  app.decorateRequest('cartOrder', null)
  app.decorateRequest('queueCartClaim', null)
  app.decorateRequest('queueCartStanding', false)
  // Only a route without an order in its path can claim a cart (assertQueuePass: the create
  // behind the waiting room), so only those routes get the hook that gives an unused claim back;
  // the add and every other order's route do not pass it (issue 13's seventh pass).
  app.addHook('onRoute', (route) => {
    if (route.url.includes(':number')) return
    const onSend = route.onSend === undefined ? [] : [route.onSend].flat()
    route.onSend = [...onSend, releaseClaim]
  })
}

/** A callback hook: only a request that claimed a cart waits for anything here. */
const releaseClaim: onSendHookHandler = function (request, reply, payload, done) {
  if (request.queueCartClaim === null) return done(null, payload)
  releaseUnusedCartClaim(this.shop, request, reply).then(() => done(null, payload), done)
}

/** An order as a request may see it: a payment abandoned by a crash resolved, an expired hold settled. */
export const openOrder = async (ctx: ShopContext, order: OrderRow) =>
  settleOrder(ctx, await resolveStalePayment(ctx, order))

/** A request that names an order: its number in the path, its credentials in the query or headers. */
type OrderRequest = HeadersOf & { params: { number: string }; query?: unknown }

/** The order of the path's number for its token or its owner (401/404 otherwise), opened. */
export async function orderOfPath(ctx: ShopContext, request: OrderRequest): Promise<OrderRow> {
  const requester = await requesterOf(ctx, request)
  return openOrder(ctx, await findOrderFor(ctx.db, requester, request.params.number))
}

export function cartGuards(ctx: ShopContext) {
  return {
    /** The launch gate, then the drop's waiting room: 403 while shopping is not open to this visitor. */
    shoppingGate: async (request: FastifyRequest) => {
      await assertShoppingAllowed(ctx, request)
      await assertQueuePass(ctx, request)
    },
    /** The order of the path's number for its token or its owner (401/404 otherwise), opened. */
    pathOrder: async (request: FastifyRequest) => {
      request.cartOrder = await orderOfPath(ctx, request as OrderRequest)
    },
  }
}
