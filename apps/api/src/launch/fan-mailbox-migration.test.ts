import { describe, expect, it } from 'vitest'
import { useMigrationDatabase } from '../../tests/migration-database.ts'
import { migrateToLatest, migrateUpTo } from '../db/migrate.ts'

const BEFORE = '2026-12-02T1000_cart_processing_indexes'

const migration = useMigrationDatabase()

const order = (id: number, email: string | null, placed: 'complete' | 'frozen' | 'cart') => ({
  id,
  number: `R00000000${id}`,
  token: `token-${id}`,
  state: placed === 'complete' ? ('complete' as const) : ('confirm' as const),
  email,
  frozen_at: placed === 'frozen' ? 5 : null,
  expired_items: '[]',
  created_at: 1,
  updated_at: 1,
})

describe('orders gain the mailbox the per-fan cap counts by', () => {
  it('gives the orders placed or being paid theirs, and no other', async () => {
    const { db } = migration.database
    await migrateUpTo(db, BEFORE)
    await db
      .insertInto('orders')
      .values([
        order(1, 'F.An+Drop@Gmail.com', 'complete'),
        order(2, 'ana+x@example.com', 'frozen'),
        order(3, 'fan@gmail.com', 'cart'),
        order(4, null, 'complete'),
      ])
      .execute()
    await migrateToLatest(db)
    const rows = await db.selectFrom('orders').select(['id', 'fan_mailbox']).orderBy('id').execute()
    expect(rows).toEqual([
      { id: 1, fan_mailbox: 'fan@gmail.com' },
      { id: 2, fan_mailbox: 'ana@example.com' },
      { id: 3, fan_mailbox: null },
      { id: 4, fan_mailbox: null },
    ])
  })
})
