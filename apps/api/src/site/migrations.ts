/** Migrations owned by the site domain (names carry a global date-time prefix so they sort in order). */
import { type Kysely, type Migration, sql } from 'kysely'
import { dialectOf, withIdColumn } from '../db/portable.ts'

export const siteMigrations: Record<string, Migration> = {
  '2026-11-21T0010_site_menus': {
    async up(db: Kysely<unknown>) {
      const dialect = dialectOf(db)
      await withIdColumn(db.schema.createTable('menu_groups'), dialect)
        .addColumn('location', 'text', (c) => c.notNull().check(sql`location in ('main-menu', 'sub-menus')`))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await withIdColumn(db.schema.createTable('menu_items'), dialect)
        .addColumn('group_id', 'integer', (c) => c.notNull().references('menu_groups.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema.createIndex('menu_items_group_idx').on('menu_items').column('group_id').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('menu_items').execute()
      await db.schema.dropTable('menu_groups').execute()
    },
  },
}
