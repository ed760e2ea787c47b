/**
 * Queries of the add-to-cart path and of every catalogue page, built and compiled by Kysely once per
 * dialect and then run with new values: building and compiling a query cost more than SQLite takes
 * to run it (issues 13 and 15's profiles). The builder is called with placeholders for its
 * arguments; they may only be used as values in the query, not in JavaScript conditions, except
 * for being undefined (an optional filter: left undefined, the builder sees undefined). An array
 * argument (an `in` list) is a list of placeholders of its length. Which arguments are undefined
 * and how long the arrays are make a query's shape: it is compiled once per shape, the first
 * MAX_SHAPES of them kept (lists are a page of ids or fewer).
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

/** Shapes kept per query and dialect; past them a query is compiled on each call, as Kysely would. */
const MAX_SHAPES = 256

/** An argument, and for an array argument the element, a parameter takes (-1: the whole argument). */
interface Slot {
  readonly [SLOT]: readonly [argument: number, element: number]
}

const slotOf = (value: unknown): Slot[typeof SLOT] | undefined =>
  typeof value === 'object' && value !== null && SLOT in value ? (value as Slot)[SLOT] : undefined

const placeholderOf = (value: unknown, argument: number): Slot | Slot[] | undefined => {
  if (value === undefined) return undefined
  if (Array.isArray(value)) return value.map((_, element) => ({ [SLOT]: [argument, element] as const }))
  return { [SLOT]: [argument, -1] as const }
}

/** The undefined arguments and the arrays' lengths: the part of a query's shape its arguments decide. */
const shapeOf = (args: readonly unknown[]): string => {
  let shape = ''
  for (const arg of args) shape += arg === undefined ? 'u,' : Array.isArray(arg) ? `${arg.length},` : '-,'
  return shape
}

interface Compiled {
  query: RootOperationNode
  sql: string
  /** Per parameter: the argument (and element) it takes, or undefined for a value fixed in the builder. */
  slots: (Slot[typeof SLOT] | undefined)[]
  fixed: readonly unknown[]
}

function compile<Args extends unknown[], O>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<O>,
  db: Kysely<Database>,
  args: Args,
): Compiled {
  const placeholders = args.map(placeholderOf) as unknown as Args
  const { query, sql, parameters } = build(db, ...placeholders).compile()
  return { query, sql, slots: parameters.map(slotOf), fixed: parameters }
}

function parametersOf(compiled: Compiled, args: readonly unknown[]): unknown[] {
  const { slots, fixed } = compiled
  return slots.map((slot, i) => {
    if (slot === undefined) return fixed[i]
    const arg = args[slot[0]]
    return slot[1] < 0 ? arg : (arg as readonly unknown[])[slot[1]]
  })
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
  const byDialect = { sqlite: new Map<string, Compiled>(), postgres: new Map<string, Compiled>() }
  return (db, ...args) => {
    const shapes = byDialect[db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite']
    const shape = shapeOf(args)
    let compiled = shapes.get(shape)
    if (!compiled) {
      compiled = compile(build, db, args)
      if (shapes.size < MAX_SHAPES) shapes.set(shape, compiled)
    }
    const parameters = parametersOf(compiled, args)
    const query = { query: compiled.query, queryId: { queryId: '' }, sql: compiled.sql, parameters }
    if (!db.isTransaction) return db.executeQuery<O>(query)
    const held = connections.get(db)
    if (held) return held.executeQuery<O>(query)
    return connectionOf(db).then((connection) => connection.executeQuery<O>(query))
  }
}

/**
 * Compiled queries whose SQL depends on a choice made in JavaScript (a sort order, a flag), made
 * once per choice: the choices are few and fixed by the API's schema, so they are all kept.
 */
export function perChoice<Choice extends readonly (string | boolean)[], Queries>(
  make: (...choice: Choice) => Queries,
): (...choice: Choice) => Queries {
  const made = new Map<string, Queries>()
  return (...choice) => {
    const key = choice.join(' ')
    let queries = made.get(key)
    if (!queries) {
      queries = make(...choice)
      made.set(key, queries)
    }
    return queries
  }
}
