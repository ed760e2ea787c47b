/** Migrations owned by the cart domain (names carry a global date-time prefix so they sort in order). */
import { type Kysely, type Migration, sql } from 'kysely'
import { dialectOf, withIdColumn } from '../db/portable.ts'
import type { Database } from '../db/schema.ts'
import { stockAlertsMigration } from './back-in-stock.ts'
import { insertReferenceData } from './reference-data.ts'

export const cartMigrations: Record<string, Migration> = {
  '2026-11-21T0300_cart_reference_data': {
    async up(db: Kysely<unknown>) {
      const dialect = dialectOf(db)
      await withIdColumn(db.schema.createTable('countries'), dialect)
        .addColumn('iso', 'text', (c) => c.notNull().unique())
        .addColumn('iso_name', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('states_required', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()

      await withIdColumn(db.schema.createTable('states'), dialect)
        .addColumn('country_id', 'integer', (c) => c.notNull().references('countries.id').onDelete('cascade'))
        .addColumn('abbr', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addUniqueConstraint('states_country_abbr_unique', ['country_id', 'abbr'])
        .execute()

      await withIdColumn(db.schema.createTable('shipping_zones'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('zone_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()

      await db.schema
        .createTable('shipping_zone_countries')
        .addColumn('zone_id', 'integer', (c) =>
          c.notNull().references('shipping_zones.id').onDelete('cascade'),
        )
        .addColumn('country_id', 'integer', (c) =>
          c.notNull().references('countries.id').onDelete('cascade').primaryKey(),
        )
        .execute()

      await withIdColumn(db.schema.createTable('shipping_methods'), dialect)
        .addColumn('zone_id', 'integer', (c) =>
          c.notNull().references('shipping_zones.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('cost', 'integer', (c) => c.notNull())
        .addColumn('free_above', 'integer')
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()

      await withIdColumn(db.schema.createTable('payment_methods'), dialect)
        .addColumn('method_type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()

      await withIdColumn(db.schema.createTable('coupons'), dialect)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('expires_at', 'bigint')
        .execute()
    },
  },

  '2026-11-21T0305_cart_reference_rows': {
    async up(db: Kysely<unknown>) {
      await insertReferenceData(db as Kysely<Database>, dialectOf(db))
    },
  },

  '2026-11-21T0310_cart_orders': {
    async up(db: Kysely<unknown>) {
      const dialect = dialectOf(db)
      await withIdColumn(db.schema.createTable('orders'), dialect)
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('cart'))
        .addColumn('user_id', 'integer')
        .addColumn('email', 'text')
        .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('item_total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('adjustment_total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ship_total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id'))
        .addColumn('shipping_method_id', 'integer', (c) => c.references('shipping_methods.id'))
        .addColumn('bill_address', 'text')
        .addColumn('ship_address', 'text')
        .addColumn('payment_state', 'text')
        .addColumn('shipment_state', 'text')
        .addColumn('hold_expires_at', 'bigint')
        .addColumn('expired_items', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('completed_at', 'bigint')
        .execute()
      await db.schema
        .createIndex('orders_user_state_idx')
        .on('orders')
        .columns(['user_id', 'state'])
        .execute()

      await withIdColumn(db.schema.createTable('line_items'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('variant_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('line_items_order_variant_unique', ['order_id', 'variant_id'])
        .execute()
      await db.schema.createIndex('line_items_variant_idx').on('line_items').column('variant_id').execute()

      await withIdColumn(db.schema.createTable('payments'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('payment_method_id', 'integer', (c) => c.notNull().references('payment_methods.id'))
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text')
        .addColumn('gateway_token', 'text')
        .addColumn('card_brand', 'text')
        .addColumn('card_last4', 'text')
        .addColumn('card_month', 'integer')
        .addColumn('card_year', 'integer')
        .addColumn('card_name', 'text')
        .addColumn('failure_reason', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('payments_idempotency_unique', ['order_id', 'idempotency_key'])
        .execute()
    },
  },

  /** An order being paid is frozen: its lines, coupon, address and shipping cannot change, and its
   *  holds do not expire, until the payment is decided (ADR 0006). */
  '2026-11-23T0100_cart_order_frozen_at': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('frozen_at', 'bigint').execute()
    },
  },

  /** Settling checks the order against what was authorised (ADR 0006), and the built-in card
   *  gateway keeps its charges where every instance of the shop sees them. */
  '2026-11-23T1600_cart_payment_fingerprint_and_test_card_charges': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('payments').addColumn('order_fingerprint', 'text').execute()
      await db.schema
        .createTable('test_card_charges')
        .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .execute()
    },
  },

  /** Holds per add (each unit's own hour) and a held counter on the stock row, so taking stock is
   *  one conditional write whatever the number of live holds (ADR 0006). Live carts keep what they
   *  hold: each of their lines becomes a hold until the cart's old expiry. */
  '2026-11-23T1700_cart_holds': {
    async up(db: Kysely<unknown>) {
      const dialect = dialectOf(db)
      await db.schema
        .alterTable('products')
        .addColumn('stock_held', 'integer', (c) => c.notNull().defaultTo(0).check(sql`stock_held >= 0`))
        .execute()
      await withIdColumn(db.schema.createTable('holds'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('variant_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('returned_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('holds_order_idx').on('holds').columns(['order_id', 'variant_id']).execute()
      await db.schema
        .createIndex('holds_due_idx')
        .on('holds')
        .column('expires_at')
        .where(sql.ref('returned_at'), 'is', null)
        .execute()
      await db.schema
        .createIndex('holds_variant_due_idx')
        .on('holds')
        .columns(['variant_id', 'expires_at'])
        .where(sql.ref('returned_at'), 'is', null)
        .execute()
      await sql`insert into holds (order_id, variant_id, quantity, expires_at, created_at)
        select line_items.order_id, line_items.variant_id, line_items.quantity, orders.hold_expires_at, line_items.created_at
        from line_items join orders on orders.id = line_items.order_id
        where orders.state <> 'complete' and orders.hold_expires_at is not null`.execute(db)
      await sql`update products set stock_held = coalesce(
        (select sum(quantity) from holds where holds.variant_id = products.id), 0)`.execute(db)
    },
  },
  '2026-11-23T2010_cart_stock_alerts': stockAlertsMigration,
  /** The back office's work on placed orders (issue 11): shipping with carrier and tracking,
   *  cancelling, refunds per line (with the built-in card gateway's record of them) and the
   *  timeline of what happened to each order. */
  '2026-11-25T0030_cart_order_fulfilment_refunds_events': {
    async up(db: Kysely<unknown>) {
      const dialect = dialectOf(db)
      await db.schema.alterTable('orders').addColumn('shipped_at', 'bigint').execute()
      await db.schema.alterTable('orders').addColumn('carrier', 'text').execute()
      await db.schema.alterTable('orders').addColumn('tracking_number', 'text').execute()
      await db.schema.alterTable('orders').addColumn('canceled_at', 'bigint').execute()
      await db.schema
        .alterTable('orders')
        .addColumn('refunded_total', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema
        .alterTable('line_items')
        .addColumn('refunded_quantity', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema
        .alterTable('line_items')
        .addColumn('restocked_quantity', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema.createIndex('orders_completed_idx').on('orders').column('completed_at').execute()

      await withIdColumn(db.schema.createTable('order_events'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('staff_id', 'integer')
        .addColumn('staff_email', 'text')
        .execute()
      await db.schema.createIndex('order_events_order_idx').on('order_events').column('order_id').execute()

      await withIdColumn(db.schema.createTable('order_refunds'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('lines', 'text', (c) => c.notNull())
        .addColumn('restock', 'integer', (c) => c.notNull())
        .addColumn('failure_reason', 'text')
        .addColumn('staff_id', 'integer')
        .addColumn('staff_email', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('order_refunds_key_unique', ['order_id', 'idempotency_key'])
        .execute()

      await db.schema
        .createTable('test_card_refunds')
        .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
        .addColumn('charge_key', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .execute()
    },
  },
  /** Coupons get a validity window's start, a total usage limit counted atomically at placement
   *  and a per-customer limit (issue 11); existing coupons keep no limits and no start. */
  '2026-11-25T0040_cart_coupon_limits': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('coupons').addColumn('starts_at', 'bigint').execute()
      await db.schema.alterTable('coupons').addColumn('usage_limit', 'integer').execute()
      await db.schema.alterTable('coupons').addColumn('per_customer_limit', 'integer').execute()
      await db.schema
        .alterTable('coupons')
        .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0).check(sql`uses >= 0`))
        .execute()
      await db.schema.alterTable('coupons').addColumn('created_at', 'bigint').execute()
      await db.schema.createIndex('orders_coupon_idx').on('orders').column('coupon_id').execute()
    },
  },
  /** Orders are found by number and their token compared (orders.ts), never looked up by token:
   *  its unique index only cost every new cart a write to a random page of it (issue 13). */
  '2026-11-25T0060_cart_orders_token_unindexed': {
    async up(db: Kysely<unknown>) {
      if (dialectOf(db) === 'postgres') {
        await sql`alter table orders drop constraint orders_token_key`.execute(db)
        return
      }
      await rebuildSqliteTable(db, 'orders', (create) => {
        const without = create.replace(/("token" text not null) unique/i, '$1')
        if (without === create) throw new Error('orders.token is not declared unique as expected.')
        return without
      })
    },
  },
  /** A new cart is a guest's, unplaced and without a coupon: indexes on those columns now hold
   *  only the rows that have a value, so a new cart no longer writes three index pages whose
   *  entries no query reads (issue 13). Every query on them compares the column to a value, or
   *  says `is not null` (placed orders), which lets both databases use the partial index. */
  '2026-11-25T0950_cart_orders_partial_indexes': {
    async up(db: Kysely<unknown>) {
      const partial = [
        { name: 'orders_user_state_idx', columns: ['user_id', 'state'], column: 'user_id' },
        { name: 'orders_completed_idx', columns: ['completed_at', 'id'], column: 'completed_at' },
        { name: 'orders_coupon_idx', columns: ['coupon_id'], column: 'coupon_id' },
      ]
      for (const index of partial) {
        await db.schema.dropIndex(index.name).execute()
        await db.schema
          .createIndex(index.name)
          .on('orders')
          .columns(index.columns)
          .where(sql.ref(index.column), 'is not', null)
          .execute()
      }
    },
  },
  /** Every add wrote both indexes of live holds: the periodic sweep now finds what is due by
   *  walking the products of holds_variant_due_idx (holds.ts `productsWithLiveHolds`), so the one
   *  by end alone went, and an add writes one index page fewer (ADR 0006). */
  '2026-11-27T0100_cart_holds_due_index_dropped': {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('holds_due_idx').execute()
    },
  },
  /** Every add wrote a page of the lines' index by product alone, and no query read it: each one
   *  that filters lines by product also names the order, or one fan's orders found through the
   *  orders' own indexes, which the unique (order_id, variant_id) index then serves (plans in
   *  line-items-indexes.test.ts; ADR 0006). Products are never deleted, so no foreign-key check
   *  needs it either. */
  '2026-11-27T0200_cart_line_items_variant_index_dropped': {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('line_items_variant_idx').execute()
    },
  },
  /** A hold's id is SQLite's plain rowid now, not AUTOINCREMENT: every add that wrote a hold also
   *  wrote the counter's page (a raise of a line, nothing else new, wrote it for the hold alone).
   *  No shopper or client ever sees a hold's id, and a plain rowid is still one more than the
   *  largest live one, so a hold's id stays larger than every older live hold's (newest-first
   *  release orders by it); an id freed by a deleted hold may come back, and nothing refers to a
   *  hold by id beyond the statement or transaction that read it. PostgreSQL's identity column
   *  has no such counter row to write: unchanged there. */
  '2026-11-27T0300_cart_holds_rowid_ids': {
    async up(db: Kysely<unknown>) {
      if (dialectOf(db) === 'postgres') return
      await rebuildSqliteTable(db, 'holds', (create) => {
        const without = create.replace(/("id" integer primary key) autoincrement/i, '$1')
        if (without === create) throw new Error('holds.id is not declared AUTOINCREMENT as expected.')
        return without
      })
    },
  },
  /** The background settling (admin/cart/stale-settlement.ts) asks every minute, on every
   *  instance, for the payments and refunds left 'processing': nearly all rows are settled, so
   *  without an index each run read both tables whole, more with every order the shop took. These
   *  partial indexes hold only the rows being processed (a payment writes an entry as it starts and
   *  takes it out as it settles), in the order the job reads them (plans in processing-indexes.test.ts). */
  '2026-12-02T1000_cart_processing_indexes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('payments_processing_idx')
        .on('payments')
        .column('updated_at')
        .where(sql.ref('state'), '=', sql.lit('processing'))
        .execute()
      await db.schema
        .createIndex('order_refunds_processing_idx')
        .on('order_refunds')
        .columns(['updated_at', 'id'])
        .where(sql.ref('state'), '=', sql.lit('processing'))
        .execute()
    },
  },
  /** A note staff add to an order carries its form's key (the admin's note form draws one per
   *  note), like a refund: a retried request with it finds the note and adds none. The unique index
   *  holds only the events that have a key (notes), so the other events write no entry to it. */
  '2026-12-06T0600_cart_order_note_keys': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('order_events').addColumn('idempotency_key', 'text').execute()
      await db.schema
        .createIndex('order_events_key_unique')
        .unique()
        .on('order_events')
        .columns(['order_id', 'idempotency_key'])
        .where(sql.ref('idempotency_key'), 'is not', null)
        .execute()
    },
  },
  '2026-12-06T0900_cart_capped_items': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('orders')
        .addColumn('capped_items', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute()
    },
  },
}

/**
 * SQLite cannot drop a constraint declared with a column: the table is made again from its own
 * `create table` as `change` edits it (every column, whoever added it), its rows, indexes and
 * AUTOINCREMENT counter (unless `change` took AUTOINCREMENT away) carried over, as SQLite's
 * documented procedure does. Foreign keys are off meanwhile, so that dropping the old table
 * cascades to nothing; their check runs before commit.
 * Runs outside a transaction (SQLite migrations do: Kysely runs them so) and opens its own.
 */
async function rebuildSqliteTable(db: Kysely<unknown>, table: string, change: (create: string) => string) {
  const schema = await sql<{ type: string; sql: string }>`
    select type, sql from sqlite_master where tbl_name = ${table} and sql is not null`.execute(db)
  const create = schema.rows.find((row) => row.type === 'table')?.sql
  if (!create) throw new Error(`No table ${table} to rebuild.`)
  const rebuilt = `${table}_rebuilt`
  const edited = change(create).replace(/^create table "?\w+"?/i, `create table "${rebuilt}"`)
  await sql`pragma foreign_keys = off`.execute(db)
  try {
    await db.transaction().execute(async (trx) => {
      const counter = await sql<{ seq: number }>`
        select seq from sqlite_sequence where name = ${table}`.execute(trx)
      await sql.raw(edited).execute(trx)
      await sql`insert into ${sql.table(rebuilt)} select * from ${sql.table(table)}`.execute(trx)
      await sql`drop table ${sql.table(table)}`.execute(trx)
      await sql`alter table ${sql.table(rebuilt)} rename to ${sql.table(table)}`.execute(trx)
      for (const row of schema.rows) if (row.type !== 'table') await sql.raw(row.sql).execute(trx)
      const seq = counter.rows[0]?.seq
      if (seq !== undefined && /\bautoincrement\b/i.test(edited)) {
        await sql`delete from sqlite_sequence where name = ${table}`.execute(trx)
        await sql`insert into sqlite_sequence (name, seq) values (${table}, ${seq})`.execute(trx)
      }
      const broken = await sql`pragma foreign_key_check`.execute(trx)
      if (broken.rows.length > 0) throw new Error(`Rebuilding ${table} broke foreign keys.`)
    })
  } finally {
    await sql`pragma foreign_keys = on`.execute(db)
  }
}
