/**
 * `npm run dev` is where the team works: the same server with Vite's development builds of React,
 * React DOM and the router, whose hydration reports every difference between the server's HTML
 * and the browser's first render. Both of the router's builds are patched (docs/decisions/0015,
 * 0018), so the development one is checked here, on a server of its own: pages hydrate, and
 * without an error or warning in the console.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from '../../tests/playwright.ts'

const ROOT = path.resolve(import.meta.dirname, '../../../..')
const PAGES = ['/', '/shop']

/** A TCP port nobody listens on right now, on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** Vite compiles each module on its first request: the first pages take a while. */
test.describe.configure({ timeout: 240_000 })

let server: ChildProcess | undefined
let base = ''
let dataDir = ''

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-dev-'))
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  server = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/api/src/server.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'e2e-development-secret-of-at-least-32-characters',
    },
  })
  await expect
    .poll(
      () =>
        fetch(`${base}/healthz`).then(
          (response) => response.ok,
          () => false,
        ),
      {
        timeout: 120_000,
        intervals: [250],
      },
    )
    .toBe(true)
})

test.afterAll(() => {
  if (server?.pid !== undefined) process.kill(-server.pid, 'SIGTERM')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/**
 * Opens `pathname` until it hydrates: Vite reloads a page once it has bundled the dependencies it
 * found there, so each page is opened once before the one that is checked.
 */
async function openHydrated(page: Page, pathname: string) {
  await expect
    .poll(
      async () => {
        try {
          await page.goto(base + pathname, { waitUntil: 'load' })
          await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, {
            timeout: 30_000,
          })
          return true
        } catch {
          return false
        }
      },
      { timeout: 150_000, intervals: [0] },
    )
    .toBe(true)
}

test('pages hydrate in development without a console error or warning', async ({ browser }) => {
  const warmUp = await browser.newPage()
  for (const pathname of PAGES) await openHydrated(warmUp, pathname)
  await warmUp.close()
  for (const pathname of PAGES) {
    const page = await browser.newPage()
    const reported: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') reported.push(message.text())
    })
    page.on('pageerror', (error) => reported.push(error.message))
    await openHydrated(page, pathname)
    expect(reported, `${pathname} in development`).toEqual([])
    await page.close()
  }
})
