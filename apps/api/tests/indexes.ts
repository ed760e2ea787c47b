/**
 * The indexes of a table, for the tests that check the schema: from sqlite_master on SQLite (its
 * automatic indexes with an empty definition), from pg_indexes in the current schema on
 * PostgreSQL. Definitions are lower-cased and unquoted, so that one pattern reads both spellings.
 */
import { type Kysely, sql } from 'kysely'
import { testDialect } from './test-app.ts'

export async function indexDefinitions<DB>(db: Kysely<DB>, table: string): Promise<Record<string, string>> {
  const { rows } =
    testDialect === 'postgres'
      ? await sql<{ name: string; definition: string }>`
          select indexname as name, indexdef as definition from pg_indexes
          where tablename = ${table} and schemaname = current_schema()`.execute(db)
      : await sql<{ name: string; definition: string }>`
          select name, coalesce(sql, '') as definition from sqlite_master
          where type = 'index' and tbl_name = ${table}`.execute(db)
  return Object.fromEntries(rows.map((row) => [row.name, row.definition.replaceAll('"', '').toLowerCase()]))
}

/** The names of a table's indexes, sorted. */
export async function indexNames<DB>(db: Kysely<DB>, table: string): Promise<string[]> {
  return Object.keys(await indexDefinitions(db, table)).sort()
}
