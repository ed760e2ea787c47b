/**
 * What every domain plugin receives from the server: configuration, the database,
 * a clock (tests move it instead of sleeping) and the mailer. Decorated on Fastify as `shop`.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import type { Config } from './config.ts'
import type { ShopDatabase } from './db/database.ts'
import type { Database } from './db/schema.ts'
import type { Mailer } from './mail/mailer.ts'

export interface ShopContext {
  config: Config
  database: ShopDatabase
  db: Kysely<Database>
  /** Milliseconds since the epoch; every time-based rule reads it from here. */
  now: () => number
  mailer: Mailer
  log: FastifyBaseLogger
}

declare module 'fastify' {
  interface FastifyInstance {
    shop: ShopContext
  }
}

/**
 * The context for work inside a transaction: every query a domain function makes through it joins
 * `trx`, so several functions' writes hold or fail together. The rest (clock, mailer, dialect) is
 * the request's own.
 */
export function inTransaction(ctx: ShopContext, trx: Transaction<Database>): ShopContext {
  return { ...ctx, db: trx }
}
