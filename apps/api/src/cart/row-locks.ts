/**
 * The row lock that serialises changes to one order, on both databases (a product's stock needs
 * none: it changes only by conditional writes, cart/holds.ts).
 * PostgreSQL: SELECT ... FOR UPDATE holds the rows until the transaction ends. SQLite has no row
 * locks; there the first statement of the transaction is a write that changes nothing, which takes
 * the database's write lock at once (every other writer, in any process, waits for it), so the
 * reads that follow cannot go stale before the transaction writes.
 */
import type { Selectable, Transaction } from 'kysely'
import { compiledOnce } from '../db/compiled.ts'
import type { Dialect } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import type { OrdersTable } from './tables.ts'

const selectForUpdate = compiledOnce((db, orderId: number) =>
  db.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate(),
)

const writeNothing = compiledOnce((db, orderId: number) =>
  db
    .updateTable('orders')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', orderId)
    .returningAll(),
)

/** Locks the order's row for the rest of the transaction and answers the row as it is now. */
export async function lockOrderRow(
  trx: Transaction<Database>,
  dialect: Dialect,
  orderId: number,
): Promise<Selectable<OrdersTable>> {
  const { rows } = await (dialect === 'postgres' ? selectForUpdate : writeNothing)(trx, orderId)
  if (!rows[0]) throw new Error(`Order ${orderId} is gone.`)
  return rows[0]
}

const selectNumberForUpdate = compiledOnce((db, number: string) =>
  db.selectFrom('orders').selectAll().where('number', '=', number).forUpdate(),
)

const writeNothingByNumber = compiledOnce((db, number: string) =>
  db
    .updateTable('orders')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('number', '=', number)
    .returningAll(),
)

/** Finds the order with this number and locks its row, in one statement; undefined when none. */
export async function lockOrderByNumber(
  trx: Transaction<Database>,
  dialect: Dialect,
  number: string,
): Promise<Selectable<OrdersTable> | undefined> {
  const { rows } = await (dialect === 'postgres' ? selectNumberForUpdate : writeNothingByNumber)(trx, number)
  return rows[0]
}
