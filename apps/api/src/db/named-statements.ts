/**
 * PostgreSQL's counterpart of SQLite's statements prepared once (sqlite-statements.ts's preparedOnce): pg
 * sends every query as an unnamed statement, which the server parses, analyses and plans again on
 * each call. This client gives each distinct query text a name on its connection, so the server
 * parses it the first time and then only binds and executes it (pg remembers what it prepared).
 *
 * - Only reads and writes are named (select, insert, update, delete, with); transaction control
 *   and DDL run as they are.
 * - A connection names at most `statementNames` texts (1,000 by default; the shop issues a few
 *   hundred), so neither pg nor the server's backend keeps an unbounded number; the rest run
 *   unnamed, as before.
 * - A column added to a table while the shop runs (another instance's migration) changes what a
 *   prepared `select *` returns, which PostgreSQL refuses ("cached plan must not change result
 *   type"). The text then gets a new name, prepared against the table as it is now; a statement on
 *   its own is run again under it, and a transaction, which that error has already failed, fails
 *   once as any other would.
 */
import pg from 'pg'

export interface NamedStatementsConfig extends pg.ClientConfig {
  /** How many distinct texts one connection prepares. */
  statementNames?: number
}

const namedKinds = /^\s*(?:select|insert|update|delete|with)\b/i

/** PostgreSQL's answer to a prepared statement whose result's columns changed under it. */
const planChanged = (error: unknown) =>
  (error as { code?: string }).code === '0A000' &&
  (error as Error).message === 'cached plan must not change result type'

/** pg's client, with each read and write sent as a statement prepared once on its connection. */
export class NamedStatementsClient extends pg.Client {
  readonly #names = new Map<string, string>()
  readonly #limit: number
  #prepared = 0
  /** The server's transaction state after the last query: idle ('I'), in one ('T') or failed ('E'). */
  #transaction = 'I'

  constructor(config: NamedStatementsConfig = {}) {
    super(config)
    this.#limit = config.statementNames ?? 1000
    this.connection.on('readyForQuery', (message: { status: string }) => {
      this.#transaction = message.status
    })
  }

  #nameFor(text: string): string | undefined {
    const known = this.#names.get(text)
    if (known !== undefined || this.#prepared >= this.#limit || !namedKinds.test(text)) return known
    const name = `shop_${this.#prepared++}`
    this.#names.set(text, name)
    return name
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads, passed through as they are
  override query(config: any, values?: any, callback?: any): any {
    const nameable = typeof config === 'string' && callback === undefined && typeof values !== 'function'
    if (!nameable) return super.query(config, values, callback)
    return this.#named(config, values)
  }

  async #named(text: string, values: unknown[] | undefined): Promise<pg.QueryResult> {
    const name = this.#nameFor(text)
    if (name === undefined) return super.query(text, values)
    try {
      return await super.query({ name, text }, values)
    } catch (error) {
      if (!planChanged(error)) throw error
      this.#names.delete(text)
      if (this.#transaction !== 'I') throw error
      return this.#named(text, values)
    }
  }
}
