/**
 * better-sqlite3 as Kysely's SQLite driver reads it, at less cost per query and per row:
 *
 * - Each SQL text is prepared once and reused (least recently used out): Kysely's driver asks for
 *   a statement on every query, and preparing cost more than running it on the add-to-cart path.
 * - A read's rows are taken as arrays and made into objects here. better-sqlite3 makes each row's
 *   object in C++, a property at a time through V8's API, which a profile of an uncached `/shop`
 *   showed as more than half of its product variations' read (72 rows of 9 columns: 131 µs as
 *   objects, 80 µs as arrays made into the same objects in JavaScript, whose rows also share one
 *   hidden class). The objects are the same: the columns' names in order, a name that comes twice
 *   keeping its first place and its last value. Only a read whose columns its text names is made
 *   so: SQLite expands a `*` again when another process changes the table under a kept statement,
 *   and asking a statement for its columns costs more than the read (17 µs).
 */
import type SQLite from 'better-sqlite3'
import type { SqliteDatabase, SqliteStatement } from 'kysely'

/** How many distinct SQL texts keep their prepared statement (the shop issues a few hundred). */
const STATEMENT_CACHE_SIZE = 1000

type Row = Record<string, unknown>

/** Rows read as arrays, returned as objects keyed by the statement's column names. */
function rowsAsObjects(statement: SQLite.Statement, names: readonly string[]): SqliteStatement {
  const raw = statement.raw(true)
  const count = names.length
  const toObject = (values: unknown[]): Row => {
    const row: Row = {}
    for (let j = 0; j < count; j++) row[names[j]!] = values[j]
    return row
  }
  return {
    reader: true,
    all(parameters) {
      const rows = raw.all(parameters) as unknown[][]
      const objects: Row[] = new Array(rows.length)
      for (let i = 0; i < rows.length; i++) objects[i] = toObject(rows[i]!)
      return objects
    },
    run: (parameters) => raw.run(parameters),
    *iterate(parameters) {
      for (const values of raw.iterate(parameters)) yield toObject(values as unknown[])
    },
  }
}

/**
 * A read whose rows `rowsAsObjects` can make, as such; else the statement as prepared. Its text
 * must have no `*` (`count(*)` included, a single row), so its columns stay the ones it names, and
 * none of them may be `__proto__`.
 */
function withRowsMadeHere(text: string, statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader || text.includes('*')) return statement
  const names = statement.columns().map((column) => column.name)
  return names.includes('__proto__') ? statement : rowsAsObjects(statement, names)
}

/** The connection as Kysely's SQLite dialect takes it, each text prepared once. */
export function preparedOnce(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>()
  return {
    close: () => database.close(),
    prepare(text) {
      let statement = statements.get(text)
      if (statement) statements.delete(text)
      else {
        statement = withRowsMadeHere(text, database.prepare(text))
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!)
      }
      statements.set(text, statement)
      return statement
    },
  }
}
