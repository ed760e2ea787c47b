/**
 * How the app starts. `npm run dev` registers the storefront's Vite server as a plugin, and Vite's
 * start (its config compiled, the router's plugin loaded) took more than Fastify's default 10 s
 * on a busy two-core machine: the development server then exited "Plugin did not start in time".
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/database.ts'
import { migrateToLatest } from './db/migrate.ts'

async function appIn(nodeEnv: 'development' | 'production') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-app-'))
  const config = loadConfig({
    NODE_ENV: nodeEnv,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'a-session-secret-that-is-long-enough-for-production',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
  })
  const database = openDatabase(config.databaseUrl)
  await migrateToLatest(database.db)
  const app = await buildApp({ config, database, logger: false })
  return {
    app,
    async close() {
      await app.close()
      await database.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Registers a plugin that finishes only when told, and asks the app to get ready. */
function slowPlugin(app: Awaited<ReturnType<typeof appIn>>['app']) {
  let finish = () => {}
  app.register(async () => {
    await new Promise<void>((resolve) => {
      finish = resolve
    })
  })
  const ready = app.ready().then(
    () => 'ready',
    (error: Error & { code?: string }) => error.code,
  )
  return { ready, finish: () => finish() }
}

describe('starting the app', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('in development waits for a plugin that takes a minute to start, as Vite can on a busy machine', async () => {
    const shop = await appIn('development')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const plugin = slowPlugin(shop.app)
    await vi.advanceTimersByTimeAsync(60_000)
    plugin.finish()
    expect(await plugin.ready).toBe('ready')
    vi.useRealTimers()
    await shop.close()
  })

  it('in production still stops on a plugin that never finishes starting', async () => {
    const shop = await appIn('production')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const plugin = slowPlugin(shop.app)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(await plugin.ready).toBe('FST_ERR_PLUGIN_TIMEOUT')
    plugin.finish()
    vi.useRealTimers()
    await shop.close()
  })
})
