/**
 * Refunds and cancellations of placed orders, through the payment gateway interface, idempotently
 * and never beyond what was paid. Like placement (cart/placement.ts), three steps so that no lock
 * is held while the gateway answers:
 *   1. claim, under the order's lock: the client's key is new for this order, the units asked for
 *      are still unrefunded, and the amount (core's refundValue, from the totals the order was
 *      placed with, never the coupon as it is now) fits in what is left of the paid total less
 *      refunds in flight; the refund is written 'processing' and its units counted;
 *   2. the gateway refunds that amount of the order's charge, once per refund;
 *   3. settle, under the order's lock: a refund the gateway made completes (refunded total and
 *      payment state, units back on the shelf when asked, timeline and audit entry); a refused one
 *      fails and its units count as unrefunded again.
 * Asking again with a key already used answers what the first request did and refunds nothing.
 * A refund left 'processing' (the gateway did not answer, or the request died before settling:
 * the money may have gone back) is never taken as refused: once it is older than
 * STALE_PROCESSING_MS, the background sweep (stale-settlement.ts), or a refund or cancellation of
 * the order if it comes first, asks the gateway again with the refund's own key, which never
 * refunds twice, and settles its answer. Reading the order never asks the gateway.
 * Cancelling (not after shipping) returns every unit to the shelf and refunds what is left.
 */
import { cancelRefusal, formatEuro, type RefundOrderInput, refundRefusal, refundValue } from '@fanshop/core'
import { type Selectable, sql, type Transaction } from 'kysely'
import { giveCouponUseBack } from '../../cart/coupons.ts'
import { addOrderEvent } from '../../cart/order-events.ts'
import { conflict, type OrderRow } from '../../cart/orders.ts'
import type { RefundResult } from '../../cart/payments/gateway.ts'
import { gatewayKey, gatewayOf, staleBefore } from '../../cart/placement.ts'
import { lockOrderRow } from '../../cart/row-locks.ts'
import type { OrderRefundsTable } from '../../cart/tables.ts'
import { returnSoldUnits } from '../../catalog/stock.ts'
import type { ShopContext } from '../../context.ts'
import type { Database } from '../../db/schema.ts'
import { unprocessable } from '../../http/errors.ts'
import { type Actor, recordAudit } from '../audit.ts'
import { lockPlaced, paidTotalOf, placedOrder, standingOf } from './order-view.ts'

type RefundRow = Selectable<OrderRefundsTable>
type Trx = Transaction<Database>

/** What one refund covers, as kept in order_refunds.lines. */
interface RefundScope {
  lines: { lineItemId: number; quantity: number }[]
  shipping: boolean
}

const IN_FLIGHT =
  'An earlier refund with this key is still being processed: check the order again in a moment.'

const scopeOf = (refund: RefundRow): RefundScope => JSON.parse(refund.lines) as RefundScope

/** Step 1 inside the caller's transaction: the refund row, or null when there is nothing to refund. */
async function claimRefund(
  ctx: ShopContext,
  trx: Trx,
  order: OrderRow,
  request: { key: string; scope: RefundScope; restock: boolean },
  actor: Actor,
): Promise<RefundRow> {
  const standing = await standingOf(trx, order)
  const refusal = refundRefusal(standing)
  if (refusal) throw conflict(refusal)
  const [lines, earlier] = await Promise.all([
    trx
      .selectFrom('line_items')
      .innerJoin('products', 'products.id', 'line_items.variant_id')
      .selectAll('line_items')
      .select('products.name')
      .where('line_items.order_id', '=', order.id)
      .execute(),
    trx
      .selectFrom('order_refunds')
      .selectAll()
      .where('order_id', '=', order.id)
      .where('state', '<>', 'failed')
      .execute(),
  ])
  const chosen = request.scope.lines.map((asked) => {
    const line = lines.find((candidate) => candidate.id === asked.lineItemId)
    if (!line) throw unprocessable(`Line ${asked.lineItemId} is not a line of order ${order.number}.`)
    const left = line.quantity - line.refunded_quantity
    if (asked.quantity > left) {
      throw unprocessable(
        `Only ${left} of ${line.name} can still be refunded: the order has ${line.quantity}, ${line.refunded_quantity} refunded.`,
      )
    }
    return { line, quantity: asked.quantity }
  })
  if (request.scope.shipping && earlier.some((refund) => scopeOf(refund).shipping)) {
    throw unprocessable('The shipping of this order has already been refunded.')
  }
  const inFlight = earlier
    .filter((refund) => refund.state === 'processing')
    .reduce((sum, refund) => sum + refund.amount, 0)
  const amount = refundValue({
    lines: chosen.map(({ line, quantity }) => ({ unitPrice: line.price, quantity })),
    placed: { itemTotal: order.item_total, discount: -order.adjustment_total },
    refundedItems: lines.reduce((sum, line) => sum + line.price * line.refunded_quantity, 0),
    shipping: request.scope.shipping ? order.ship_total : 0,
    leftToRefund: standing.paidTotal - standing.refundedTotal - inFlight,
  })
  if (amount <= 0) throw conflict('Nothing is left to refund on this order.')
  for (const { line, quantity } of chosen) {
    await trx
      .updateTable('line_items')
      .set((eb) => ({ refunded_quantity: eb('refunded_quantity', '+', quantity) }))
      .where('id', '=', line.id)
      .execute()
  }
  const now = ctx.now()
  return trx
    .insertInto('order_refunds')
    .values({
      order_id: order.id,
      idempotency_key: request.key,
      amount,
      state: 'processing',
      lines: JSON.stringify(request.scope),
      restock: request.restock ? 1 : 0,
      failure_reason: null,
      staff_id: actor.id,
      staff_email: actor.email,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * Steps 2 and 3 for a claimed refund; answers it as settled, or still 'processing' when the gateway
 * did not answer (it may have refunded: it is asked again later, resolveStaleRefund).
 */
async function completeRefund(
  ctx: ShopContext,
  order: OrderRow,
  refund: RefundRow,
  actor: Actor,
): Promise<RefundRow> {
  const payment = await ctx.db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', order.id)
    .where('state', '=', 'completed')
    .orderBy('id')
    .executeTakeFirst()
  let result: RefundResult
  if (!payment) result = { outcome: 'refused', reason: 'This order has no completed payment to refund.' }
  else {
    try {
      const gateway = await gatewayOf(ctx, payment)
      result = await gateway.refund(
        `${order.number}-F${refund.id}`,
        refund.amount,
        gatewayKey(order, payment),
      )
    } catch (error) {
      ctx.log.error({ err: error, order: order.number }, 'the payment gateway did not answer a refund')
      return refund
    }
  }
  return settleRefund(ctx, order, refund, result, actor)
}

/** Refunds left 'processing' longer than STALE_PROCESSING_MS (every order's), oldest first; the state written in, as stalePayments's. */
export const staleRefunds = (ctx: ShopContext) =>
  ctx.db
    .selectFrom('order_refunds')
    .selectAll()
    .where('state', '=', sql.lit('processing'))
    .where('updated_at', '<', staleBefore(ctx))
    .orderBy('updated_at')
    .orderBy('id')

/**
 * Finishes a refund of `order` found by staleRefunds, in the name of the staff member who asked
 * for it. One request or sweep takes it over at a time (a conditional write on its updated_at),
 * and the gateway is asked with the refund's own key, so several instances may try at once.
 */
export async function resolveStaleRefund(
  ctx: ShopContext,
  order: OrderRow,
  refund: RefundRow,
): Promise<void> {
  const now = ctx.now()
  const taken = await ctx.db
    .updateTable('order_refunds')
    .set({ updated_at: now })
    .where('id', '=', refund.id)
    .where('state', '=', 'processing')
    .where('updated_at', '=', refund.updated_at)
    .executeTakeFirst()
  if (Number(taken.numUpdatedRows) === 0) return
  const asker = { id: refund.staff_id, email: refund.staff_email }
  await completeRefund(ctx, order, { ...refund, updated_at: now }, asker)
}

/**
 * Finishes the order's stale refunds before a refund or a cancellation claims what is left: a
 * refund still 'processing' counts as in flight against the paid total and its units as refunded,
 * so one the gateway in fact refused would otherwise make the new refund too small or refuse it,
 * and a cancellation would refund less than is left.
 */
async function resolveStaleRefunds(ctx: ShopContext, number: string): Promise<void> {
  const order = await placedOrder(ctx.db, number)
  const stale = await staleRefunds(ctx).where('order_id', '=', order.id).execute()
  for (const refund of stale) await resolveStaleRefund(ctx, order, refund)
}

async function settleRefund(
  ctx: ShopContext,
  order: OrderRow,
  refund: RefundRow,
  result: RefundResult,
  actor: Actor,
): Promise<RefundRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockOrderRow(trx, ctx.database.dialect, order.id)
    const current = await trx
      .selectFrom('order_refunds')
      .selectAll()
      .where('id', '=', refund.id)
      .executeTakeFirstOrThrow()
    if (current.state !== 'processing') return current
    const now = ctx.now()
    const scope = scopeOf(current)
    const lines = await trx
      .selectFrom('line_items')
      .innerJoin('products', 'products.id', 'line_items.variant_id')
      .select(['line_items.id', 'line_items.variant_id', 'products.name'])
      .where('line_items.order_id', '=', order.id)
      .execute()
    const what = [
      ...scope.lines.map(
        (asked) =>
          `${asked.quantity} × ${lines.find((line) => line.id === asked.lineItemId)?.name ?? 'line'}`,
      ),
      ...(scope.shipping ? ['shipping'] : []),
    ].join(', ')
    if (result.outcome === 'refused') {
      for (const asked of scope.lines) {
        await trx
          .updateTable('line_items')
          .set((eb) => ({ refunded_quantity: eb('refunded_quantity', '-', asked.quantity) }))
          .where('id', '=', asked.lineItemId)
          .execute()
      }
      const failed = await trx
        .updateTable('order_refunds')
        .set({ state: 'failed', failure_reason: result.reason, updated_at: now })
        .where('id', '=', current.id)
        .returningAll()
        .executeTakeFirstOrThrow()
      await addOrderEvent(trx, {
        orderId: order.id,
        at: now,
        kind: 'refund_failed',
        text: `Refund of ${formatEuro(current.amount)} (${what}) refused: ${result.reason}`,
        actor,
      })
      await recordAudit(trx, actor, now, {
        action: 'order.refund',
        entity: 'order',
        entityId: order.number,
        after: { amount: current.amount, ...scope, state: 'failed', reason: result.reason },
      })
      return failed
    }
    const refundedTotal = locked.refunded_total + current.amount
    const paid = await paidTotalOf(trx, order.id)
    const paymentState = refundedTotal >= paid ? 'refunded' : 'partially_refunded'
    await trx
      .updateTable('orders')
      .set({ refunded_total: refundedTotal, payment_state: paymentState, updated_at: now })
      .where('id', '=', order.id)
      .execute()
    if (current.restock === 1) await restock(trx, order.id, scope.lines)
    const completed = await trx
      .updateTable('order_refunds')
      .set({ state: 'completed', updated_at: now })
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await addOrderEvent(trx, {
      orderId: order.id,
      at: now,
      kind: 'refunded',
      text: `Refunded ${formatEuro(current.amount)}: ${what}${current.restock === 1 && scope.lines.length ? ', back in stock' : ''}`,
      actor,
    })
    await recordAudit(trx, actor, now, {
      action: 'order.refund',
      entity: 'order',
      entityId: order.number,
      before: { refundedTotal: locked.refunded_total, paymentState: locked.payment_state },
      after: {
        refundedTotal,
        paymentState,
        amount: current.amount,
        ...scope,
        restock: current.restock === 1,
      },
    })
    return completed
  })
}

/** Units go back to the shelf through the catalogue's stock, each unit of a line at most once. */
async function restock(trx: Trx, orderId: number, units: { lineItemId: number; quantity: number }[]) {
  const lines = await trx.selectFrom('line_items').selectAll().where('order_id', '=', orderId).execute()
  const back: { lineItemId: number; variantId: number; quantity: number }[] = []
  for (const unit of units) {
    const line = lines.find((candidate) => candidate.id === unit.lineItemId)
    if (!line) continue
    const quantity = Math.min(unit.quantity, line.quantity - line.restocked_quantity)
    if (quantity > 0) back.push({ lineItemId: line.id, variantId: line.variant_id, quantity })
  }
  for (const unit of back) {
    await trx
      .updateTable('line_items')
      .set((eb) => ({ restocked_quantity: eb('restocked_quantity', '+', unit.quantity) }))
      .where('id', '=', unit.lineItemId)
      .execute()
  }
  // Last, so the products' rows stay locked only for these statements and the commit.
  await returnSoldUnits(trx, back)
}

/** A refund asked for again with a key already used: what the first request ended with. */
function replay(refund: RefundRow): void {
  if (refund.state === 'processing') throw conflict(IN_FLIGHT)
  if (refund.state === 'failed') throw unprocessable(refund.failure_reason ?? 'The refund failed.')
}

export async function refundOrder(
  ctx: ShopContext,
  number: string,
  input: Required<Pick<RefundOrderInput, 'key'>> & {
    lines: { lineItemId: number; quantity: number }[]
    shipping: boolean
    restock: boolean
  },
  actor: Actor,
): Promise<void> {
  await resolveStaleRefunds(ctx, number)
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockPlaced(ctx, trx, number)
    const earlier = await trx
      .selectFrom('order_refunds')
      .selectAll()
      .where('order_id', '=', order.id)
      .where('idempotency_key', '=', input.key)
      .executeTakeFirst()
    if (earlier) return { order, refund: earlier, again: true }
    const refund = await claimRefund(
      ctx,
      trx,
      order,
      { key: input.key, scope: { lines: input.lines, shipping: input.shipping }, restock: input.restock },
      actor,
    )
    return { order, refund, again: false }
  })
  const settled = claimed.again
    ? claimed.refund
    : await completeRefund(ctx, claimed.order, claimed.refund, actor)
  replay(settled)
}

/**
 * Cancels an order not yet shipped: every unit goes back to the shelf, its coupon use is given
 * back, the order stops waiting for fulfilment, and what is left of the payment is refunded (a
 * refund the gateway refuses is on the timeline, to be tried again from the order page).
 */
export async function cancelOrder(
  ctx: ShopContext,
  number: string,
  input: { reason?: string | undefined },
  actor: Actor,
): Promise<void> {
  await resolveStaleRefunds(ctx, number)
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockPlaced(ctx, trx, number)
    const standing = await standingOf(trx, order)
    const refusal = cancelRefusal(standing)
    if (refusal) throw conflict(refusal)
    const now = ctx.now()
    const nothingPaid = standing.paidTotal === 0
    await trx
      .updateTable('orders')
      .set({
        canceled_at: now,
        shipment_state: 'canceled',
        ...(nothingPaid ? { payment_state: 'void' as const } : {}),
        updated_at: now,
      })
      .where('id', '=', order.id)
      .execute()
    await giveCouponUseBack(trx, order)
    const lines = await trx.selectFrom('line_items').selectAll().where('order_id', '=', order.id).execute()
    await restock(
      trx,
      order.id,
      lines.map((line) => ({ lineItemId: line.id, quantity: line.quantity })),
    )
    await addOrderEvent(trx, {
      orderId: order.id,
      at: now,
      kind: 'canceled',
      text: `Cancelled${input.reason ? `: ${input.reason}` : ''}; every unit is back in stock`,
      actor,
    })
    await recordAudit(trx, actor, now, {
      action: 'order.cancel',
      entity: 'order',
      entityId: number,
      before: { state: 'placed', shipmentState: order.shipment_state, paymentState: order.payment_state },
      after: {
        state: 'canceled',
        shipmentState: 'canceled',
        paymentState: nothingPaid ? 'void' : order.payment_state,
        reason: input.reason ?? null,
      },
    })
    if (refundRefusal(standing)) return null
    const after = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow()
    const shippingRefunded = await trx
      .selectFrom('order_refunds')
      .select('lines')
      .where('order_id', '=', order.id)
      .where('state', '<>', 'failed')
      .execute()
    const scope: RefundScope = {
      lines: lines
        .filter((line) => line.quantity > line.refunded_quantity)
        .map((line) => ({ lineItemId: line.id, quantity: line.quantity - line.refunded_quantity })),
      shipping:
        order.ship_total > 0 &&
        !shippingRefunded.some((row) => (JSON.parse(row.lines) as RefundScope).shipping),
    }
    if (scope.lines.length === 0 && !scope.shipping) return null
    const refund = await claimRefund(
      ctx,
      trx,
      after,
      { key: `cancel-${order.number}`, scope, restock: false },
      actor,
    )
    return { order: after, refund }
  })
  if (claimed) await completeRefund(ctx, claimed.order, claimed.refund, actor)
}
