/**
 * The back office's home figures: sales (orders paid and not cancelled, net of refunds) today and
 * per day over 30 days (UTC days, counted and summed by the database), paid orders waiting to be shipped, and stock running low. Available stock comes from the
 * catalogue's own rule (catalog/stock.ts), which gives expired holds back first.
 */
import { adminEndpoints, type Dashboard, LOW_STOCK_THRESHOLD, SALE_PAYMENT_STATES } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { availableStock } from '../catalog/stock.ts'
import type { ShopContext } from '../context.ts'
import { adminRoute } from './guard.ts'

const DAY = 24 * 60 * 60 * 1000
const LOW_STOCK_ROWS = 10

export async function dashboardFigures(ctx: ShopContext): Promise<Dashboard> {
  const now = ctx.now()
  const todayStart = Math.floor(now / DAY) * DAY
  const firstDay = todayStart - 29 * DAY
  // Whole UTC days since the first one, by integer division on both databases (constants inlined,
  // so the grouped expression is the selected one).
  const dayIndex = sql<number>`(${sql.ref('completed_at')} - ${sql.lit(firstDay)}) / ${sql.lit(DAY)}`
  // What the shop kept of an order: its total less what was refunded.
  const kept = sql<number>`${sql.ref('total')} - ${sql.ref('refunded_total')}`
  const sales = ctx.db
    .selectFrom('orders')
    .where('state', '=', 'complete')
    .where('canceled_at', 'is', null)
    .where('payment_state', 'in', SALE_PAYMENT_STATES)
    .where('completed_at', '>=', firstDay)
  const [perDay, totals, waiting, candidates] = await Promise.all([
    sales
      .select([
        dayIndex.as('day_index'),
        (eb) => eb.fn.countAll<string | number>().as('orders'),
        (eb) => eb.fn.sum<string | number>(kept).as('sales'),
      ])
      .groupBy(dayIndex)
      .execute(),
    sales
      .select([
        (eb) => eb.fn.countAll<string | number>().as('orders'),
        (eb) => eb.fn.coalesce(eb.fn.sum<string | number>(kept), sql.lit(0)).as('sales'),
        sql<
          string | number
        >`coalesce(sum(case when completed_at >= ${sql.lit(todayStart)} then 1 else 0 end), 0)`.as(
          'today_orders',
        ),
        sql<
          string | number
        >`coalesce(sum(case when completed_at >= ${sql.lit(todayStart)} then ${kept} else 0 end), 0)`.as(
          'today_sales',
        ),
      ])
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('state', '=', 'complete')
      .where('shipment_state', '=', 'ready')
      // Paid and not all of it refunded: a refunded order has nothing left to ship (core's fulfilRefusal).
      .where('payment_state', 'in', SALE_PAYMENT_STATES)
      .executeTakeFirstOrThrow(),
    // Rows that may be low before expired holds are given back; the figure is settled below.
    ctx.db
      .selectFrom('products')
      .select('id')
      .where('stock_on_hand', 'is not', null)
      .where((eb) =>
        eb(eb('stock_on_hand', '-', eb('stock_sold', '+', eb.ref('stock_held'))), '<=', LOW_STOCK_THRESHOLD),
      )
      .execute(),
  ])
  const byDay = Array.from({ length: 30 }, (_, i) => ({
    day: new Date(firstDay + i * DAY).toISOString().slice(0, 10),
    orders: 0,
    sales: 0,
  }))
  for (const row of perDay) {
    const bucket = byDay[Number(row.day_index)]
    if (!bucket) continue
    bucket.orders = Number(row.orders)
    bucket.sales = Number(row.sales)
  }
  const ids = candidates.map((row) => row.id)
  const available = await availableStock(ctx, ids)
  // Read again after availableStock gave expired holds back, so held matches available.
  const settled = ids.length
    ? await ctx.db
        .selectFrom('products')
        .select(['id', 'name', 'sku', 'stock_on_hand', 'stock_sold', 'stock_held'])
        .where('id', 'in', ids)
        .execute()
    : []
  const lowStock = settled
    .map((row) => ({
      id: row.id,
      name: row.name,
      sku: row.sku,
      onHand: Number(row.stock_on_hand),
      held: Number(row.stock_held),
      sold: Number(row.stock_sold),
      available: available.get(row.id) ?? 0,
    }))
    .filter((row) => row.available <= LOW_STOCK_THRESHOLD)
    .sort((a, b) => a.available - b.available || a.id - b.id)
    .slice(0, LOW_STOCK_ROWS)
  return {
    today: { orders: Number(totals.today_orders), sales: Number(totals.today_sales) },
    last30Days: { orders: Number(totals.orders), sales: Number(totals.sales) },
    byDay,
    waitingForFulfilment: Number(waiting.n),
    lowStock,
  }
}

export default async function dashboardRoutes(app: FastifyInstance) {
  adminRoute(app, adminEndpoints.dashboard, async () => dashboardFigures(app.shop))
}
