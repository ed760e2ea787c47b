import { describe, expect, it } from 'vitest'
import { indexNames } from '../../tests/indexes.ts'
import { insertProductAndCart, useMigrationDatabase } from '../../tests/migration-database.ts'
import { migrateToLatest, migrateUpTo } from '../db/migrate.ts'
import { sweepExpiredHolds } from './holds.ts'

const BEFORE = '2026-11-25T1400_launch_orders_email_partial_index'

const migration = useMigrationDatabase()

describe('holds lose their index by end alone (the periodic sweep walks the products)', () => {
  it('keeps every hold, and the sweep still gives back the expired ones', async () => {
    const { db } = migration.database
    await migrateUpTo(db, BEFORE)
    const indexes = () => indexNames(db, 'holds')
    expect(await indexes()).toContain('holds_due_idx')
    const { productId, orderId } = await insertProductAndCart(db, 3)
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
