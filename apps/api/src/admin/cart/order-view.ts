/**
 * A placed order as the back office shows it: lines with what was refunded and restocked, totals,
 * addresses as printed on a label, shipping, payments, refunds, and its timeline (placement and
 * payment read from the order and its payments, the rest from order_events).
 */
import {
  type AddressJson,
  type AdminOrder,
  type AdminOrderState,
  type AdminOrderSummary,
  formatEuro,
  type OrderEvent,
  type OrderStanding,
  toCents,
} from '@fanshop/core'
import type { Transaction } from 'kysely'
import { type OrderJsonContext, orderJson } from '../../cart/order-json.ts'
import type { Db, OrderRow } from '../../cart/orders.ts'
import { lockOrderByNumber } from '../../cart/row-locks.ts'
import type { ShopContext } from '../../context.ts'
import type { Database } from '../../db/schema.ts'
import { notFound } from '../../http/errors.ts'

const iso = (ms: number) => new Date(Number(ms)).toISOString()

export const adminStateOf = (order: Pick<OrderRow, 'canceled_at'>): AdminOrderState =>
  order.canceled_at === null ? 'placed' : 'canceled'

export function orderSummary(order: OrderRow): AdminOrderSummary {
  return {
    number: order.number,
    placedAt: iso(order.completed_at ?? order.created_at),
    email: order.email,
    customerId: order.user_id,
    itemCount: order.item_count,
    total: order.total,
    refundedTotal: order.refunded_total,
    state: adminStateOf(order),
    paymentState: order.payment_state,
    shipmentState: order.shipment_state,
  }
}

/** The placed order with this number, or 404 (carts and checkouts are not the back office's). */
export async function placedOrder(db: Db, number: string): Promise<OrderRow> {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('number', '=', number)
    .where('state', '=', 'complete')
    .executeTakeFirst()
  if (!order) throw notFound(`Order ${number} not found.`)
  return order
}

/** The placed order with this number under its row lock, or 404. */
export async function lockPlaced(
  ctx: ShopContext,
  trx: Transaction<Database>,
  number: string,
): Promise<OrderRow> {
  const order = await lockOrderByNumber(trx, ctx.database.dialect, number)
  if (order?.state !== 'complete') throw notFound(`Order ${number} not found.`)
  return order
}

/** Cents completed payments took. */
export async function paidTotalOf(db: Db, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), eb.lit(0)).as('paid'))
    .where('order_id', '=', orderId)
    .where('state', '=', 'completed')
    .executeTakeFirstOrThrow()
  return Number(row.paid)
}

/** What the order's rules (core's orders-rules.ts) judge it by. */
export async function standingOf(db: Db, order: OrderRow): Promise<OrderStanding> {
  return {
    state: adminStateOf(order),
    paymentState: order.payment_state,
    shipmentState: order.shipment_state,
    paidTotal: await paidTotalOf(db, order.id),
    refundedTotal: order.refunded_total,
  }
}

const addressLines = (address: AddressJson | null): string[] | null =>
  address
    ? [
        address.full_name,
        address.company,
        address.address1,
        address.address2,
        `${address.zipcode} ${address.city}`.trim(),
        address.state_name ?? '',
        address.country?.name ?? '',
        address.phone,
      ].filter((line) => line.trim() !== '')
    : null

export async function adminOrderView(ctx: OrderJsonContext, number: string): Promise<AdminOrder> {
  const { db } = ctx
  const order = await placedOrder(db, number)
  const [json, lines, events, refunds, paidTotal] = await Promise.all([
    orderJson(ctx, order),
    db
      .selectFrom('line_items')
      .innerJoin('products', 'products.id', 'line_items.variant_id')
      .select([
        'line_items.id',
        'line_items.variant_id',
        'line_items.quantity',
        'line_items.price',
        'line_items.refunded_quantity',
        'line_items.restocked_quantity',
        'products.name',
        'products.sku',
      ])
      .where('line_items.order_id', '=', order.id)
      .orderBy('line_items.id')
      .execute(),
    db
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db.selectFrom('order_refunds').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
    paidTotalOf(db, order.id),
  ])
  const names = new Map(json.line_items.map((line) => [line.id, line.variant?.name ?? line.name]))
  const placed: OrderEvent = {
    at: iso(order.completed_at ?? order.created_at),
    kind: 'placed',
    text: `Placed by ${order.email ?? 'a guest'}: ${formatEuro(order.total)}`,
    staffEmail: null,
  }
  const paid: OrderEvent[] = json.payments
    .filter((payment) => payment.state === 'completed')
    .map((payment) => ({
      at: payment.created_at,
      kind: 'paid',
      text: `Paid ${payment.display_amount} by ${
        payment.source ? `card ending in ${payment.source.last_digits}` : payment.payment_method.name
      }`,
      staffEmail: null,
    }))
  const recorded: OrderEvent[] = events.map((event) => ({
    at: iso(event.created_at),
    kind: event.kind,
    text: event.text,
    staffEmail: event.staff_email,
  }))
  return {
    ...orderSummary(order),
    itemTotal: order.item_total,
    adjustmentTotal: order.adjustment_total,
    shipTotal: order.ship_total,
    paidTotal,
    // The order's JSON gives a placed order's coupon as it was paid (cart/order-json.ts).
    coupon: json.coupon ? { code: json.coupon.code, percent: json.coupon.amount } : null,
    lines: lines.map((line) => ({
      id: line.id,
      variantId: line.variant_id,
      name: names.get(line.id) ?? line.name,
      sku: line.sku,
      quantity: line.quantity,
      unitPrice: line.price,
      amount: line.price * line.quantity,
      refundedQuantity: line.refunded_quantity,
      restockedQuantity: line.restocked_quantity,
    })),
    shipAddress: addressLines(json.ship_address),
    billAddress: addressLines(json.bill_address),
    shipping: {
      method: json.shipments[0]?.selected_shipping_rate?.name ?? null,
      carrier: order.carrier,
      trackingNumber: order.tracking_number,
      shippedAt: order.shipped_at === null ? null : iso(order.shipped_at),
    },
    payments: json.payments.map((payment) => ({
      id: payment.id,
      method: payment.payment_method.name,
      amount: toCents(payment.amount),
      state: payment.state,
      card: payment.source ? `${payment.source.cc_type} ending in ${payment.source.last_digits}` : null,
    })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      at: iso(refund.created_at),
      amount: refund.amount,
      state: refund.state,
      staffEmail: refund.staff_email,
    })),
    timeline: [placed, ...paid, ...recorded].sort((a, b) => a.at.localeCompare(b.at)),
  }
}
