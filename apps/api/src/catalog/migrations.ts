/** Migrations owned by the catalog domain. */
import { type Kysely, type Migration, sql } from 'kysely'
import { dialectOf, withIdColumn } from '../db/portable.ts'

export const catalogMigrations: Record<string, Migration> = {
  '2026-11-21T0100_catalog_init': {
    async up(db: Kysely<unknown>) {
      const dialect = dialectOf(db)
      await withIdColumn(db.schema.createTable('categories'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('parent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('image_id', 'integer', (c) => c.references('media.id'))
        .addColumn('menu_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()

      await withIdColumn(db.schema.createTable('genders'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .execute()

      await withIdColumn(db.schema.createTable('size_guides'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sizes', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('measure_description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('measure_image_id', 'integer', (c) => c.references('media.id'))
        .addColumn('chest_description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('body_description', 'text', (c) => c.notNull().defaultTo(''))
        .execute()

      await withIdColumn(db.schema.createTable('products'), dialect)
        .addColumn('parent_id', 'integer', (c) => c.references('products.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('publish'))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('short_description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sku', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('regular_price', 'integer', (c) => c.notNull())
        .addColumn('sale_price', 'integer')
        .addColumn('stock_on_hand', 'integer')
        .addColumn('stock_sold', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('gender_id', 'integer', (c) => c.references('genders.id'))
        .addColumn('size_guide_id', 'integer', (c) => c.references('size_guides.id'))
        .addColumn('image_id', 'integer', (c) => c.references('media.id'))
        .addColumn('menu_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('products_stock_not_oversold', sql`stock_sold <= stock_on_hand`)
        .execute()
      await db.schema.createIndex('products_parent_idx').on('products').column('parent_id').execute()

      await db.schema
        .createTable('product_categories')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('category_id', 'integer', (c) =>
          c.notNull().references('categories.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('product_categories_pk', ['product_id', 'category_id'])
        .execute()
      await db.schema
        .createIndex('product_categories_category_idx')
        .on('product_categories')
        .column('category_id')
        .execute()

      await db.schema
        .createTable('product_images')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('media_id', 'integer', (c) => c.notNull().references('media.id'))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('product_images_pk', ['product_id', 'media_id'])
        .execute()

      await withIdColumn(db.schema.createTable('attributes'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .execute()

      await withIdColumn(db.schema.createTable('attribute_terms'), dialect)
        .addColumn('attribute_id', 'integer', (c) =>
          c.notNull().references('attributes.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('menu_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('attribute_terms_slug_unique', ['attribute_id', 'slug'])
        .execute()

      await db.schema
        .createTable('product_terms')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('term_id', 'integer', (c) =>
          c.notNull().references('attribute_terms.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('product_terms_pk', ['product_id', 'term_id'])
        .execute()
      await db.schema.createIndex('product_terms_term_idx').on('product_terms').column('term_id').execute()
    },
  },
  /** The back office (issue 11): a product may be scheduled, and a category hidden from the shop. */
  '2026-11-25T0010_catalog_schedule_and_hide': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('products').addColumn('publish_at', 'bigint').execute()
      await db.schema
        .alterTable('categories')
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
  },
  /**
   * No two products or variations share a SKU, letter case aside: the catalogue file finds a stock
   * row by it. A shop whose rows already share one is told which, rather than one of them being
   * renamed behind its back.
   */
  '2026-12-05T0600_catalog_unique_sku': {
    async up(db: Kysely<unknown>) {
      const { rows } = await sql<{ sku: string; ids: string }>`
        select upper(sku) as sku, ${sql.raw(dialectOf(db) === 'postgres' ? "string_agg(id::text, ', ' order by id)" : "group_concat(id, ', ' order by id)")} as ids
        from products where sku <> '' group by upper(sku) having count(*) > 1 order by upper(sku)`.execute(db)
      if (rows.length > 0) {
        throw new Error(
          `Products share a SKU; give each its own, then start again: ${rows.map((row) => `${row.sku} (ids ${row.ids})`).join('; ')}`,
        )
      }
      await db.schema
        .createIndex('products_sku_unique')
        .on('products')
        .unique()
        .expression(sql`upper(sku)`)
        .where(sql.ref('sku'), '<>', '')
        .execute()
    },
  },
}
