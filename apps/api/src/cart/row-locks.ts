/**
 * The row lock that serialises changes to one order, on both databases (a product's stock needs
 * none: it changes only by conditional writes, cart/holds.ts).
 * PostgreSQL: SELECT ... FOR UPDATE holds the rows until the transaction ends. SQLite has no row
 * locks; there the first statement of the transaction is a write that changes nothing, which takes
 * the database's write lock at once (every other writer, in any process, waits for it), so the
 * reads that follow cannot go stale before the transaction writes.
 */
import type { Selectable, Transaction } from 'kysely'
import type { Dialect } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import type { OrdersTable } from './tables.ts'

/** Locks the order's row for the rest of the transaction and answers the row as it is now. */
export async function lockOrderRow(
  trx: Transaction<Database>,
  dialect: Dialect,
  orderId: number,
): Promise<Selectable<OrdersTable>> {
  if (dialect === 'postgres') {
    return trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirstOrThrow()
  }
  return trx
    .updateTable('orders')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirstOrThrow()
}
