import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { useMigrationDatabase } from '../../tests/migration-database.ts'
import { testDialect } from '../../tests/test-app.ts'
import { migrateToLatest, migrateUpTo } from '../db/migrate.ts'
import { sweepExpiredHolds } from './holds.ts'

const BEFORE = '2026-11-25T1400_launch_orders_email_partial_index'

const migration = useMigrationDatabase()

describe('holds lose their index by end alone (the periodic sweep walks the products)', () => {
  it('keeps every hold, and the sweep still gives back the expired ones', async () => {
    const { db } = migration.database
    await migrateUpTo(db, BEFORE)
    const indexes = async () => {
      const { rows } =
        testDialect === 'postgres'
          ? await sql<{ name: string }>`select indexname as name from pg_indexes
              where tablename = 'holds' and schemaname = current_schema()`.execute(db)
          : await sql<{ name: string }>`select name from sqlite_master
              where type = 'index' and tbl_name = 'holds'`.execute(db)
      return rows.map((row) => row.name).sort()
    }
    expect(await indexes()).toContain('holds_due_idx')
    const { id: productId } = await db
      .insertInto('products')
      .values({
        type: 'simple',
        name: 'Migrated Scarf',
        slug: 'migrated-scarf',
        status: 'publish',
        description: '',
        short_description: '',
        sku: 'MIGRATED-SCARF',
        stock_sold: 0,
        regular_price: 1000,
        stock_on_hand: 10,
        stock_held: 3,
        menu_order: 0,
        created_at: 1,
        updated_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const { id: orderId } = await db
      .insertInto('orders')
      .values({
        number: 'R000000001',
        token: 't',
        state: 'cart',
        expired_items: '[]',
        created_at: 1,
        updated_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('holds')
      .values([
        { order_id: orderId, variant_id: productId, quantity: 2, expires_at: 100, created_at: 1 },
        { order_id: orderId, variant_id: productId, quantity: 1, expires_at: 300, created_at: 1 },
      ])
      .execute()

    await migrateToLatest(db)

    const after = await indexes()
    expect(after).not.toContain('holds_due_idx')
    expect(after).toEqual(expect.arrayContaining(['holds_order_idx', 'holds_variant_due_idx']))
    expect(await sweepExpiredHolds({ db, database: migration.database, now: () => 200 })).toBe(1)
    const product = await db
      .selectFrom('products')
      .select('stock_held')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow()
    expect(product.stock_held).toBe(1)
  })
})
