/**
 * A real API over a real, private database for one test file: SQLite in a temporary folder,
 * or a fresh PostgreSQL schema when TEST_DB=postgres (the test runner sets it per project).
 * The clock is a variable the test moves, so time-based rules are tested without sleeping.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import type { DestinationStream } from 'pino'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import type { ShopContext } from '../src/context.ts'
import { openDatabase } from '../src/db/database.ts'
import { migrateToLatest } from '../src/db/migrate.ts'
import { seedDemo } from '../src/demo/seed.ts'
import type { Mailer } from '../src/mail/mailer.ts'

export const testDialect = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite'
export const testPgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

export interface TestApp {
  app: FastifyInstance
  ctx: ShopContext
  /** The clock the app reads; set or advance it. */
  clock: { now: number; advance(ms: number): void }
  close(): Promise<void>
}

export interface TestAppOptions {
  /** Write the demo content first (default true). */
  seed?: boolean
  env?: Record<string, string>
  mailer?: Mailer
  /** Receives the app's log lines at level info (silent without it). */
  logStream?: DestinationStream
}

/**
 * A second instance of the shop over the first one's database (its own connections, its own
 * clock set to the first's), as when several servers run behind one address.
 */
export async function createTestInstance(first: TestApp): Promise<TestApp> {
  const schema = databaseSchemas.get(first)
  const database = openDatabase(first.ctx.config.databaseUrl, { schema })
  const clock = {
    now: first.clock.now,
    advance(ms: number) {
      clock.now += ms
    },
  }
  const app = await buildApp({ config: first.ctx.config, database, now: () => clock.now, logger: false })
  await app.ready()
  return {
    app,
    ctx: app.shop,
    clock,
    async close() {
      await app.close()
      await database.close()
    },
  }
}

const databaseSchemas = new WeakMap<TestApp, string | undefined>()

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-test-'))
  const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  if (testDialect === 'postgres') {
    const client = new pg.Client({ connectionString: testPgUrl })
    await client.connect()
    await client.query(`create schema ${schema}`)
    await client.end()
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ...(testDialect === 'postgres' ? { DATABASE_URL: testPgUrl } : {}),
    ...options.env,
  })
  const database = openDatabase(config.databaseUrl, {
    schema: testDialect === 'postgres' ? schema : undefined,
  })
  await migrateToLatest(database.db)
  const clock = {
    now: Date.now(),
    advance(ms: number) {
      clock.now += ms
    },
  }
  const app = await buildApp({
    config,
    database,
    now: () => clock.now,
    logger: options.logStream ? { level: 'info', stream: options.logStream } : false,
    mailer: options.mailer,
  })
  if (options.seed ?? true) await seedDemo(app.shop)
  await app.ready()
  const testApp: TestApp = {
    app,
    ctx: app.shop,
    clock,
    async close() {
      await app.close()
      await database.close()
      if (testDialect === 'postgres') {
        const client = new pg.Client({ connectionString: testPgUrl })
        await client.connect()
        await client.query(`drop schema ${schema} cascade`)
        await client.end()
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
  databaseSchemas.set(testApp, testDialect === 'postgres' ? schema : undefined)
  return testApp
}
