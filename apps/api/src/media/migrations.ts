/** Migrations owned by the media module. */
import type { Kysely, Migration } from 'kysely'
import { dialectOf, withIdColumn } from '../db/portable.ts'

export const mediaMigrations: Record<string, Migration> = {
  '2026-11-21T0000_media_init': {
    async up(db: Kysely<unknown>) {
      await withIdColumn(db.schema.createTable('media'), dialectOf(db))
        .addColumn('file', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
    },
  },
}
