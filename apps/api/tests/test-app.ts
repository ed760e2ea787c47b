/**
 * A real API over a real, private database for one test file: SQLite in a temporary folder,
 * or a fresh PostgreSQL schema when TEST_DB=postgres (the test runner sets it per project).
 * The clock is a variable the test moves, so time-based rules are tested without sleeping.
 */
import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { build } from 'esbuild'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import type { DestinationStream } from 'pino'
import { bundleOptions } from '../bundle.mjs'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import type { ShopContext } from '../src/context.ts'
import { openDatabase, type ShopDatabase } from '../src/db/database.ts'
import { migrateToLatest } from '../src/db/migrate.ts'
import { seedDemo } from '../src/demo/seed.ts'
import type { Mailer } from '../src/mail/mailer.ts'
import type { InstanceReply, InstanceRequest, InstanceWorkerData } from './instance-worker.ts'

export const testDialect = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite'
export const testPgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** A new PostgreSQL schema name, one per test shop, so that test files share the database and not their tables. */
export const testSchemaName = () => `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`

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
  /** How long a request may take to arrive (the app's REQUEST_TIMEOUT_MS without it). */
  requestTimeoutMs?: number
  /** Get the app ready (default true); false leaves it open to plugins a test registers. */
  ready?: boolean
}

/** What a test sends requests through: an app in this thread, or another instance's worker. */
export interface Injects {
  inject(options: InjectOptions | string): Promise<InjectedResponse>
}

export type InjectedResponse = Pick<
  LightMyRequestResponse,
  'statusCode' | 'statusMessage' | 'headers' | 'rawPayload' | 'payload' | 'body' | 'json' | 'cookies'
>

/**
 * An instance the test reaches only through requests and the clock. Its requests are copied to it
 * (structured clone): payloads are JSON values or strings.
 */
export interface TestInstance {
  app: Injects
  clock: { now: number; advance(ms: number): void }
  close(): Promise<void>
}

/** How each test app was opened, for the instances and connections that join it. */
const openedWith = new WeakMap<TestApp, { env: Record<string, string>; schema: string | undefined }>()

const opened = (first: TestApp) => {
  const how = openedWith.get(first)
  if (!how) throw new Error('not an app from createTestApp')
  return how
}

/** Another connection to the first app's database, as another process would hold. */
export function openTestDatabase(first: TestApp): ShopDatabase {
  return openDatabase(first.ctx.config.databaseUrl, { schema: opened(first).schema })
}

/**
 * A second instance of the shop over the first one's database, as when several servers run behind
 * one address: in its own worker thread (instance-worker.ts), with its own connections, its clock
 * set to the first's.
 */
export async function createTestInstance(first: TestApp): Promise<TestInstance> {
  const shared = new SharedArrayBuffer(8)
  const time = new Float64Array(shared)
  time[0] = first.clock.now
  const clock = {
    get now() {
      return time[0]!
    },
    set now(ms: number) {
      time[0] = ms
    },
    advance(ms: number) {
      time[0]! += ms
    },
  }
  const { env, schema } = opened(first)
  const workerData: InstanceWorkerData = { env, schema, clock: shared }
  const worker = new Worker(await instanceWorkerScript(), { workerData })
  const pending = new Map<
    number,
    { resolve: (reply: InstanceReply) => void; reject: (error: Error) => void }
  >()
  let nextId = 0
  const started = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: InstanceReply) => {
      if ('ready' in reply) resolve()
      else if ('failed' in reply) reject(new Error(`the second instance did not start: ${reply.failed}`))
      else pending.get(reply.id)?.resolve(reply)
    })
    const fail = (error: Error) => {
      reject(error)
      for (const request of pending.values()) request.reject(error)
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`the second instance exited (${code})`)))
  })
  const ask = (request: Omit<Extract<InstanceRequest, { inject: unknown }>, 'id'> | { close: true }) =>
    new Promise<InstanceReply>((resolve, reject) => {
      const id = nextId++
      pending.set(id, {
        resolve: (reply) => {
          pending.delete(id)
          resolve(reply)
        },
        reject,
      })
      worker.postMessage({ id, ...request })
    })
  await started
  return {
    app: {
      async inject(options) {
        const reply = await ask({ inject: options })
        if (!('id' in reply) || !reply.response)
          throw new Error(`the second instance failed: ${'error' in reply ? reply.error : ''}`)
        const rawPayload = Buffer.from(reply.response.rawPayload)
        const payload = rawPayload.toString()
        return {
          ...reply.response,
          rawPayload,
          payload,
          body: payload,
          json: () => JSON.parse(payload),
        }
      },
    },
    clock,
    async close() {
      await ask({ close: true })
      await worker.terminate()
    },
  }
}

let bundled: Promise<string> | undefined

/**
 * The worker's script: instance-worker.ts and our sources bundled as the server is (bundle.mjs),
 * npm packages left to node_modules. Kept in apps/api's
 * node_modules/.cache under the hash of its content, so that packages resolve as from the app and
 * test processes share one file per version of the sources; built once per test process.
 */
function instanceWorkerScript(): Promise<string> {
  bundled ??= (async () => {
    const apiRoot = fileURLToPath(new URL('../', import.meta.url))
    const { outputFiles } = await build({
      ...bundleOptions,
      entryPoints: [path.join(apiRoot, 'tests/instance-worker.ts')],
      outfile: 'instance.mjs',
      write: false,
    })
    const code = outputFiles[0]!.contents
    const dir = path.join(apiRoot, 'node_modules/.cache/fanshop-tests')
    const file = path.join(
      dir,
      `instance-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`,
    )
    if (!fs.existsSync(file)) {
      fs.mkdirSync(dir, { recursive: true })
      const partial = `${file}.${process.pid}`
      fs.writeFileSync(partial, code)
      fs.renameSync(partial, file)
    }
    return file
  })()
  return bundled
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-test-'))
  const schema = testSchemaName()
  if (testDialect === 'postgres') {
    const client = new pg.Client({ connectionString: testPgUrl })
    await client.connect()
    await client.query(`create schema ${schema}`)
    await client.end()
  }
  const configEnv: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ...(testDialect === 'postgres' ? { DATABASE_URL: testPgUrl } : {}),
    ...options.env,
  }
  const config = loadConfig(configEnv)
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
    requestTimeoutMs: options.requestTimeoutMs,
  })
  if (options.seed ?? true) await seedDemo(app.shop)
  if (options.ready ?? true) await app.ready()
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
  openedWith.set(testApp, { env: configEnv, schema: testDialect === 'postgres' ? schema : undefined })
  return testApp
}
