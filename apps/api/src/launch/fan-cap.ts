/**
 * The per-fan cap on the add path and at checkout (core's launch/fan-cap.ts has the rule): a
 * capped item is counted across the fan's account (its other orders and open carts), or for a
 * guest in the cart and, at checkout, across the orders placed with the same e-mail address.
 * Only capped items pay for it: one indexed sum (PostgreSQL first locks the fan's account row, so
 * two carts of one fan adding at once are counted one after the other).
 */
import { perFanCap, perFanCapMessage, withinPerFanCap } from '@fanshop/core'
import { sql } from 'kysely'
import type { Db, OrderRow } from '../cart/orders.ts'
import type { Dialect } from '../db/database.ts'
import { unprocessable } from '../http/errors.ts'

/** Throws 422 when the order would hold more of the item than its fan may have. */
export async function assertWithinFanCap(
  trx: Db,
  dialect: Dialect,
  order: OrderRow,
  variantId: number,
  quantity: number,
  cap: number,
): Promise<void> {
  if (quantity > cap) throw unprocessable(perFanCapMessage(cap))
  if (order.user_id === null) return
  if (dialect === 'postgres') {
    await trx.selectFrom('users').select('id').where('id', '=', order.user_id).forUpdate().execute()
  }
  const { owned } = await trx
    .selectFrom('line_items')
    .innerJoin('orders', 'orders.id', 'line_items.order_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('line_items.quantity'), sql<number>`0`).as('owned'))
    .where('orders.user_id', '=', order.user_id)
    .where('line_items.variant_id', '=', variantId)
    .where('orders.id', '<>', order.id)
    .executeTakeFirstOrThrow()
  if (!withinPerFanCap(Number(owned), quantity, cap)) throw unprocessable(perFanCapMessage(cap))
}

/**
 * At a guest's checkout: each capped item of the order counted with the orders already placed
 * under the same e-mail address. A fan's account is checked on every add already.
 */
export async function assertGuestWithinFanCap(db: Db, order: OrderRow): Promise<void> {
  if (order.user_id !== null || !order.email) return
  const lines = await db
    .selectFrom('line_items')
    .innerJoin('products', 'products.id', 'line_items.variant_id')
    .leftJoin('products as parent', 'parent.id', 'products.parent_id')
    .select([
      'line_items.variant_id',
      'line_items.quantity',
      'products.limited',
      'products.max_per_fan',
      'parent.limited as parent_limited',
      'parent.max_per_fan as parent_max_per_fan',
    ])
    .where('line_items.order_id', '=', order.id)
    .execute()
  for (const line of lines) {
    const cap = perFanCap(line, { limited: line.parent_limited, max_per_fan: line.parent_max_per_fan })
    if (cap === null) continue
    const { owned } = await db
      .selectFrom('line_items')
      .innerJoin('orders', 'orders.id', 'line_items.order_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('line_items.quantity'), sql<number>`0`).as('owned'))
      .where(sql`lower(orders.email)`, '=', order.email.toLowerCase())
      .where('orders.state', '=', 'complete')
      .where('line_items.variant_id', '=', line.variant_id)
      .where('orders.id', '<>', order.id)
      .executeTakeFirstOrThrow()
    if (!withinPerFanCap(Number(owned), line.quantity, cap)) throw unprocessable(perFanCapMessage(cap))
  }
}
