/**
 * How many units of a product or variation a shopper can take right now:
 * on hand - sold - held (ARCHITECTURE.md, stock holds). This is the one place the catalogue
 * computes it, for a whole page of products at once. What carts hold is counted on the product
 * row by the cart domain (cart/holds.ts); holds that ran out are given back before answering,
 * so the figure never waits for the periodic sweep.
 */
import { type Selectable, sql, type Transaction } from 'kysely'
import { sweepProducts } from '../cart/holds.ts'
import type { ShopContext } from '../context.ts'
import type { Database } from '../db/schema.ts'
import type { ProductsTable } from './tables.ts'

/** The columns of a product row that say how many units it has. */
export const STOCK_COLUMNS = ['id', 'stock_on_hand', 'stock_sold', 'stock_held'] as const

export type StockRow = Pick<Selectable<ProductsTable>, (typeof STOCK_COLUMNS)[number]>

function stockByRow(rows: readonly StockRow[]): Map<number, number> {
  const stock = new Map<number, number>()
  for (const row of rows) {
    if (row.stock_on_hand !== null) {
      stock.set(row.id, Math.max(0, row.stock_on_hand - row.stock_sold - row.stock_held))
    }
  }
  return stock
}

/**
 * The same count in SQL, for a row of `table` in a query (a list filtered by stock_status); a row
 * without stock (stock_on_hand null) has none.
 */
export const availableUnitsSql = (table: string) =>
  sql<number>`(coalesce(${sql.ref(`${table}.stock_on_hand`)}, 0) - ${sql.ref(`${table}.stock_sold`)} - ${sql.ref(`${table}.stock_held`)})`

/**
 * Gives back every hold that has run out, whatever it holds: before a list filters products by
 * their stock (availableUnitsSql), as availableStock does for the products of a page.
 */
export async function giveBackExpiredHolds(ctx: Pick<ShopContext, 'db' | 'database' | 'now'>): Promise<void> {
  const expired = await ctx.db
    .selectFrom('holds')
    .select('variant_id')
    .distinct()
    .where('returned_at', 'is', null)
    .where('expires_at', '<=', ctx.now())
    .execute()
  await sweepProducts(
    ctx,
    expired.map((hold) => hold.variant_id),
  )
}

async function readStock(ctx: Pick<ShopContext, 'db'>, productIds: readonly number[]) {
  return stockByRow(
    await ctx.db.selectFrom('products').select(STOCK_COLUMNS).where('id', 'in', productIds).execute(),
  )
}

/**
 * Available units per id, for the ids that carry stock (simple products and variations;
 * variable parents carry none and are left out). Never below zero.
 */
export async function availableStock(
  ctx: Pick<ShopContext, 'db' | 'database' | 'now'>,
  productIds: readonly number[],
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map()
  await sweepProducts(ctx, productIds)
  return readStock(ctx, productIds)
}

/**
 * The same for product rows the caller has just read with their STOCK_COLUMNS (a catalogue page
 * reads them with the rest of the product): the rows are read again only when some of their
 * holds had run out and were given back after that read.
 */
export async function availableStockOfRows(
  ctx: Pick<ShopContext, 'db' | 'database' | 'now'>,
  rows: readonly StockRow[],
): Promise<Map<number, number>> {
  if (rows.length === 0) return new Map()
  const ids = rows.map((row) => row.id)
  return (await sweepProducts(ctx, ids)) ? readStock(ctx, ids) : stockByRow(rows)
}

/**
 * Sold units come back to the shelf (an order cancelled, or units refunded and restocked): per
 * product, sold down, in id order so that two returns never lock rows in opposite orders.
 */
export async function returnSoldUnits(
  trx: Transaction<Database>,
  units: readonly { variantId: number; quantity: number }[],
): Promise<void> {
  for (const unit of [...units].sort((a, b) => a.variantId - b.variantId)) {
    if (unit.quantity <= 0) continue
    await trx
      .updateTable('products')
      .set((eb) => ({ stock_sold: eb('stock_sold', '-', unit.quantity) }))
      .where('id', '=', unit.variantId)
      .execute()
  }
}
