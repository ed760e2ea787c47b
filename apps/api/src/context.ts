/**
 * What every domain plugin receives from the server: configuration, the database,
 * a clock (tests move it instead of sleeping) and the mailer. Decorated on Fastify as `shop`.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
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
