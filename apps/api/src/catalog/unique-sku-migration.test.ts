import { describe, expect, it } from 'vitest'
import { useMigrationDatabase } from '../../tests/migration-database.ts'
import { migrateToLatest, migrateUpTo } from '../db/migrate.ts'
import { isUniqueViolation } from '../db/portable.ts'

const BEFORE = '2026-12-05T0500_admin_staff_deactivated_invitations_withdrawn'

const migration = useMigrationDatabase()

const product = (slug: string, sku: string) => ({
  type: 'simple' as const,
  name: slug,
  slug,
  status: 'publish' as const,
  description: '',
  short_description: '',
  sku,
  stock_sold: 0,
  regular_price: 1000,
  stock_on_hand: 1,
  menu_order: 0,
  created_at: 1,
  updated_at: 1,
})

describe('no two products share a SKU, letter case aside', () => {
  it('holds from the migration on, and leaves rows without a SKU alone', async () => {
    const { db } = migration.database
    await migrateUpTo(db, BEFORE)
    await db
      .insertInto('products')
      .values([product('a', 'SCARF-1'), product('b', ''), product('c', '')])
      .execute()
    await migrateToLatest(db)
    const refused = await db
      .insertInto('products')
      .values(product('d', 'scarf-1'))
      .execute()
      .catch((error: unknown) => error)
    expect(isUniqueViolation(refused)).toBe(true)
    await db
      .insertInto('products')
      .values([product('e', ''), product('f', 'SCARF-2')])
      .execute()
  })

  it('names the rows of a shop that shares one, rather than renaming them', async () => {
    const { db } = migration.database
    await migrateUpTo(db, BEFORE)
    await db
      .insertInto('products')
      .values([product('a', 'SCARF-1'), product('b', 'Scarf-1'), product('c', 'CAP')])
      .execute()
    const ids = (await db.selectFrom('products').select('id').orderBy('id').execute()).map((row) => row.id)
    await expect(migrateToLatest(db)).rejects.toThrow(
      `Products share a SKU; give each its own, then start again: SCARF-1 (ids ${ids[0]}, ${ids[1]})`,
    )
  })
})
