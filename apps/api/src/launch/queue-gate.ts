/**
 * The waiting room's check point next to the launch gate: from the launch instant on, with the
 * queue on, every cart write and the order's placement need a valid admission pass (x-queue-pass)
 * or an access grant whose code skips the queue (which goes past it as its own ticket's pass, with
 * no expiry but the grant's). A pass opens one cart and works for that cart only (the one it
 * created, or the fan's own cart from before the launch that it first wrote to), so a pass handed
 * on cannot open carts for others; it stops working when it expires. A fan whose
 * cart was emptied (removing the last line resets it, spec 4) opens its new cart with the same
 * pass. The cart it opened stays admitted without it while the hold of its first add lives, so a
 * slow checkout still places (docs/decisions/0011); that cart's own credentials are checked after
 * this gate, as always.
 */
import { ACCESS_GRANT_HEADER, isCartAdmitted, QUEUE_PASS_HEADER } from '@fanshop/core'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { findOrderFor, requesterOf } from '../cart/orders.ts'
import type { ShopContext } from '../context.ts'
import { HttpError } from '../http/errors.ts'
import { accessGrantPastQueue } from './grant.ts'
import { queueInForce } from './queue-settings.ts'
import { bindCart, claimCart, releaseCart, reopenCart } from './queue-store.ts'
import { queuePassTicketId } from './queue-tokens.ts'

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name]
  return typeof value === 'string' && value.length > 0 ? value : null
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The ticket whose one cart this request is opening, if it is; set by assertQueuePass. */
    queueCartClaim: number | null
    /**
     * True when assertQueuePass let this write to a cart through for the cart's standing in the
     * waiting room (admitted, or bound to the pass): the write checks, under the cart's lock, that
     * the cart still has it (refuseIfQueueStandingLost).
     */
    queueCartStanding: boolean
  }
}

/** The order's admission and the ticket whose pass it is bound to (one indexed read by number). */
const queueStateOf = (ctx: ShopContext, number: string) =>
  ctx.db
    .selectFrom('orders')
    .select(['queue_ticket_id', 'queue_admitted_at'])
    .where('number', '=', number)
    .executeTakeFirst()

const passMissing = () => new HttpError(403, 'Join the waiting room: your pass is missing or has expired.')
const otherCartOpened = () => new HttpError(403, 'This pass has already opened another cart.')

/**
 * Refuses a write assertQueuePass let through for the cart's standing when the cart has lost it
 * since: a new cart of the same pass, opened while the write waited, took the pass's one cart from
 * this emptied one (reopenCart). Without it an add to the emptied cart, let through a moment
 * before, held units in a cart the pass no longer has. Called under the cart's lock.
 */
export function refuseIfQueueStandingLost(
  requested: boolean,
  order: { queue_ticket_id: number | null; queue_admitted_at: number | null },
) {
  if (requested && order.queue_ticket_id === null && order.queue_admitted_at === null) throw otherCartOpened()
}

export async function assertQueuePass(ctx: ShopContext, request: FastifyRequest) {
  const { settings } = await queueInForce(ctx)
  if (!settings || ctx.now() < settings.launchAt) return
  const grant = header(request, ACCESS_GRANT_HEADER)
  const pastQueue = grant ? await accessGrantPastQueue(ctx, grant) : null
  if (pastQueue && pastQueue.ticketId === null) return
  const pass = header(request, QUEUE_PASS_HEADER)
  const ticketId = pastQueue?.ticketId ?? (pass && (await queuePassTicketId(ctx, pass)))
  const number = (request.params as { number?: string } | undefined)?.number
  if (number) {
    const cart = await queueStateOf(ctx, number)
    request.queueCartStanding = true
    if (cart && isCartAdmitted(cart.queue_admitted_at, ctx.now())) return
    if (!ticketId) throw passMissing()
    // An unknown number, or the pass's own cart: the order's credentials decide next, as always.
    if (!cart || cart.queue_ticket_id === ticketId) return
    // Bound only for a requester who may write to the cart, so no one binds a stranger's cart.
    const order = await findOrderFor(ctx.db, await requesterOf(ctx, request), number)
    if (!(await bindCart(ctx, ticketId, order.id))) throw otherCartOpened()
    return
  }
  if (!ticketId) throw passMissing()
  if (!(await claimCart(ctx, ticketId)) && !(await reopenCart(ctx, ticketId))) {
    throw new HttpError(403, 'This pass has already opened a cart.')
  }
  request.queueCartClaim = ticketId
}

/**
 * Gives the claim of a cart that was not opened (a 4xx or 5xx answer) back before the answer
 * leaves, so the fan's next try with the same pass finds it free. An onSend hook of the cart routes.
 */
export async function releaseUnusedCartClaim(ctx: ShopContext, request: FastifyRequest, reply: FastifyReply) {
  if (request.queueCartClaim !== null && reply.statusCode >= 400)
    await releaseCart(ctx, request.queueCartClaim)
}
