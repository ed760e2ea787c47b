/**
 * A write that fails, for tests of operations whose writes must hold together: a trigger, on
 * SQLite or PostgreSQL, refuses every INSERT or UPDATE of a table whose new row matches a
 * condition, as a write failing part-way through (or the process dying there) would.
 */
import { type Kysely, sql } from 'kysely'
import { afterEach } from 'vitest'
import type { Database } from '../src/db/schema.ts'
import { testDialect } from './test-app.ts'

export interface FailingWrite {
  /** The trigger's name (letters, digits and underscores). */
  name: string
  table: keyof Database & string
  on: 'insert' | 'update'
  /** SQL on the new row (`new.<column>`), the same on both databases. */
  when: string
}

/** Makes the matching writes fail; answers the function that lets them through again. */
export async function failWrites(db: Kysely<Database>, write: FailingWrite): Promise<() => Promise<void>> {
  const { name, table, on, when } = write
  const message = `${name}: the write failed`
  if (testDialect === 'postgres') {
    await sql`create or replace function ${sql.raw(name)}() returns trigger as $$
      begin raise exception ${sql.lit(message)}; end $$ language plpgsql`.execute(db)
    await sql`create trigger ${sql.raw(name)} before ${sql.raw(on)} on ${sql.table(table)} for each row
      when (${sql.raw(when)}) execute function ${sql.raw(name)}()`.execute(db)
    return async () => {
      await sql`drop trigger if exists ${sql.raw(name)} on ${sql.table(table)}`.execute(db)
      await sql`drop function if exists ${sql.raw(name)}()`.execute(db)
    }
  }
  await sql`create trigger ${sql.raw(name)} before ${sql.raw(on)} on ${sql.table(table)}
    when ${sql.raw(when)} begin select raise(abort, ${sql.lit(message)}); end`.execute(db)
  return async () => {
    await sql`drop trigger if exists ${sql.raw(name)}`.execute(db)
  }
}

/**
 * failWrites for the tests of one file: `fail` sets a failing write, `letThrough` ends every one
 * set, and those left are ended after each test, so a failed assertion leaves no trigger behind.
 */
export function failingWritesPerTest(db: () => Kysely<Database>) {
  const set: Array<() => Promise<void>> = []
  const letThrough = async () => {
    for (const end of set.splice(0)) await end()
  }
  afterEach(letThrough)
  return {
    fail: async (write: FailingWrite) => void set.push(await failWrites(db(), write)),
    letThrough,
  }
}
