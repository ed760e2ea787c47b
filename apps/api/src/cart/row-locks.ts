/**
 * Row locks that serialise changes to one order and to one product's stock, on both databases.
 * PostgreSQL: SELECT ... FOR UPDATE holds the rows until the transaction ends. SQLite has no row
 * locks; there the first statement of the transaction is a write that changes nothing, which takes
 * the database's write lock at once (every other writer, in any process, waits for it), so the
 * reads that follow cannot go stale before the transaction writes.
 */
import type { Transaction } from 'kysely'
import type { Dialect } from '../db/database.ts'
import type { Database } from '../db/schema.ts'

export async function lockOrderRow(
  trx: Transaction<Database>,
  dialect: Dialect,
  orderId: number,
): Promise<void> {
  if (dialect === 'postgres') {
    await trx.selectFrom('orders').select('id').where('id', '=', orderId).forUpdate().execute()
  } else {
    await trx
      .updateTable('orders')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', orderId)
      .execute()
  }
}

/** Locks the products (in id order, so two transactions never wait on each other crosswise). */
export async function lockProductRows(
  trx: Transaction<Database>,
  dialect: Dialect,
  productIds: readonly number[],
): Promise<void> {
  if (productIds.length === 0) return
  const ids = [...new Set(productIds)].sort((a, b) => a - b)
  if (dialect === 'postgres') {
    await trx.selectFrom('products').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute()
  } else {
    await trx
      .updateTable('products')
      .set((eb) => ({ stock_sold: eb.ref('stock_sold') }))
      .where('id', 'in', ids)
      .execute()
  }
}
