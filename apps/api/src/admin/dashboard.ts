/**
 * The back office's home figures: placed orders and sales today and per day over 30 days (UTC
 * days), paid orders waiting to be shipped, and stock running low. Available stock comes from the
 * catalogue's own rule (catalog/stock.ts), which gives expired holds back first.
 */
import { adminEndpoints, type Dashboard, LOW_STOCK_THRESHOLD } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import { availableStock } from '../catalog/stock.ts'
import type { ShopContext } from '../context.ts'
import { adminRoute } from './guard.ts'

const DAY = 24 * 60 * 60 * 1000
const LOW_STOCK_ROWS = 10

export async function dashboardFigures(ctx: ShopContext): Promise<Dashboard> {
  const now = ctx.now()
  const todayStart = Math.floor(now / DAY) * DAY
  const firstDay = todayStart - 29 * DAY
  const [placed, waiting, candidates] = await Promise.all([
    ctx.db
      .selectFrom('orders')
      .select(['completed_at', 'total'])
      .where('state', '=', 'complete')
      .where('completed_at', '>=', firstDay)
      .execute(),
    ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('state', '=', 'complete')
      .where('shipment_state', '=', 'ready')
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
  for (const order of placed) {
    const bucket = byDay[Math.floor((Number(order.completed_at) - firstDay) / DAY)]
    if (!bucket) continue
    bucket.orders += 1
    bucket.sales += Number(order.total)
  }
  const today = byDay[byDay.length - 1]!
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
    today: { orders: today.orders, sales: today.sales },
    last30Days: byDay.reduce(
      (sum, day) => ({ orders: sum.orders + day.orders, sales: sum.sales + day.sales }),
      {
        orders: 0,
        sales: 0,
      },
    ),
    byDay,
    waitingForFulfilment: Number(waiting.n),
    lowStock,
  }
}

export default async function dashboardRoutes(app: FastifyInstance) {
  adminRoute(app, adminEndpoints.dashboard, async () => dashboardFigures(app.shop))
}
