/** Migrations owned by the launch domain (names carry a global date-time prefix so they sort in order). */
import type { Kysely, Migration } from 'kysely'
import { dialectOf, withIdColumn } from '../db/portable.ts'

export const launchMigrations: Record<string, Migration> = {
  '2026-11-21T0500_launch_access_codes_and_signups': {
    async up(db: Kysely<unknown>) {
      const dialect = dialectOf(db)
      await withIdColumn(db.schema.createTable('access_codes'), dialect)
        .addColumn('code_hash', 'text', (c) => c.notNull().unique())
        .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('max_uses', 'integer')
        .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await withIdColumn(db.schema.createTable('launch_signups'), dialect)
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('notified_at', 'bigint')
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('launch_signups').execute()
      await db.schema.dropTable('access_codes').execute()
    },
  },
}
