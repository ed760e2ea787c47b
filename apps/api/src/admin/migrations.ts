/** Migrations owned by the back office (names carry a global date-time prefix so they sort in order). */
import type { Kysely, Migration } from 'kysely'
import { dialectOf, withIdColumn } from '../db/portable.ts'

export const adminMigrations: Record<string, Migration> = {
  '2026-11-23T2300_admin_staff_sessions_invitations_audit': {
    async up(db: Kysely<unknown>) {
      const dialect = dialectOf(db)
      await withIdColumn(db.schema.createTable('staff_users'), dialect)
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('totp_secret', 'text')
        .addColumn('totp_pending_secret', 'text')
        .addColumn('totp_last_step', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('staff_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute()
      await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute()
      await db.schema
        .createTable('staff_invitations')
        .addColumn('key_hash', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('invited_by', 'integer', (c) => c.references('staff_users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute()
      await withIdColumn(db.schema.createTable('admin_audit'), dialect)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('staff_id', 'integer', (c) => c.references('staff_users.id').onDelete('set null'))
        .addColumn('staff_email', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text')
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .execute()
      await db.schema.createIndex('admin_audit_created').on('admin_audit').column('created_at').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('admin_audit').execute()
      await db.schema.dropTable('staff_invitations').execute()
      await db.schema.dropTable('staff_sessions').execute()
      await db.schema.dropTable('staff_users').execute()
    },
  },
  /** A departed member is deactivated, not deleted (the audit log keeps naming them), and an
   *  invitation can be withdrawn before it is used. */
  '2026-12-05T0500_admin_staff_deactivated_invitations_withdrawn': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('staff_users').addColumn('deactivated_at', 'bigint').execute()
      await db.schema.alterTable('staff_invitations').addColumn('withdrawn_at', 'bigint').execute()
    },
  },
}
