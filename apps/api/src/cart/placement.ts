/**
 * Placing an order (confirm → complete), idempotently: a double submit or a retried request makes
 * one order and one charge. Three steps, so no database lock is held while a gateway answers:
 *   1. under the order's lock, claim the checkout payment for this Idempotency-Key ('processing');
 *   2. charge through the payment method's gateway with a key derived from that payment;
 *   3. under the locks of the order and its products, turn the holds into sales (stock_sold) and
 *      complete the order in one transaction, or record the decline and go back to `payment`.
 * A request that finds its key already used answers what the first one did; one that finds another
 * payment still processing answers 409. A payment left 'processing' by a crash is retried with the
 * same gateway key after a while, so the gateway itself refuses to charge it twice.
 */
import { randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import type { ShopContext } from '../context.ts'
import { HttpError, unprocessable } from '../http/errors.ts'
import { sendOrderConfirmation } from './confirmation-mail.ts'
import { changeOrder, type OrderRow } from './orders.ts'
import type { ChargeResult } from './payments/gateway.ts'
import { gatewayFor } from './payments/gateways.ts'
import { lockOrderRow, lockProductRows } from './row-locks.ts'
import type { PaymentsTable } from './tables.ts'

type PaymentRow = Selectable<PaymentsTable>

/** After this long a 'processing' payment is taken to be abandoned by a crashed request. */
export const STALE_PROCESSING_MS = 2 * 60 * 1000

export const conflict = (message: string) => new HttpError(409, message)

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
  if (earlier.state === 'failed') throw unprocessable(earlier.failure_reason ?? 'The payment failed.')
  if (earlier.state === 'processing')
    throw conflict('This order is being placed: check it again in a moment.')
  return order
}

export async function placeOrder(ctx: ShopContext, order: OrderRow, key: string | null): Promise<OrderRow> {
  const claimed = await claimPayment(ctx, order, key ?? randomUUID())
  if (!claimed.payment) return claimed.order
  const method = await ctx.db
    .selectFrom('payment_methods')
    .select('method_type')
    .where('id', '=', claimed.payment.payment_method_id)
    .executeTakeFirstOrThrow()
  const result = await gatewayFor(method.method_type).charge({
    amount: claimed.payment.amount,
    currency: 'EUR',
    token: claimed.payment.gateway_token,
    idempotencyKey: `${claimed.order.number}-P${claimed.payment.id}`,
  })
  const placed = await settlePayment(ctx, claimed.order.id, claimed.payment.id, result)
  if (result.outcome === 'declined') throw unprocessable(result.reason)
  await sendOrderConfirmation(ctx, placed)
  return placed
}

/** Step 1: the checkout payment becomes 'processing' under this key (no payment: the order is complete). */
async function claimPayment(
  ctx: ShopContext,
  order: OrderRow,
  key: string,
): Promise<{ order: OrderRow; payment: PaymentRow | null }> {
  const claim: { payment: PaymentRow | null } = { payment: null }
  const after = await changeOrder(ctx, order.id, async (trx, current) => {
    if (current.state === 'complete') return
    if (current.state !== 'confirm') {
      throw unprocessable(
        current.item_count === 0
          ? 'Your bag was empty or its hold expired: add the products again.'
          : 'Review the order first: the checkout is not at the confirm step.',
      )
    }
    const now = ctx.now()
    const processing = await trx
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', current.id)
      .where('state', '=', 'processing')
      .executeTakeFirst()
    if (processing && now - processing.updated_at < STALE_PROCESSING_MS) {
      throw conflict('This order is being placed: check it again in a moment.')
    }
    const payment =
      processing ??
      (await trx
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', current.id)
        .where('state', '=', 'checkout')
        .executeTakeFirst())
    if (!payment) throw unprocessable('Choose a payment method.')
    claim.payment = await trx
      .updateTable('payments')
      .set({
        state: 'processing',
        amount: current.total,
        idempotency_key: processing ? processing.idempotency_key : key,
        updated_at: now,
      })
      .where('id', '=', payment.id)
      .returningAll()
      .executeTakeFirstOrThrow()
  })
  return { order: after, payment: claim.payment }
}

/** Step 3: record the gateway's answer; on success the holds become sales in the same transaction. */
async function settlePayment(
  ctx: ShopContext,
  orderId: number,
  paymentId: number,
  result: ChargeResult,
): Promise<OrderRow> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockOrderRow(trx, ctx.database.dialect, orderId)
    const now = ctx.now()
    if (result.outcome === 'declined') {
      await trx
        .updateTable('payments')
        .set({ state: 'failed', failure_reason: result.reason, updated_at: now })
        .where('id', '=', paymentId)
        .execute()
      await trx
        .updateTable('orders')
        .set({ state: 'payment', payment_state: 'failed', updated_at: now })
        .where('id', '=', orderId)
        .execute()
    } else {
      const lines = await trx
        .selectFrom('line_items')
        .select(['variant_id', 'quantity'])
        .where('order_id', '=', orderId)
        .execute()
      await lockProductRows(
        trx,
        ctx.database.dialect,
        lines.map((line) => line.variant_id),
      )
      for (const line of lines) {
        await trx
          .updateTable('products')
          .set((eb) => ({ stock_sold: eb('stock_sold', '+', line.quantity) }))
          .where('id', '=', line.variant_id)
          .execute()
      }
      await trx
        .updateTable('payments')
        .set({ state: result.outcome === 'paid' ? 'completed' : 'pending', updated_at: now })
        .where('id', '=', paymentId)
        .execute()
      await trx
        .updateTable('orders')
        .set({
          state: 'complete',
          completed_at: now,
          updated_at: now,
          hold_expires_at: null,
          payment_state: result.outcome === 'paid' ? 'paid' : 'balance_due',
          shipment_state: result.outcome === 'paid' ? 'ready' : 'pending',
        })
        .where('id', '=', orderId)
        .execute()
    }
    return trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow()
  })
}
