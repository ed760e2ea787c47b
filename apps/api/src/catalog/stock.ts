/**
 * How many units of a product or variation a shopper can take right now:
 * on hand - sold - active holds (ARCHITECTURE.md, stock holds). This is the one place the
 * catalogue computes it, for a whole page of products at once. The holds are the cart
 * domain's (cart/holds.ts): units in carts whose 1-hour hold has not run out.
 */
import { heldStock } from '../cart/holds.ts'
import type { ShopContext } from '../context.ts'

/**
 * Available units per id, for the ids that carry stock (simple products and variations;
 * variable parents carry none and are left out). Never below zero.
 */
export async function availableStock(
  ctx: Pick<ShopContext, 'db' | 'now'>,
  productIds: readonly number[],
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map()
  const [rows, held] = await Promise.all([
    ctx.db
      .selectFrom('products')
      .select(['id', 'stock_on_hand', 'stock_sold'])
      .where('id', 'in', productIds)
      .where('stock_on_hand', 'is not', null)
      .execute(),
    heldStock(ctx.db, productIds, ctx.now()),
  ])
  return new Map(
    rows.map((row) => [row.id, Math.max(0, row.stock_on_hand! - row.stock_sold - (held.get(row.id) ?? 0))]),
  )
}
