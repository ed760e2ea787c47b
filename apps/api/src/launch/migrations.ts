/** Migrations owned by the launch domain (names carry a global date-time prefix so they sort in order). */
import { mailboxOf } from '@fanshop/core'
import { type Kysely, type Migration, sql } from 'kysely'
import { dialectOf, withIdColumn } from '../db/portable.ts'
import type { Database } from '../db/schema.ts'

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
  '2026-11-23T2230_launch_waiting_room': {
    async up(db: Kysely<unknown>) {
      const dialect = dialectOf(db)
      await db.schema
        .alterTable('access_codes')
        .addColumn('skips_queue', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema
        .createTable('queue_state')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('drawn', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('seed', 'text')
        .addColumn('last_place', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_admit_at', 'bigint')
        .execute()
      await sql`insert into queue_state (id, drawn, last_place) values (1, 0, 0)`.execute(db)
      await withIdColumn(db.schema.createTable('queue_tickets'), dialect)
        .addColumn('challenge', 'text', (c) => c.notNull().unique())
        .addColumn('joined_at', 'bigint', (c) => c.notNull())
        .addColumn('place', 'integer')
        .addColumn('admit_at', 'bigint')
        .addColumn('carts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema.createIndex('queue_tickets_place').on('queue_tickets').column('place').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('queue_tickets').execute()
      await db.schema.dropTable('queue_state').execute()
      await db.schema.alterTable('access_codes').dropColumn('skips_queue').execute()
    },
  },
  '2026-11-23T2245_launch_per_fan_cap': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('products')
        .addColumn('limited', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema.alterTable('products').addColumn('max_per_fan', 'integer').execute()
      await db.schema.createIndex('orders_email_idx').on('orders').expression(sql`lower(email)`).execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_email_idx').execute()
      await db.schema.alterTable('products').dropColumn('max_per_fan').execute()
      await db.schema.alterTable('products').dropColumn('limited').execute()
    },
  },
  '2026-11-25T0050_launch_queue_admitted_carts': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('queue_ticket_id', 'integer').execute()
      await db.schema.alterTable('orders').addColumn('queue_admitted_at', 'bigint').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').dropColumn('queue_admitted_at').execute()
      await db.schema.alterTable('orders').dropColumn('queue_ticket_id').execute()
    },
  },
  '2026-11-25T0050_launch_queue_settings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('queue_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('pre_queue_minutes', 'integer', (c) => c.notNull())
        .addColumn('rate_per_minute', 'integer', (c) => c.notNull())
        .addColumn('max_shopping', 'integer')
        .addColumn('pass_minutes', 'integer', (c) => c.notNull())
        .addColumn('pow_max_number', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('queue_settings').execute()
    },
  },
  /** A new cart has no e-mail address yet: the per-fan cap's index on it now holds only the rows
   *  that have one, so a new cart no longer writes an index page whose entry no query reads (issue
   *  13, seventh pass). The cap's query compares `lower(email)` to a value, which implies the
   *  index's condition on both databases, so both still use it. */
  '2026-11-25T1400_launch_orders_email_partial_index': {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_email_idx').execute()
      await db.schema
        .createIndex('orders_email_idx')
        .on('orders')
        .expression(sql`lower(email)`)
        .where(sql<boolean>`lower(email) is not null`)
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_email_idx').execute()
      await db.schema.createIndex('orders_email_idx').on('orders').expression(sql`lower(email)`).execute()
    },
  },
  /** The pace the waiting fans' admission times follow, so a new pace moves them (queue-store.ts). */
  '2026-12-02T0900_launch_queue_state_interval': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('queue_state').addColumn('interval_ms', 'bigint').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('queue_state').dropColumn('interval_ms').execute()
    },
  },
  /** The drop the waiting room's state is for, so a later launch draws its own pre-queue (queue-store.ts). */
  '2026-12-02T0910_launch_queue_state_launch_at': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('queue_state').addColumn('launch_at', 'bigint').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('queue_state').dropColumn('launch_at').execute()
    },
  },
  /** The mailbox an order with capped items was placed for (core's mailboxOf), which the per-fan
   *  cap counts guests and accounts by, so fan+1@ and f.an@gmail.com are one fan (docs/decisions/0019).
   *  Orders placed or being paid before are given theirs, so what a fan bought still counts. */
  '2026-12-05T0400_launch_orders_fan_mailbox': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('fan_mailbox', 'text').execute()
      await db.schema
        .createIndex('orders_fan_mailbox_idx')
        .on('orders')
        .column('fan_mailbox')
        .where(sql<boolean>`fan_mailbox is not null`)
        .execute()
      const shop = db as unknown as Kysely<Database>
      const placed = await shop
        .selectFrom('orders')
        .select(['id', 'email'])
        .where('email', 'is not', null)
        .where((eb) => eb.or([eb('state', '=', 'complete'), eb('frozen_at', 'is not', null)]))
        .execute()
      const byMailbox = new Map<string, number[]>()
      for (const { id, email } of placed) {
        const mailbox = mailboxOf(email!)
        byMailbox.set(mailbox, [...(byMailbox.get(mailbox) ?? []), id])
      }
      for (const [mailbox, ids] of byMailbox) {
        for (let i = 0; i < ids.length; i += 500) {
          await shop
            .updateTable('orders')
            .set({ fan_mailbox: mailbox })
            .where('id', 'in', ids.slice(i, i + 500))
            .execute()
        }
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_fan_mailbox_idx').execute()
      await db.schema.alterTable('orders').dropColumn('fan_mailbox').execute()
    },
  },
  /** The back office's access codes: each code kept sealed for staff to read, and disabling one. */
  '2026-12-05T0401_launch_access_codes_back_office': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('access_codes').addColumn('code_sealed', 'text').execute()
      await db.schema.alterTable('access_codes').addColumn('disabled_at', 'bigint').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('access_codes').dropColumn('disabled_at').execute()
      await db.schema.alterTable('access_codes').dropColumn('code_sealed').execute()
    },
  },
}
