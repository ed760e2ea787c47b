/**
 * The body of a second shop instance for the tests (test-app.ts createTestInstance), run in its
 * own worker thread as another server would run in its own process: its own event loop, its own
 * connections. On SQLite, a writer that waits for the lock (busy_timeout blocks its thread) then
 * waits only for itself, as between two processes, never for the other instance's open transaction.
 * Requests arrive as messages and go through Fastify's inject; the clock is shared memory the
 * test sets, read as the instance's now().
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { InjectOptions } from 'fastify'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/database.ts'

export interface InstanceWorkerData {
  env: Record<string, string>
  schema: string | undefined
  /** One float64: the instance's clock in ms. */
  clock: SharedArrayBuffer
}

export type InstanceRequest = { id: number; inject: InjectOptions | string } | { id: number; close: true }

export type InstanceReply =
  | { ready: true }
  | { failed: string }
  | {
      id: number
      response?: {
        statusCode: number
        statusMessage: string
        headers: Record<string, string | string[] | number | undefined>
        rawPayload: Uint8Array
        cookies: { name: string; value: string }[]
      }
      error?: string
    }

const port = parentPort!
const data = workerData as InstanceWorkerData
const clock = new Float64Array(data.clock)

async function start() {
  const config = loadConfig(data.env)
  const database = openDatabase(config.databaseUrl, { schema: data.schema })
  const app = await buildApp({ config, database, now: () => clock[0]!, logger: false })
  await app.ready()
  port.on('message', async (message: InstanceRequest) => {
    if ('close' in message) {
      await app.close()
      await database.close()
      port.postMessage({ id: message.id } satisfies InstanceReply)
      return
    }
    try {
      const res = await app.inject(message.inject)
      port.postMessage({
        id: message.id,
        response: {
          statusCode: res.statusCode,
          statusMessage: res.statusMessage,
          headers: res.headers,
          rawPayload: res.rawPayload,
          cookies: res.cookies.map(({ name, value }) => ({ name, value })),
        },
      } satisfies InstanceReply)
    } catch (error) {
      port.postMessage({ id: message.id, error: String(error) } satisfies InstanceReply)
    }
  })
  port.postMessage({ ready: true } satisfies InstanceReply)
}

start().catch((error) => port.postMessage({ failed: String(error?.stack ?? error) } satisfies InstanceReply))
