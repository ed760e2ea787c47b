/**
 * For the browser tests: a second shop whose launch is still three days away (and with analytics
 * configured), started from the built server (`node apps/api/dist/server.js`) on a free port over
 * its own fresh data folder, one per test worker, and stopped when the worker ends. `startShop`
 * also starts other shops the same way, the development server (`npm run dev`'s) among them.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../../../scripts/lib.mjs'
import { test as base } from './playwright.ts'

export const LAUNCH_IN_MS = 3 * 86_400_000
export const PRE_LAUNCH_ANALYTICS_ID = 'G-PRELAUNCH1'

export interface PreLaunchShop {
  baseURL: string
  /** The launch instant the shop was started with, epoch milliseconds. */
  launchAt: number
}

async function waitUntilHealthy(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`the shop did not answer ${url} within ${timeoutMs} ms`)
}

export interface StartedShop {
  baseURL: string
  stop(): Promise<void>
}

/** The server a test shop runs: the production build, or the sources under Vite (`npm run dev`). */
const SERVERS = {
  built: { command: process.execPath, args: ['apps/api/dist/server.js'], nodeEnv: 'production' },
  development: { command: 'node_modules/.bin/tsx', args: ['apps/api/src/server.ts'], nodeEnv: 'development' },
} as const

/**
 * Starts `server` on a free port over a fresh data folder, with these settings. It runs in a
 * process group of its own, stopped whole: tsx runs the development server in a child process.
 */
export async function startShop(
  env: Record<string, string>,
  server: keyof typeof SERVERS = 'built',
): Promise<StartedShop> {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-shop-'))
  const stderr: string[] = []
  const { command, args, nodeEnv } = SERVERS[server]
  const child = spawn(command, args, {
    env: {
      ...process.env,
      NODE_ENV: nodeEnv,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'e2e-session-secret-of-at-least-32-characters',
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const stopGroup = (signal: NodeJS.Signals) => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, signal)
  }
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()))
  const baseURL = `http://127.0.0.1:${port}`
  try {
    await waitUntilHealthy(`${baseURL}/healthz`, child, 150_000)
  } catch (error) {
    stopGroup('SIGKILL')
    throw new Error(`${(error as Error).message}\n${stderr.join('')}`)
  }
  return {
    baseURL,
    async stop() {
      const exited = child.exitCode !== null || new Promise((resolve) => child.once('exit', resolve))
      stopGroup('SIGTERM')
      await exited
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export const test = base.extend<{ preLaunch: PreLaunchShop }, { preLaunchWorker: PreLaunchShop }>({
  preLaunchWorker: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as the first argument
    async ({}, use) => {
      const launchAt = Math.ceil((Date.now() + LAUNCH_IN_MS) / 1000) * 1000
      const shop = await startShop({
        LAUNCH_AT: new Date(launchAt).toISOString(),
        ANALYTICS_ID: PRE_LAUNCH_ANALYTICS_ID,
      })
      await use({ baseURL: shop.baseURL, launchAt })
      await shop.stop()
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  preLaunch: async ({ preLaunchWorker }, use) => use(preLaunchWorker),
  baseURL: async ({ preLaunchWorker }, use) => use(preLaunchWorker.baseURL),
})

export { expect } from './playwright.ts'
