/** Migrations owned by the content domain (names carry a global date-time prefix so they sort in order). */
import { type Kysely, type Migration, sql } from 'kysely'
import { dialectOf, withIdColumn } from '../db/portable.ts'

export const contentMigrations: Record<string, Migration> = {
  '2026-11-21T0400_content_init': {
    async up(db: Kysely<unknown>) {
      const dialect = dialectOf(db)
      await withIdColumn(db.schema.createTable('content_items'), dialect)
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'integer', (c) => c.references('content_items.id').onDelete('cascade'))
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('publish'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('featured_media', 'integer', (c) => c.references('media.id'))
        .addColumn('menu_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('date', 'bigint', (c) => c.notNull())
        .addColumn('modified', 'bigint', (c) => c.notNull())
        .addColumn('fields', 'text', (c) => c.notNull().defaultTo('{}'))
        .addUniqueConstraint('content_items_type_slug_unique', ['type', 'slug'])
        .execute()
      await db.schema
        .createIndex('content_items_listing_idx')
        .on('content_items')
        .columns(['type', 'status', 'date'])
        .execute()
      await db.schema
        .createIndex('content_items_parent_idx')
        .on('content_items')
        .column('parent_id')
        .execute()

      await withIdColumn(db.schema.createTable('content_terms'), dialect)
        .addColumn('taxonomy', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('menu_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('content_terms_taxonomy_slug_unique', ['taxonomy', 'slug'])
        .execute()

      await db.schema
        .createTable('content_item_terms')
        .addColumn('item_id', 'integer', (c) =>
          c.notNull().references('content_items.id').onDelete('cascade'),
        )
        .addColumn('term_id', 'integer', (c) =>
          c.notNull().references('content_terms.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('content_item_terms_pk', ['item_id', 'term_id'])
        .execute()
      await db.schema
        .createIndex('content_item_terms_term_idx')
        .on('content_item_terms')
        .column('term_id')
        .execute()

      await withIdColumn(db.schema.createTable('lookbook_setups'), dialect)
        .addColumn('lookbook_id', 'integer', (c) =>
          c.notNull().references('content_items.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('layout', 'integer', (c) => c.notNull().defaultTo(1))
        .addUniqueConstraint('lookbook_setups_position_unique', ['lookbook_id', 'position'])
        .execute()

      await db.schema
        .createTable('lookbook_setup_images')
        .addColumn('setup_id', 'integer', (c) =>
          c.notNull().references('lookbook_setups.id').onDelete('cascade'),
        )
        .addColumn('media_id', 'integer', (c) => c.notNull().references('media.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('lookbook_setup_images_pk', ['setup_id', 'position'])
        .execute()

      await db.schema
        .createTable('lookbook_setup_products')
        .addColumn('setup_id', 'integer', (c) =>
          c.notNull().references('lookbook_setups.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('lookbook_setup_products_pk', ['setup_id', 'product_id'])
        .execute()

      await withIdColumn(db.schema.createTable('music_tracks'), dialect)
        .addColumn('release_id', 'integer', (c) =>
          c.notNull().references('content_items.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('audio_media_id', 'integer', (c) => c.notNull().references('media.id'))
        .addUniqueConstraint('music_tracks_position_unique', ['release_id', 'position'])
        .execute()

      await withIdColumn(db.schema.createTable('contact_messages'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('mailed_at', 'bigint')
        .execute()
      await db.schema
        .createIndex('contact_messages_email_idx')
        .on('contact_messages')
        .columns(['email', 'created_at'])
        .execute()
    },
  },
  /**
   * Contact messages whose e-mail to the shop failed are mailed again by a job (contact.ts): the
   * instance mailing one claims it first, so no two mail it.
   */
  '2026-12-05T0300_contact_messages_claimed_at': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('contact_messages').addColumn('claimed_at', 'bigint').execute()
      await db.schema
        .createIndex('contact_messages_unsent_idx')
        .on('contact_messages')
        .column('id')
        .where(sql.ref('mailed_at'), 'is', null)
        .execute()
    },
  },
}
