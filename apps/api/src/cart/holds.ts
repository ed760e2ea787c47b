/**
 * Stock holds, the heart of a drop: a cart's lines hold their units until the cart's hold expires.
 * Setting a line's quantity is one atomic conditional write: under the product's row lock it checks
 * on hand - sold - what other carts hold right now, so concurrent shoppers can never hold more than
 * is on the shelf, on SQLite and on PostgreSQL alike. Expired holds simply stop counting.
 */
import { currentPrice } from '@fanshop/core'
import type { Transaction } from 'kysely'
import type { ShopContext } from '../context.ts'
import type { Database } from '../db/schema.ts'
import { notFound, unprocessable } from '../http/errors.ts'
import type { Db, OrderRow } from './orders.ts'
import { lockProductRows } from './row-locks.ts'

/** Units of each product held by live carts right now (other than `exceptOrderId`). */
export async function heldStock(
  db: Db,
  productIds: readonly number[],
  now: number,
  exceptOrderId?: number,
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map()
  let query = db
    .selectFrom('line_items')
    .innerJoin('orders', 'orders.id', 'line_items.order_id')
    .select((eb) => ['line_items.variant_id', eb.fn.sum<number>('line_items.quantity').as('held')])
    .where('line_items.variant_id', 'in', productIds)
    .where('orders.state', '!=', 'complete')
    .where('orders.hold_expires_at', '>', now)
    .groupBy('line_items.variant_id')
  if (exceptOrderId !== undefined) query = query.where('orders.id', '!=', exceptOrderId)
  const rows = await query.execute()
  return new Map(rows.map((row) => [row.variant_id, Number(row.held)]))
}

export const OUT_OF_STOCK = 'Product is out of stock for requested quantity.'

/**
 * Sets the order's line for `variantId` to `quantity` (0 removes it), holding the stock it needs.
 * Runs inside the order's locked transaction (orders.changeOrder); 422 when not enough is left.
 */
export async function setLineQuantity(
  ctx: ShopContext,
  trx: Transaction<Database>,
  order: OrderRow,
  variantId: number,
  quantity: number,
): Promise<void> {
  const existing = await trx
    .selectFrom('line_items')
    .select(['id', 'quantity'])
    .where('order_id', '=', order.id)
    .where('variant_id', '=', variantId)
    .executeTakeFirst()
  if (quantity === 0) {
    if (existing) await trx.deleteFrom('line_items').where('id', '=', existing.id).execute()
    return
  }

  await lockProductRows(trx, ctx.database.dialect, [variantId])
  const product = await trx
    .selectFrom('products')
    .leftJoin('products as parent', 'parent.id', 'products.parent_id')
    .select([
      'products.id',
      'products.name',
      'products.type',
      'products.status',
      'products.regular_price',
      'products.sale_price',
      'products.stock_on_hand',
      'products.stock_sold',
      'parent.status as parent_status',
    ])
    .where('products.id', '=', variantId)
    .executeTakeFirst()
  if (product?.status !== 'publish' || (product.parent_status ?? 'publish') !== 'publish') {
    throw notFound(`Product ${variantId} is not for sale.`)
  }
  if (product.type === 'variable') {
    throw unprocessable(`Choose the options of "${product.name}" first: add one of its variations.`)
  }

  const raising = quantity > (existing?.quantity ?? 0)
  if (raising) {
    const held = (await heldStock(trx, [variantId], ctx.now(), order.id)).get(variantId) ?? 0
    const available = (product.stock_on_hand ?? 0) - product.stock_sold - held
    if (quantity > available) throw unprocessable(OUT_OF_STOCK)
  }

  const price = currentPrice(product)
  if (existing) {
    await trx.updateTable('line_items').set({ quantity, price }).where('id', '=', existing.id).execute()
  } else {
    await trx
      .insertInto('line_items')
      .values({ order_id: order.id, variant_id: variantId, quantity, price, created_at: ctx.now() })
      .execute()
  }
}
