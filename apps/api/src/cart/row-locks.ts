/**
 * The row lock that serialises changes to one order, on both databases (a product's stock needs
 * none: it changes only by conditional writes, cart/holds.ts).
 * PostgreSQL: SELECT ... FOR UPDATE holds the rows until the transaction ends. SQLite has no row
 * locks; there every transaction takes the database's write lock as it begins (BEGIN IMMEDIATE,
 * db/database.ts: every other writer, in any process, waits for it), so a plain read of the row
 * cannot go stale before the transaction writes.
 */
import type { Selectable, Transaction } from 'kysely'
import { compiledOnce } from '../db/compiled.ts'
import type { Dialect } from '../db/database.ts'
import type { Database } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import type { OrdersTable } from './tables.ts'

const selectForUpdate = compiledOnce((db, orderId: number) =>
  db.selectFrom('orders').selectAll().where('id', '=', orderId).forUpdate(),
)

const selectInLockedDatabase = compiledOnce((db, orderId: number) =>
  db.selectFrom('orders').selectAll().where('id', '=', orderId),
)

/** Why an order read earlier can be missing when its lock comes: a guest cart is deleted once merged. */
export const GONE_MESSAGE = 'This cart is gone: it was merged into an account’s cart at login.'

/** Locks the order's row for the rest of the transaction and answers the row as it is now; 404 when gone. */
export async function lockOrderRow(
  trx: Transaction<Database>,
  dialect: Dialect,
  orderId: number,
): Promise<Selectable<OrdersTable>> {
  const { rows } = await (dialect === 'postgres' ? selectForUpdate : selectInLockedDatabase)(trx, orderId)
  if (!rows[0]) throw notFound(GONE_MESSAGE)
  return rows[0]
}

const selectNumberForUpdate = compiledOnce((db, number: string) =>
  db.selectFrom('orders').selectAll().where('number', '=', number).forUpdate(),
)

const selectNumberInLockedDatabase = compiledOnce((db, number: string) =>
  db.selectFrom('orders').selectAll().where('number', '=', number),
)

/** Finds the order with this number and locks its row, in one statement; undefined when none. */
export async function lockOrderByNumber(
  trx: Transaction<Database>,
  dialect: Dialect,
  number: string,
): Promise<Selectable<OrdersTable> | undefined> {
  const { rows } = await (dialect === 'postgres' ? selectNumberForUpdate : selectNumberInLockedDatabase)(
    trx,
    number,
  )
  return rows[0]
}
