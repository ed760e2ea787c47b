/**
 * Small helpers that hide the few places where SQLite and PostgreSQL differ
 * (auto-increment keys, identity sequences after explicit ids, case-insensitive text search, the
 * error of a unique constraint).
 */
import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely'

/** Adds an auto-increment integer primary key named `id` that also accepts explicit ids. */
export function withIdColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: 'sqlite' | 'postgres',
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
}

/** After inserting explicit ids on PostgreSQL, moves the identity sequence past them. */
export async function syncIdSequence<DB>(
  db: Kysely<DB>,
  dialect: 'sqlite' | 'postgres',
  table: string,
): Promise<void> {
  if (dialect !== 'postgres') return
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
    db,
  )
}

/** Which dialect a Kysely instance talks to, for migrations that need to know. */
export function dialectOf<DB>(db: Kysely<DB>): 'sqlite' | 'postgres' {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
}

/**
 * The pattern of `lower(column) like <pattern> escape '\\'` that finds `text` anywhere, case
 * aside, on both databases: the user's % and _ are matched literally.
 */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** Most words a search text is split into; the rest are ignored, so a long paste stays cheap. */
const MAX_SEARCH_WORDS = 6

/**
 * One `containsPattern` per word of a search text: a search matches when every word is found,
 * in any order ("hoodie black" finds the Black hoodies as "black hoodie" does).
 */
export function wordPatterns(text: string): string[] {
  return text.trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS).map(containsPattern)
}

/** Whether a write failed on a unique constraint (PostgreSQL's 23505, SQLite's own code). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}
