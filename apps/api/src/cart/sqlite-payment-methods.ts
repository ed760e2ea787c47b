/**
 * The active payment methods a new cart shows, kept per SQLite connection (issue 13, ninth pass):
 * every create on drop day read the same two rows and built them as objects, for a table only the
 * seed and the back office write. The rows are read again once anything may have changed them:
 * another connection's commit (SQLite's `data_version`, which moves when any other connection or
 * process commits), a write of this connection to the table (temporary triggers, which fire for
 * this connection only, call back here; `data_version` does not move for a connection's own
 * writes), or a change of the schema (`schema_version`: dropping the table drops its triggers,
 * which are then made again). The two versions are read inside the create's own transaction,
 * where SQLite already holds its read lock: outside one, each read takes and drops that lock
 * (about 2 µs, as much as the rows cost to read).
 */
import type SQLite from 'better-sqlite3'
import type { PaymentMethodRow } from './order-json.ts'

interface Cache {
  dataVersion: SQLite.Statement
  schemaVersion: SQLite.Statement
  read: SQLite.Statement
  rows: PaymentMethodRow[] | null
  /** The versions the rows were read at. */
  readAt: [unknown, unknown]
}

const caches = new WeakMap<SQLite.Database, Cache>()
const WRITTEN = 'fanshop_payment_methods_written'

function cacheOf(database: SQLite.Database): Cache {
  const cache = caches.get(database)
  if (cache) return cache
  const created: Cache = {
    dataVersion: database.prepare('pragma data_version').pluck(),
    schemaVersion: database.prepare('pragma schema_version').pluck(),
    read: database.prepare(
      'select id, name, method_type, description from payment_methods where active = 1 order by position, id',
    ),
    rows: null,
    readAt: [null, null],
  }
  database.function(WRITTEN, () => {
    created.rows = null
    return null
  })
  caches.set(database, created)
  return created
}

const versionsOf = (cache: Cache): [unknown, unknown] => [cache.dataVersion.get(), cache.schemaVersion.get()]

/**
 * The active payment methods as kept, if nothing can have changed them since they were read; else
 * null. For a transaction that has not written the table itself (the group commit's creates):
 * inside another, the trigger has already dropped the rows kept.
 */
export function keptPaymentMethodsOnSqlite(database: SQLite.Database): PaymentMethodRow[] | null {
  const cache = cacheOf(database)
  if (!cache.rows) return null
  const [data, schema] = versionsOf(cache)
  return data === cache.readAt[0] && schema === cache.readAt[1] ? cache.rows : null
}

/**
 * The active payment methods in their order, as the database holds them now; the array is shared
 * by every caller, not to be changed. Inside a transaction they are read and not kept (what is kept
 * is what was committed).
 */
export function activePaymentMethodsOnSqlite(database: SQLite.Database): PaymentMethodRow[] {
  const cache = cacheOf(database)
  if (database.inTransaction) return cache.read.all() as PaymentMethodRow[]
  const kept = keptPaymentMethodsOnSqlite(database)
  if (kept) return kept
  const readAt = versionsOf(cache)
  if (readAt[1] !== cache.readAt[1]) {
    for (const event of ['insert', 'update', 'delete'])
      database.exec(
        `create temp trigger if not exists fanshop_payment_methods_${event} after ${event} on main.payment_methods
         begin select ${WRITTEN}(); end`,
      )
  }
  cache.rows = cache.read.all() as PaymentMethodRow[]
  cache.readAt = readAt
  return cache.rows
}
