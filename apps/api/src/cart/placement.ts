/**
 * Placing an order (confirm → complete), idempotently and exactly: a double submit or a retried
 * request makes one order and one charge, and the order completes only as it was when the charge
 * was authorised. Three steps, so no database lock is held while a gateway answers:
 *   1. claim: under the order's lock, unless the order's stored totals are no longer what its
 *      lines, coupon and shipping rate make (a coupon edited since: they are stored anew and the
 *      shopper is asked to review them, 422, nothing charged), the order's coupon use is counted
 *      (cart/coupons.ts), the checkout payment becomes 'processing' for this Idempotency-Key with
 *      the order's total and fingerprint, and the order is frozen (frozen_at): from then on every
 *      change to it answers 409 (orders.changeOrder) and its hold stays;
 *   2. charge through the payment method's gateway with a key derived from that payment;
 *   3. settle: under the order's lock, if the order is still exactly what
 *      was claimed, the holds become sales (held down, sold up) and the order completes (still frozen);
 *      a decline, or an order that no longer matches (whose charge is voided first), sends it back
 *      to `payment`, unfreezes it and gives its coupon use back.
 * An order whose units are no longer on hand when it settles (on hand lowered under its holds by
 * hand) has its charge voided the same way and fails with the out-of-stock message.
 * A request that finds its key already used answers what the first one did. A payment left
 * 'processing' by a crash is resolved once it is older than STALE_PROCESSING_MS, by the background
 * sweep (admin/cart/stale-settlement.ts) or by the next request that reads the order, whichever
 * comes first: the gateway is asked what became of the charge, which is then settled, or voided
 * when there was none.
 */
import { createHash, randomUUID } from 'node:crypto'
import { mailboxOf } from '@fanshop/core'
import { type Selectable, sql } from 'kysely'
import type { ShopContext } from '../context.ts'
import { unprocessable } from '../http/errors.ts'
import { assertWithinFanCapAtPlacement } from '../launch/fan-cap.ts'
import { countCouponUse, giveCouponUseBack } from './coupons.ts'
import { holdsBecomeSales, OUT_OF_STOCK, StockShortage } from './holds.ts'
import { afterOrderPlaced } from './order-placed.ts'
import { changeOrder, conflict, type Db, isFrozen, type OrderRow, totalsHold } from './orders.ts'
import type { ChargeResult, PaymentGateway } from './payments/gateway.ts'
import { gatewayFor } from './payments/gateways.ts'
import { lockOrderRow } from './row-locks.ts'
import type { PaymentsTable } from './tables.ts'

type PaymentRow = Selectable<PaymentsTable>

/** After this long a 'processing' payment or refund is taken to be abandoned by a crashed request. */
export const STALE_PROCESSING_MS = 2 * 60 * 1000

/** A 'processing' record last written before this instant is abandoned (STALE_PROCESSING_MS). */
export const staleBefore = (ctx: ShopContext) => ctx.now() - STALE_PROCESSING_MS

const BEING_PLACED = 'This order is being placed: check it again in a moment.'
export const CHANGED_REASON =
  'This order changed while it was being paid, so the payment was cancelled: review the order and place it again.'
export const TOTAL_CHANGED =
  'The total of this order has changed since it was shown, so nothing was charged: review the order and place it again.'
export const INTERRUPTED_REASON =
  'The payment was interrupted and nothing was charged: place the order again.'

/** How a failed payment is answered: a cancelled one is a conflict, anything else is 422. */
const failure = (reason: string | null) =>
  reason === CHANGED_REASON ? conflict(reason) : unprocessable(reason ?? 'The payment failed.')

/**
 * What an earlier request with this Idempotency-Key ended with: the completed order (null: nothing
 * to replay), or a thrown 422 with the decline reason, or 409 while it is still being processed.
 */
export async function replayPlacement(
  ctx: ShopContext,
  order: OrderRow,
  key: string | null,
): Promise<OrderRow | null> {
  if (order.state === 'complete') return order
  if (!key) return null
  const earlier = await ctx.db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', order.id)
    .where('idempotency_key', '=', key)
    .executeTakeFirst()
  if (!earlier) return null
  if (earlier.state === 'failed') throw failure(earlier.failure_reason)
  if (earlier.state === 'processing') throw conflict(BEING_PLACED)
  return order
}

export async function placeOrder(ctx: ShopContext, order: OrderRow, key: string | null): Promise<OrderRow> {
  return completePlacement(ctx, await claimPayment(ctx, order, key ?? randomUUID()))
}

/** Steps 2 and 3 for a claimed payment; answers the completed order, or 422/409 saying why not. */
export async function completePlacement(
  ctx: ShopContext,
  claimed: { order: OrderRow; payment: PaymentRow | null },
): Promise<OrderRow> {
  if (!claimed.payment) return claimed.order
  const result = await chargePayment(ctx, claimed.order, claimed.payment)
  const settled = await settlePayment(ctx, claimed.order, claimed.payment, result)
  if (settled.order.state !== 'complete') {
    throw settled.payment.state === 'failed'
      ? failure(settled.payment.failure_reason)
      : conflict(BEING_PLACED)
  }
  if (settled.decided) await afterOrderPlaced(ctx, settled.order)
  return settled.order
}

/**
 * The orders whose payment a crashed or timed-out request left 'processing' longer than
 * STALE_PROCESSING_MS, oldest payment first: what the background settling reads
 * (admin/cart/stale-settlement.ts), through the partial index of processing payments. The state
 * is written into the SQL, not bound, so that a plan made without the values (PostgreSQL's generic
 * plan of a prepared statement, db/named-statements.ts) can still prove the index's condition.
 */
export const stalePayments = (ctx: ShopContext) =>
  ctx.db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .selectAll('orders')
    .where('payments.state', '=', sql.lit('processing'))
    .where('payments.updated_at', '<', staleBefore(ctx))
    .orderBy('payments.updated_at')

/**
 * Resolves a payment that a crashed request left 'processing' (older than STALE_PROCESSING_MS):
 * the gateway says whether it charged; that answer is settled, or without a charge the key is
 * voided (so a late charge with it is refused) and the order goes back to `payment`. One request
 * or sweep takes the payment over at a time (a conditional write on its updated_at), and the
 * gateway is asked with the payment's own key (gatewayKey), so several instances may try at once;
 * when the gateway cannot be reached the order stays as it is.
 * Returns the order as it is afterwards.
 */
export async function resolveStalePayment(ctx: ShopContext, order: OrderRow): Promise<OrderRow> {
  if (!isFrozen(order)) return order
  const payment = await ctx.db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', order.id)
    .where('state', '=', 'processing')
    .executeTakeFirst()
  if (!payment || payment.updated_at >= staleBefore(ctx)) return order
  const taken = await ctx.db
    .updateTable('payments')
    .set({ updated_at: ctx.now() })
    .where('id', '=', payment.id)
    .where('state', '=', 'processing')
    .where('updated_at', '=', payment.updated_at)
    .executeTakeFirst()
  if (Number(taken.numUpdatedRows) === 0) return order
  const gateway = await gatewayOf(ctx, payment)
  const key = gatewayKey(order, payment)
  let found: ChargeResult | null
  try {
    found = await gateway.lookup(key)
    if (!found) await gateway.void(key)
  } catch (error) {
    // The gateway did not answer: the order stays frozen and a later request or sweep asks again.
    ctx.log.warn({ err: error, order: order.number }, 'could not resolve an abandoned payment')
    return order
  }
  const settled = await settlePayment(
    ctx,
    order,
    payment,
    found ?? { outcome: 'voided', reason: INTERRUPTED_REASON },
  )
  if (settled.decided && settled.order.state === 'complete') await afterOrderPlaced(ctx, settled.order)
  return settled.order
}

/**
 * Step 1: the checkout payment becomes 'processing' under this key with the order's total and
 * fingerprint, and the order is frozen, in one transaction (no payment: the order is complete).
 */
export async function claimPayment(
  ctx: ShopContext,
  order: OrderRow,
  key: string,
): Promise<{ order: OrderRow; payment: PaymentRow | null }> {
  const claim: { payment: PaymentRow | null; stale: boolean } = { payment: null, stale: false }
  const after = await changeOrder(ctx, order.id, async (trx, current) => {
    if (current.state === 'complete') return
    if (current.state !== 'confirm') {
      throw unprocessable(
        current.item_count === 0
          ? 'Your bag was empty or its hold expired: add the products again.'
          : 'Review the order first: the checkout is not at the confirm step.',
      )
    }
    const payment = await trx
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', current.id)
      .where('state', '=', 'checkout')
      .executeTakeFirst()
    if (!payment) throw unprocessable('Choose a payment method.')
    // Totals stale since the shopper saw them are stored anew by this change, and nothing is claimed.
    if (!(await totalsHold(trx, current.id))) {
      claim.stale = true
      return
    }
    await assertWithinFanCapAtPlacement(trx, ctx.database.dialect, current)
    const now = ctx.now()
    await countCouponUse(trx, current, now)
    claim.payment = await trx
      .updateTable('payments')
      .set({
        state: 'processing',
        amount: current.total,
        idempotency_key: key,
        order_fingerprint: await fingerprintOf(trx, current),
        updated_at: now,
      })
      .where('id', '=', payment.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    // Placed, the order counts for its mailbox: the per-fan cap and a coupon's per-customer limit
    // find a later checkout's earlier orders by it.
    await trx
      .updateTable('orders')
      .set({ frozen_at: now, fan_mailbox: current.email ? mailboxOf(current.email) : null })
      .where('id', '=', current.id)
      .execute()
  })
  if (claim.stale) throw unprocessable(TOTAL_CHANGED)
  return { order: after, payment: claim.payment }
}

/** Step 2: the gateway charges the claimed amount once for this payment's key. */
export async function chargePayment(
  ctx: ShopContext,
  order: OrderRow,
  payment: PaymentRow,
): Promise<ChargeResult> {
  return (await gatewayOf(ctx, payment)).charge({
    amount: payment.amount,
    currency: 'EUR',
    token: payment.gateway_token,
    idempotencyKey: gatewayKey(order, payment),
  })
}

/** What settling decides: the gateway's answer, or a cancelled charge with the reason why. */
type Decision = ChargeResult | { outcome: 'voided'; reason: string }

/**
 * Step 3: records the decision for a payment still 'processing' (`decided`: this call did; false
 * when another request had already decided). A charge for an order that is no longer exactly what
 * was claimed is voided through the gateway before the payment fails, so a crash in between leaves
 * it 'processing' for the resolver rather than charged without an order.
 */
async function settlePayment(
  ctx: ShopContext,
  order: OrderRow,
  payment: PaymentRow,
  decision: Decision,
): Promise<{ order: OrderRow; payment: PaymentRow; decided: boolean }> {
  const settling = ctx.db.transaction().execute(async (trx) => {
    await lockOrderRow(trx, ctx.database.dialect, order.id)
    const current = await trx
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow()
    if (current.state !== 'processing') return 'already decided'
    const now = ctx.now()
    if (decision.outcome === 'declined' || decision.outcome === 'voided') {
      await trx
        .updateTable('payments')
        .set({ state: 'failed', failure_reason: decision.reason, updated_at: now })
        .where('id', '=', current.id)
        .execute()
      await trx
        .updateTable('orders')
        .set({ state: 'payment', payment_state: 'failed', frozen_at: null, updated_at: now })
        .where('id', '=', order.id)
        .execute()
      await giveCouponUseBack(trx, order)
      if (decision.outcome === 'voided') await offerPaymentAgain(trx, current, now)
      return 'decided'
    }
    const locked = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow()
    const unchanged =
      locked.state === 'confirm' &&
      locked.frozen_at !== null &&
      locked.total === current.amount &&
      (await fingerprintOf(trx, locked)) === current.order_fingerprint
    if (!unchanged) return 'changed'
    await trx
      .updateTable('payments')
      .set({ state: decision.outcome === 'paid' ? 'completed' : 'pending', updated_at: now })
      .where('id', '=', current.id)
      .execute()
    await trx
      .updateTable('orders')
      .set({
        state: 'complete',
        completed_at: now,
        updated_at: now,
        hold_expires_at: null,
        payment_state: decision.outcome === 'paid' ? 'paid' : 'balance_due',
        shipment_state: decision.outcome === 'paid' ? 'ready' : 'pending',
      })
      .where('id', '=', order.id)
      .execute()
    // Last, so the products' rows stay locked only for these statements and the commit.
    await holdsBecomeSales(trx, order.id)
    return 'decided'
  })
  const outcome = await settling.catch((error: unknown) => {
    if (error instanceof StockShortage) return 'short' as const
    throw error
  })
  if (outcome === 'changed' || outcome === 'short') {
    await (await gatewayOf(ctx, payment)).void(gatewayKey(order, payment))
    const reason = outcome === 'changed' ? CHANGED_REASON : OUT_OF_STOCK
    return settlePayment(ctx, order, payment, { outcome: 'voided', reason })
  }
  const [after, afterPayment] = await Promise.all([
    ctx.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow(),
    ctx.db.selectFrom('payments').selectAll().where('id', '=', payment.id).executeTakeFirstOrThrow(),
  ])
  return { order: after, payment: afterPayment, decided: outcome === 'decided' }
}

/** After a cancelled payment the same method and card stand ready, so the shopper just places again. */
async function offerPaymentAgain(trx: Db, failed: PaymentRow, now: number): Promise<void> {
  const { id: _id, ...rest } = failed
  await trx
    .insertInto('payments')
    .values({
      ...rest,
      state: 'checkout',
      idempotency_key: null,
      failure_reason: null,
      order_fingerprint: null,
      created_at: now,
      updated_at: now,
    })
    .execute()
}

/** The gateway's idempotency key for a payment: one per claimed payment, stable across retries. */
export const gatewayKey = (order: Pick<OrderRow, 'number'>, payment: Pick<PaymentRow, 'id'>) =>
  `${order.number}-P${payment.id}`

export async function gatewayOf(ctx: ShopContext, payment: PaymentRow): Promise<PaymentGateway> {
  const method = await ctx.db
    .selectFrom('payment_methods')
    .select('method_type')
    .where('id', '=', payment.payment_method_id)
    .executeTakeFirstOrThrow()
  return gatewayFor(method.method_type, ctx.db)
}

/** Everything the charge was computed from: lines, coupon, shipping, addresses, e-mail, totals. */
async function fingerprintOf(db: Db, order: OrderRow): Promise<string> {
  const lines = await db
    .selectFrom('line_items')
    .select(['variant_id', 'quantity', 'price'])
    .where('order_id', '=', order.id)
    .orderBy('variant_id')
    .execute()
  const authorised = {
    lines: lines.map((line) => [line.variant_id, line.quantity, line.price]),
    coupon: order.coupon_id,
    shipping: order.shipping_method_id,
    ship: order.ship_address,
    bill: order.bill_address,
    email: order.email,
    totals: [order.item_count, order.item_total, order.adjustment_total, order.ship_total, order.total],
  }
  return createHash('sha256').update(JSON.stringify(authorised)).digest('hex')
}
