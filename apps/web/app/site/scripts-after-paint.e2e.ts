/**
 * Issue 15: a page's code is asked for once its first screen has painted
 * (site/scripts-after-paint.server.ts), so a phone's connection brings the first screen's picture
 * before the 100 KB of the first load's scripts; the page then hydrates as before, its module
 * allowed by the Content-Security-Policy whether it was rendered for this visitor or came from the
 * shared page cache.
 */
import type { Page } from '@playwright/test'
import { hydrated, picturedProduct } from '../../tests/pages.ts'
import { expect, test } from '../../tests/playwright.ts'
import { FIRST_SCREEN_TIMING } from '../media/first-screen.ts'

/** When the page's scripts were asked for (ms). */
function scriptStarts(page: Page) {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/') && entry.name.endsWith('.js'))
      .map((entry) => entry.startTime),
  )
}

/** When the page's scripts were asked for, and when its first screen's pictures painted (ms). */
async function timings(page: Page) {
  const firstScreenPaints = await page.evaluate(async (firstScreen) => {
    const paints = await new Promise<PerformanceEntryList>((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries())).observe({
        type: 'element',
        buffered: true,
      })
    })
    return (paints as unknown as { identifier: string; renderTime: number }[])
      .filter((paint) => paint.identifier === firstScreen)
      .map((paint) => paint.renderTime)
  }, FIRST_SCREEN_TIMING)
  return { firstScreenPaints, scripts: await scriptStarts(page) }
}

test('the first load’s scripts are asked for only after the first screen’s picture has painted, and the page hydrates', async ({
  page,
  request,
}) => {
  // Seven page loads, each read until hydrated: the hang guard of one is too short on a busy machine.
  test.slow()
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  for (const path of ['/', '/shop', `/product/${await picturedProduct(request)}`]) {
    // Twice: the second visit at least comes (anonymous) from the shared page cache, whose
    // Content-Security-Policy allows inline scripts by hash rather than by nonce.
    for (const visit of ['rendered', 'kept']) {
      await page.goto(path)
      await hydrated(page)
      const { firstScreenPaints, scripts } = await timings(page)
      expect(
        firstScreenPaints.length,
        `${path} (${visit}) painted its first screen's picture`,
      ).toBeGreaterThan(0)
      expect(scripts.length, `${path} (${visit}) loaded its scripts`).toBeGreaterThan(0)
      expect(
        Math.min(...scripts),
        `${path} (${visit}): the scripts asked for after the pictures' paint`,
      ).toBeGreaterThanOrEqual(Math.max(...firstScreenPaints))
      expect(await page.locator('script[type="x-after-paint"]').count()).toBe(0)
    }
  }
  expect(problems).toEqual([])
  // The code runs the page: a link is followed by the router, without a new document.
  await page.goto('/shop')
  await hydrated(page)
  await page.evaluate(() => {
    ;(window as unknown as { sameDocument: boolean }).sameDocument = true
  })
  const card = page.locator('main a[href^="/product/"]').first()
  const href = (await card.getAttribute('href'))!
  await card.click()
  await expect(page).toHaveURL(new RegExp(`${href}$`))
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
})

test('a first screen whose picture never arrives still gets its code, three seconds on', async ({ page }) => {
  // The first screen's pictures hang; everything else loads.
  await page.route(/\/media\//, () => {})
  const started = Date.now()
  await page.goto('/shop', { waitUntil: 'domcontentloaded' })
  await hydrated(page)
  expect(Date.now() - started).toBeGreaterThanOrEqual(2_500)
})

test('a first screen whose pictures fail to load does not wait for them', async ({ page }) => {
  // The three-second fallback taken away: only the pictures' own path can start the code.
  await page.addInitScript(() => {
    const setTimer = window.setTimeout
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) =>
      ms === 3_000 ? 0 : setTimer(handler, ms, ...rest)) as typeof window.setTimeout
  })
  await page.route(/\/media\//, (route) => route.fulfill({ status: 404 }))
  await page.goto('/shop', { waitUntil: 'domcontentloaded' })
  await hydrated(page)
})

test('a first screen without pictures asks for its code after its first paint', async ({ page }) => {
  for (const path of ['/search', '/cart', '/contact']) {
    await page.goto(path)
    await hydrated(page)
    const firstPaint = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    )
    const scripts = await scriptStarts(page)
    expect(firstPaint, `${path} painted`).toBeGreaterThan(0)
    expect(scripts.length, `${path} loaded its scripts`).toBeGreaterThan(0)
    expect(
      Math.min(...scripts),
      `${path}: the scripts asked for after the first paint`,
    ).toBeGreaterThanOrEqual(firstPaint as number)
  }
})
