/**
 * `npm run dev` is where the team works: the same server with Vite's development builds of React,
 * React DOM and the router, whose hydration reports every difference between the server's HTML
 * and the browser's first render. Both of the router's builds are patched (docs/decisions/0015,
 * 0018), so the development one is checked here, on a server of its own: pages hydrate, and
 * without an error or warning in the console.
 */
import type { Page } from '@playwright/test'
import { expect, test } from '../../tests/playwright.ts'
import { type StartedShop, startShop } from '../../tests/pre-launch-server.ts'

const PAGES = ['/', '/shop']

/** Vite compiles each module on its first request: the first pages take a while. */
test.describe.configure({ timeout: 240_000 })

let shop: StartedShop | undefined
let base = ''

test.beforeAll(async () => {
  shop = await startShop({ DATABASE_URL: '' }, 'development')
  base = shop.baseURL
})

test.afterAll(async () => {
  await shop?.stop()
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
