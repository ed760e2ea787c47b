/** Migrations owned by the accounts domain (names carry a global date-time prefix so they sort in order). */
import { type Kysely, type Migration, sql } from 'kysely'
import { dialectOf, withIdColumn } from '../db/portable.ts'
import { rateLimitsExpiryMigration, rateLimitsMigration } from '../http/rate-limit.ts'
import { addressBookMigration } from './address-book.ts'

export const accountsMigrations: Record<string, Migration> = {
  '2026-11-21T0200_accounts_users': {
    async up(db: Kysely<unknown>) {
      const dialect = dialectOf(db)
      await withIdColumn(db.schema.createTable('users'), dialect)
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('gender', 'text')
        .addColumn('birthday', 'text')
        .addColumn('phone', 'text')
        .addColumn('scope', 'text', (c) => c.notNull().defaultTo('customer'))
        .addColumn('preferences', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('terms_accepted_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute()

      await db.schema
        .createTable('auth_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute()
      await db.schema.createIndex('auth_sessions_user_idx').on('auth_sessions').column('user_id').execute()

      await db.schema
        .createTable('user_identities')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_identities_pk', ['provider', 'subject'])
        .execute()

      await db.schema
        .createTable('password_resets')
        .addColumn('key_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute()
      await db.schema
        .createIndex('password_resets_user_idx')
        .on('password_resets')
        .column('user_id')
        .execute()

      await withIdColumn(db.schema.createTable('user_menu_items'), dialect)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
  },
  '2026-11-21T0210_accounts_rate_limits': rateLimitsMigration,
  '2026-11-23T1600_accounts_rate_limits_expiry': rateLimitsExpiryMigration,
  '2026-11-23T2000_accounts_address_book': addressBookMigration,
  /** Staff may disable an account (it cannot log in) and erase a customer's personal data on
   *  request (issue 11); an erased account stays as an anonymous row its orders point to. */
  '2026-11-25T0040_accounts_disabled_and_erased': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('disabled_at', 'bigint').execute()
      await db.schema.alterTable('users').addColumn('erased_at', 'bigint').execute()
    },
  },
  /** Whether an account's address was shown to be its owner's, so that linking Facebook to an
   *  account registered by someone else ends that someone's way in (facebook.ts). Accounts that
   *  Facebook made or already linked count as confirmed from then. */
  '2026-12-01T0400_accounts_email_confirmed': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('email_confirmed_at', 'bigint').execute()
      await sql`update users set email_confirmed_at = (select min(created_at) from user_identities where user_identities.user_id = users.id)`.execute(
        db,
      )
    },
  },
}
