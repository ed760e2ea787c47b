/**
 * One set of migrations for SQLite and PostgreSQL, gathered from the domains that own them
 * and applied in the order of their names (each name starts with a date-time), at every start.
 */
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely'
import { accountsMigrations } from '../accounts/migrations.ts'
import { adminMigrations } from '../admin/migrations.ts'
import { cartMigrations } from '../cart/migrations.ts'
import { catalogMigrations } from '../catalog/migrations.ts'
import { contentMigrations } from '../content/migrations.ts'
import { launchMigrations } from '../launch/migrations.ts'
import { mediaMigrations } from '../media/migrations.ts'
import { siteMigrations } from '../site/migrations.ts'
import { dialectOf, portableMigrations } from './portable.ts'
import type { Database } from './schema.ts'

const allMigrations: Record<string, Migration> = {
  ...portableMigrations,
  ...mediaMigrations,
  ...siteMigrations,
  ...catalogMigrations,
  ...accountsMigrations,
  ...cartMigrations,
  ...contentMigrations,
  ...launchMigrations,
  ...adminMigrations,
}

const provider: MigrationProvider = { getMigrations: async () => allMigrations }

/** PostgreSQL: the schema this connection works in (its search_path); SQLite has none. */
async function currentSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (dialectOf(db) !== 'postgres') return undefined
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
  return rows[0]?.schema
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  await migrateUpTo(db)
}

/** Applies the pending migrations up to and including `last` (all of them without it). */
export async function migrateUpTo(db: Kysely<Database>, last?: string): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema it can see unless told which one is
  // ours; without this, a PostgreSQL database holding other shops' (or other tests') schemas breaks.
  const migrator = new Migrator({ db, provider, migrationTableSchema: await currentSchema(db) })
  const { error, results } = await (last ? migrator.migrateTo(last) : migrator.migrateToLatest())
  const failed = results?.find((r) => r.status === 'Error')
  if (error) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error).message ?? error)}`,
    )
  }
}
