/**
 * The active payment methods a new cart shows, kept per SQLite connection (issue 13, ninth pass):
 * every create on drop day read the same two rows and built them as objects (about 6% of an
 * iteration's time in the profile), for a table only the seed and the back office write. The rows
 * are read again once anything may have changed them: another connection's commit (SQLite's
 * `data_version`, which moves when any other connection or process commits), a write of this
 * connection to the table (temporary triggers, which fire for this connection only, call back
 * here; `data_version` does not move for a connection's own writes), or a change of the schema
 * (`schema_version`; dropping the table drops its triggers, which are then made again).
 */
import type SQLite from 'better-sqlite3'
import type { PaymentMethodRow } from './order-json.ts'

interface Cache {
  versions: SQLite.Statement
  read: SQLite.Statement
  rows: PaymentMethodRow[] | null
  dataVersion: unknown
  schemaVersion: unknown
}

const caches = new WeakMap<SQLite.Database, Cache>()
const WRITTEN = 'fanshop_payment_methods_written'

function cacheOf(database: SQLite.Database): Cache {
  const cache = caches.get(database)
  if (cache) return cache
  const created: Cache = {
    versions: database.prepare('select * from pragma_data_version, pragma_schema_version').raw(true),
    read: database.prepare(
      'select id, name, method_type, description from payment_methods where active = 1 order by position, id',
    ),
    rows: null,
    dataVersion: null,
    schemaVersion: null,
  }
  database.function(WRITTEN, () => {
    created.rows = null
    return null
  })
  caches.set(database, created)
  return created
}

/**
 * The active payment methods in their order, as the database holds them now; the array is shared
 * by every caller, not to be changed. Inside a transaction they are read and not kept (what is kept
 * is what was committed).
 */
export function activePaymentMethodsOnSqlite(database: SQLite.Database): PaymentMethodRow[] {
  const cache = cacheOf(database)
  if (database.inTransaction) return cache.read.all() as PaymentMethodRow[]
  const [dataVersion, schemaVersion] = cache.versions.get() as [number, number]
  if (cache.rows && dataVersion === cache.dataVersion && schemaVersion === cache.schemaVersion)
    return cache.rows
  if (schemaVersion !== cache.schemaVersion) {
    for (const event of ['insert', 'update', 'delete'])
      database.exec(
        `create temp trigger if not exists fanshop_payment_methods_${event} after ${event} on main.payment_methods
         begin select ${WRITTEN}(); end`,
      )
  }
  const rows = cache.read.all() as PaymentMethodRow[]
  // Read again: creating the triggers changed the schema, and the rows are kept for these versions.
  const [dataNow, schemaNow] = cache.versions.get() as [number, number]
  cache.rows = rows
  cache.dataVersion = dataNow
  cache.schemaVersion = schemaNow
  return rows
}
