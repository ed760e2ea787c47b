/**
 * Opens the shop's database: SQLite (better-sqlite3, WAL) for a single machine,
 * PostgreSQL when DATABASE_URL says postgres://. Both speak through one Kysely instance,
 * so every query and migration is written once.
 *
 * Portable column conventions (see docs/decisions/0002-portable-data.md):
 * money in integer cents, times in integer epoch milliseconds, booleans as 0/1, JSON as text.
 */
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type LimitNode,
  type QueryCompiler,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  SqliteQueryCompiler,
  sql,
} from 'kysely'
import pg from 'pg'
import { checkpointInBackground } from './checkpoints.ts'
import { NamedStatementsClient } from './named-statements.ts'
import { OwnSchemaPostgresDialect } from './own-schema-introspector.ts'
import { addSearchFold, SQLITE_LIMIT } from './portable.ts'
import type { Database } from './schema.ts'
import { preparedOnce } from './sqlite-statements.ts'

export type Dialect = 'sqlite' | 'postgres'

export interface ShopDatabase {
  db: Kysely<Database>
  dialect: Dialect
  /** SQLite only: the connection itself, for the hot path that runs on it directly (cart/sqlite-hot-path.ts). */
  sqlite?: SQLite.Database
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>
  close(): Promise<void>
}

// int8 (COUNT, SUM, epoch-ms columns) would otherwise arrive as strings; all our int8 values fit a double.
pg.types.setTypeParser(20, (value) => Number(value))

export interface OpenOptions {
  /** PostgreSQL only: the schema used for every table (tests give each file its own). */
  schema?: string
  poolSize?: number
}

/**
 * SQLite transactions that take the database's write lock as they begin (BEGIN IMMEDIATE): a
 * transaction's reads can then never go stale before it writes, without a first write to take
 * the lock (cart/row-locks.ts), and a writer in another process waits its turn (busy_timeout)
 * instead of failing when a read transaction tries to become a write one.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

/** The builder's LIMIT written as SQLITE_LIMIT says, so that preparedOnce's statements stay planned. */
class ShopSqliteQueryCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    this.append(SQLITE_LIMIT)
    this.visitNode(node.limit)
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig
  constructor(config: SqliteDialectConfig) {
    super(config)
    this.#config = config
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config)
  }
  override createQueryCompiler(): QueryCompiler {
    return new ShopSqliteQueryCompiler()
  }
}

export function openDatabase(url: string, options: OpenOptions = {}): ShopDatabase {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      Client: NamedStatementsClient,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    })
    const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) })
    return {
      db,
      dialect: 'postgres',
      ping: async () => void (await sql`select 1`.execute(db)),
      close: () => db.destroy(),
    }
  }
  const file = url.replace(/^sqlite:/, '')
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const database = new SQLite(file)
  database.pragma('journal_mode = WAL')
  database.pragma('synchronous = NORMAL')
  database.pragma('foreign_keys = ON')
  database.pragma('busy_timeout = 5000')
  addSearchFold(database)
  const stopCheckpoints = file === ':memory:' ? async () => {} : checkpointInBackground(database, file)
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: preparedOnce(database) }),
  })
  return {
    db,
    dialect: 'sqlite',
    sqlite: database,
    ping: async () => void (await sql`select 1`.execute(db)),
    close: async () => {
      await stopCheckpoints()
      await db.destroy()
    },
  }
}
