/**
 * Small helpers that hide the few places where SQLite and PostgreSQL differ
 * (auto-increment keys, identity sequences after explicit ids, case- and accent-insensitive text
 * search, the order text sorts in, the error of a unique constraint, a LIMIT in a raw query).
 */
import { COMBINING_ACCENTS, searchFold, searchWords } from '@fanshop/core'
import {
  type CreateTableBuilder,
  type Expression,
  type Kysely,
  type Migration,
  PostgresAdapter,
  type RawBuilder,
  sql,
} from 'kysely'

/**
 * How the shop writes a LIMIT on SQLite, in the builder's queries (database.ts's
 * ShopSqliteQueryCompiler) and in raw ones (limitRows): its value behind a unary plus. SQLite's
 * planner reads a bound LIMIT's value (when it is an integer) and so marks the statement to be
 * planned again each time that parameter is bound: every run of a kept statement was parsed and
 * planned anew. better-sqlite3 binds a number as a REAL, which the planner cannot use anyway;
 * behind a unary plus it does not look, and runs the same program (db/limit.test.ts).
 */
export const SQLITE_LIMIT = 'limit +'

/** A LIMIT in a raw query: SQLITE_LIMIT on SQLite, plain on PostgreSQL, which cannot type `+$1`. */
export function limitRows(dialect: 'sqlite' | 'postgres', rows: number): RawBuilder<unknown> {
  return dialect === 'sqlite' ? sql`${sql.raw(SQLITE_LIMIT)}${rows}` : sql`limit ${rows}`
}

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
 * SQLite: gives a connection `search_fold`, core's `searchFold` (SQLite's own `lower` folds ASCII only; it stays as it
 * is, for the indexes built with it, such as the orders' on lower(email)).
 */
export function addSearchFold(database: {
  function(name: string, options: { deterministic: boolean }, fn: (value: unknown) => unknown): unknown
}): void {
  database.function('search_fold', { deterministic: true }, (value) =>
    value === null ? null : searchFold(String(value)),
  )
}

/**
 * PostgreSQL's `search_fold`, the same fold whatever the database's locale: under a "C" locale
 * `lower()` folds ASCII only, so it lowers with ICU's root collation, or PostgreSQL 17's built-in
 * Unicode one, when the server has it (taking off accents after NFD already folds accented Latin
 * letters to ASCII under any locale). An immutable one-line SQL function, inlined where it is used.
 */
async function createSearchFold(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ name: string }>`select collname as name from pg_collation
    where collname in ('und-x-icu', 'pg_c_utf8')
      and collencoding in (-1, (select encoding from pg_database where datname = current_database()))
    order by collname = 'und-x-icu' desc limit 1`.execute(db)
  const collation = rows[0] ? ` collate "${rows[0].name}"` : ''
  const body = `select lower(regexp_replace(normalize($1, NFD), '${COMBINING_ACCENTS}', '', 'g')${collation})`
  await sql`create or replace function search_fold(text) returns text
    language sql immutable strict parallel safe as ${sql.lit(body)}`.execute(db)
}

/**
 * Text as a sort key in the order of its bytes on both databases: SQLite's built-in BINARY
 * collation, and on PostgreSQL a collation of the same name made from "C" (portableMigrations).
 * Without it PostgreSQL sorts text by the database's locale, which under a language's locale
 * (en_US.UTF-8, an ICU one) skips spaces and punctuation ("a-c" after "ab"), so a list sorted by
 * title or slug came out in another order than on SQLite.
 */
export function inByteOrder(text: Expression<unknown>): RawBuilder<unknown> {
  return sql`${text} collate "binary"`
}

/**
 * inByteOrder's order for texts sorted in memory: their UTF-8 bytes. JavaScript's `<` compares
 * UTF-16 code units, which put emoji (beyond U+FFFF) before U+E000–U+FFFF.
 */
export const compareInByteOrder = (a: string, b: string): number =>
  Buffer.compare(Buffer.from(a), Buffer.from(b))

/** Migrations of the helpers above: PostgreSQL's `search_fold` (SQLite's is added on each connection) and "binary" collation. */
export const portableMigrations: Record<string, Migration> = {
  '2026-12-02T0100_search_fold': {
    async up(db: Kysely<unknown>) {
      if (dialectOf(db) === 'postgres') await createSearchFold(db)
    },
  },
  '2026-12-05T0100_binary_collation': {
    async up(db: Kysely<unknown>) {
      if (dialectOf(db) === 'postgres')
        await sql`create collation if not exists "binary" from "C"`.execute(db)
    },
  },
}

/** The place of a row's id in `ids` (WordPress's `orderby=include`), as a sort key. */
export function positionIn(id: Expression<unknown>, ids: readonly number[]): RawBuilder<number> {
  return sql<number>`case ${id} ${sql.join(
    ids.map((each, position) => sql`when ${each} then ${sql.lit(position)}`),
    sql` `,
  )} end`
}

/**
 * Whether `column`, folded by `search_fold`, contains the word of `pattern` (one of `wordPatterns`).
 */
export function containsWord(column: Expression<unknown>, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`search_fold(${column}) like ${pattern} escape '\\'`
}

/**
 * The `like ... escape '\\'` pattern that finds `text` anywhere, on both databases: the user's %
 * and _ are matched literally (`containsWord`'s words, the back office's e-mail search).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * One `containsPattern` per word of a search text: a search matches when every word is found,
 * in any order ("hoodie black" finds the Black hoodies as "black hoodie" does).
 */
export function wordPatterns(value: string): string[] {
  return searchWords(value).map(containsPattern)
}

/** Whether a write failed on a unique constraint (PostgreSQL's 23505, SQLite's own code). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}
