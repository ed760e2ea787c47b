/** Drops every table of the shop (and the migration bookkeeping), for `npm run seed -- --reset`. */
import { type Kysely, sql } from 'kysely'
import { dialectOf } from './portable.ts'

export async function resetDatabase<DB>(db: Kysely<DB>): Promise<void> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true })
  const cascade = dialectOf(db) === 'postgres' ? sql` cascade` : sql``
  if (dialectOf(db) === 'sqlite') await sql`pragma foreign_keys = off`.execute(db)
  for (const table of tables) {
    await sql`drop table if exists ${sql.table(table.name)}${cascade}`.execute(db)
  }
  if (dialectOf(db) === 'sqlite') await sql`pragma foreign_keys = on`.execute(db)
}
