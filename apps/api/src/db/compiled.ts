/**
 * Queries of the add-to-cart path, built and compiled by Kysely once per dialect and then run with
 * new values: building and compiling a query cost more than SQLite takes to run it (issue 13's
 * profile). The builder is called once with placeholders for its arguments; they may only be used
 * as values in the query (not in JavaScript conditions, not as `in` lists, whose length varies).
 * Inside a transaction they go straight to the transaction's connection: Kysely's way there built
 * a new executor and a chain of half a dozen promises per statement (issue 13's second profile).
 */
import {
  type Compilable,
  type DatabaseConnection,
  type Kysely,
  PostgresAdapter,
  type QueryResult,
  type RootOperationNode,
} from 'kysely'
import type { Database } from './schema.ts'

const SLOT = Symbol('compiled query argument')

interface Slot {
  readonly [SLOT]: number
}

const slotIndex = (value: unknown): number =>
  typeof value === 'object' && value !== null && SLOT in value ? (value as Slot)[SLOT] : -1

interface Compiled {
  query: RootOperationNode
  sql: string
  /** Per parameter: the argument it takes, or -1 for a value fixed in the builder. */
  slots: number[]
  fixed: readonly unknown[]
}

/** The connection each open transaction holds (asked of Kysely once per transaction). */
const connections = new WeakMap<Kysely<Database>, DatabaseConnection>()

async function connectionOf(trx: Kysely<Database>): Promise<DatabaseConnection> {
  let connection = connections.get(trx)
  if (!connection) {
    connection = await trx.getExecutor().provideConnection(async (held) => held)
    connections.set(trx, connection)
  }
  return connection
}

/** A query compiled on first use per dialect; call it with an executor (db or trx) and its arguments. */
export function compiledOnce<Args extends unknown[], O>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<O>,
): (db: Kysely<Database>, ...args: Args) => Promise<QueryResult<O>> {
  const byDialect: { sqlite?: Compiled; postgres?: Compiled } = {}
  return (db, ...args) => {
    const dialect = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
    let compiled = byDialect[dialect]
    if (!compiled) {
      const placeholders = args.map((_, index) => ({ [SLOT]: index })) as unknown as Args
      const { query, sql, parameters } = build(db, ...placeholders).compile()
      compiled = { query, sql, slots: parameters.map(slotIndex), fixed: parameters }
      byDialect[dialect] = compiled
    }
    const { slots, fixed } = compiled
    const parameters = slots.map((index, i) => (index < 0 ? fixed[i] : args[index]))
    const query = { query: compiled.query, queryId: { queryId: '' }, sql: compiled.sql, parameters }
    if (!db.isTransaction) return db.executeQuery<O>(query)
    const held = connections.get(db)
    if (held) return held.executeQuery<O>(query)
    return connectionOf(db).then((connection) => connection.executeQuery<O>(query))
  }
}
