import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { insertProductAndCart, useMigrationDatabase } from '../../tests/migration-database.ts'
import { testDialect } from '../../tests/test-app.ts'
import { migrateToLatest, migrateUpTo } from '../db/migrate.ts'
import { syncIdSequence } from '../db/portable.ts'
import { releaseNewest } from './holds.ts'

const BEFORE = '2026-11-27T0200_cart_line_items_variant_index_dropped'

const migration = useMigrationDatabase()

describe("holds' ids become plain rowids (no AUTOINCREMENT counter to write on every add)", () => {
  it('keeps every hold and its id, the order of the newest, and the other tables’ counters', async () => {
    const { db } = migration.database
    await migrateUpTo(db, BEFORE)
    const { productId, orderId } = await insertProductAndCart(db, 4)
    const hold = (id: number, quantity: number) => ({
      id,
      order_id: orderId,
      variant_id: productId,
      quantity,
      expires_at: 100 + id,
      created_at: 1,
    })
    await db
      .insertInto('holds')
      .values([hold(3, 1), hold(8, 2), hold(9, 1)])
      .execute()
    await syncIdSequence(db, testDialect, 'holds')
    await db.deleteFrom('holds').where('id', '=', 9).execute()
    const counters = async () =>
      testDialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_sequence order by name`.execute(db)).rows.map(
            (row) => row.name,
          )
        : []
    if (testDialect === 'sqlite') expect(await counters()).toContain('holds')

    await migrateToLatest(db)

    const ids = async () =>
      (await db.selectFrom('holds').select(['id', 'quantity']).orderBy('id').execute()).map((row) => [
        row.id,
        row.quantity,
      ])
    expect(await ids()).toEqual([
      [3, 1],
      [8, 2],
    ])
    if (testDialect === 'sqlite') {
      expect(await counters()).not.toContain('holds')
      expect(await counters()).toContain('orders')
      const { rows } = await sql<{ sql: string }>`
        select sql from sqlite_master where type = 'table' and name = 'holds'`.execute(db)
      expect(rows[0]!.sql).not.toMatch(/autoincrement/i)
      const indexes = await sql<{ name: string }>`
        select name from sqlite_master where type = 'index' and tbl_name = 'holds' order by name`.execute(db)
      expect(indexes.rows.map((row) => row.name)).toEqual(['holds_order_idx', 'holds_variant_due_idx'])
    }
    // A new hold's id is larger than every live one's, so the newest is still released first.
    const { id: newest } = await db
      .insertInto('holds')
      .values({ order_id: orderId, variant_id: productId, quantity: 1, expires_at: 500, created_at: 2 })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(newest).toBeGreaterThan(8)
    await db.transaction().execute((trx) => releaseNewest(trx, orderId, productId, 2))
    expect(await ids()).toEqual([
      [3, 1],
      [8, 1],
    ])
  })
})
