import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { useMigrationDatabase } from '../../tests/migration-database.ts'
import { testDialect } from '../../tests/test-app.ts'
import { migrateToLatest, migrateUpTo } from '../db/migrate.ts'

const BEFORE = '2026-11-23T2010_cart_stock_alerts'

const migration = useMigrationDatabase()

/** The names of the orders table's indexes on SQLite (none on PostgreSQL, which this does not ask). */
async function sqliteIndexes(): Promise<string[]> {
  if (testDialect !== 'sqlite') return []
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'index' and tbl_name = 'orders'`.execute(
    migration.database.db,
  )
  return rows.map((row) => row.name).sort()
}

const order = (id: number | undefined, number: string, token: string) => ({
  id,
  number,
  token,
  state: 'cart' as const,
  expired_items: '[]',
  created_at: 1,
  updated_at: 1,
})

describe('orders.token loses its unique index (nothing looks an order up by it)', () => {
  it('keeps every order, what refers to them and the order numbers unique', async () => {
    const { db } = migration.database
    await migrateUpTo(db, BEFORE)
    await db
      .insertInto('orders')
      .values([order(1, 'R000000001', 'a'), order(7, 'R000000007', 'b')])
      .execute()
    const method = await db.selectFrom('payment_methods').select('id').executeTakeFirstOrThrow()
    await db
      .insertInto('payments')
      .values({
        order_id: 7,
        payment_method_id: method.id,
        amount: 100,
        state: 'checkout',
        created_at: 1,
        updated_at: 1,
      })
      .execute()
    await db.deleteFrom('orders').where('id', '=', 1).execute()
    await expect(
      db
        .insertInto('orders')
        .values(order(8, 'R000000008', 'b'))
        .execute(),
    ).rejects.toThrow()

    const indexesBefore = await sqliteIndexes()
    await migrateToLatest(db)

    await db
      .insertInto('orders')
      .values(order(9, 'R000000009', 'b'))
      .execute()
    await expect(
      db
        .insertInto('orders')
        .values(order(10, 'R000000009', 'c'))
        .execute(),
    ).rejects.toThrow()
    const orders = await db.selectFrom('orders').select(['id', 'token']).orderBy('id').execute()
    expect(orders).toEqual([
      { id: 7, token: 'b' },
      { id: 9, token: 'b' },
    ])
    const payments = await db.selectFrom('payments').select(['order_id', 'amount']).execute()
    expect(payments).toEqual([{ order_id: 7, amount: 100 }])
    // The foreign keys still point at orders: a payment of no order is refused, and deleting an
    // order still takes its payments with it.
    await expect(
      db
        .insertInto('payments')
        .values({
          order_id: 99,
          payment_method_id: method.id,
          amount: 1,
          state: 'checkout',
          created_at: 1,
          updated_at: 1,
        })
        .execute(),
    ).rejects.toThrow()
    await db.deleteFrom('orders').where('id', '=', 7).execute()
    expect(await db.selectFrom('payments').select('id').execute()).toEqual([])
    if (testDialect === 'sqlite') {
      // New orders get new ids, past every id ever used (the AUTOINCREMENT counter kept).
      const [created] = await db
        .insertInto('orders')
        .values(order(undefined, 'R000000010', 'd'))
        .returning('id')
        .execute()
      expect(created!.id).toBeGreaterThan(9)
      // Its own indexes are all back; of the two the constraints made (number, token), one is left.
      const indexes = await sqliteIndexes()
      const auto = (list: string[]) => list.filter((name) => name.startsWith('sqlite_autoindex'))
      expect(indexes).toEqual(expect.arrayContaining(indexesBefore.filter((name) => !auto([name]).length)))
      expect(auto(indexesBefore)).toHaveLength(2)
      expect(auto(indexes)).toHaveLength(1)
      const counters = await sql<{ name: string }>`select name from sqlite_sequence`.execute(db)
      expect(counters.rows.map((row) => row.name)).not.toContain('orders_rebuilt')
    }
  })
})
