/**
 * The cookie bar of spec 2, 4 and 9: its texts and three switches (on by default), the settings
 * hidden while the navigation or the social box is open, and accepting: cookie-confirmation=true
 * for 604800 s site-wide, no bar on later loads (not even drawn by the server), with or without
 * JavaScript.
 */
import type { Page } from '@playwright/test'
import { expect, test } from '../../tests/playwright.ts'

const cookieBar = (page: Page) => page.getByRole('region', { name: 'Cookies' })

test('shows its texts and three switches that start on', async ({ page }) => {
  await page.goto('/comingsoon')
  const bar = cookieBar(page)
  await expect(bar.getByRole('heading', { name: 'Cookies' })).toBeVisible()
  await expect(bar.getByRole('button', { name: 'ACCEPT' })).toBeVisible()
  await bar.getByRole('button', { name: 'Show Settings' }).click()
  const switches = bar.getByRole('switch')
  await expect(switches).toHaveCount(3)
  for (const name of ['Marketing', 'Performance', 'Performance measurement']) {
    await expect(bar.getByRole('switch', { name, exact: true })).toBeChecked()
  }
  await bar.getByRole('button', { name: 'Hide Settings' }).click()
  await expect(switches).toHaveCount(0)
  await expect(bar.getByRole('button', { name: 'Show Settings' })).toBeVisible()
})

test('hides its settings while the navigation or the social box is open', async ({ page }) => {
  await page.goto('/entercode')
  const bar = cookieBar(page)
  await bar.getByRole('button', { name: 'Show Settings' }).click()
  await expect(bar.getByRole('switch')).toHaveCount(3)

  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
  await expect(bar.getByRole('switch')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(bar.getByRole('switch')).toHaveCount(3)

  await page.getByRole('banner').getByRole('button', { name: 'Share and follow' }).click()
  await expect(page.getByRole('dialog', { name: 'Share' })).toBeVisible()
  await expect(bar.getByRole('switch')).toHaveCount(0)
  await expect(bar.getByRole('button', { name: /Settings/ })).toHaveCount(0)
})

test('accepting sets cookie-confirmation=true for 7 days site-wide, and the bar stays away after a reload', async ({
  page,
  context,
}) => {
  await page.goto('/comingsoon')
  const bar = cookieBar(page)
  await bar.getByRole('button', { name: 'Show Settings' }).click()
  await bar.getByRole('switch', { name: 'Marketing', exact: true }).uncheck()
  const acceptedAt = Date.now() / 1000
  await bar.getByRole('button', { name: 'ACCEPT' }).click()
  await expect(bar).toHaveCount(0)

  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'cookie-confirmation')?.value)
    .toBe('true')
  const cookies = await context.cookies()
  const confirmation = cookies.find((c) => c.name === 'cookie-confirmation')!
  expect(confirmation.path).toBe('/')
  expect(Math.abs(confirmation.expires - (acceptedAt + 604800))).toBeLessThan(60)
  expect(cookies.find((c) => c.name === 'cookie-consent')?.value).toBe('performance.measurement')

  await page.reload()
  await expect(page.getByRole('heading', { name: /almost here|open/ })).toBeVisible()
  await expect(cookieBar(page)).toHaveCount(0)
  const html = await (await page.request.get('/shop')).text()
  expect(html).toContain('<h1')
  expect(html).not.toContain('id="cookie-bar-title"')
})

test("publishes its measured height once the browser is idle, not in hydration's frame", async ({ page }) => {
  // The browser's idle callbacks are held back until the test lets them run.
  await page.addInitScript(() => {
    const waiting: IdleRequestCallback[] = []
    Object.assign(window, { idleWaiting: waiting })
    window.requestIdleCallback = (callback) => waiting.push(callback)
  })
  const published = () =>
    page.evaluate(() => document.documentElement.style.getPropertyValue('--cookie-bar-height'))
  await page.goto('/entercode')
  await expect(cookieBar(page)).toBeVisible()
  await page.waitForTimeout(300)
  expect(await published()).toBe('')
  await page.evaluate(() => {
    const { idleWaiting } = window as unknown as { idleWaiting: IdleRequestCallback[] }
    for (const callback of idleWaiting.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 })
  })
  const height = await cookieBar(page).evaluate((bar) => `${(bar as HTMLElement).offsetHeight}px`)
  await expect.poll(published).toBe(height)
})

// With JavaScript, × hid the bar for the page only: a reload brought it back, unlike without.
test('× closes the bar for the visit without answering it, a reload included', async ({ page, context }) => {
  await page.goto('/shop')
  const closed = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().includes('/cookie-consent'),
  )
  await cookieBar(page).getByRole('button', { name: 'Close the cookie bar' }).click()
  await expect(cookieBar(page)).toHaveCount(0)
  expect((await closed).ok()).toBe(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(cookieBar(page)).toHaveCount(0)
  const cookies = await context.cookies()
  expect(cookies.find((c) => c.name === 'cookie-confirmation')).toBeUndefined()
  expect(cookies.find((c) => c.name === 'cookie-bar-closed')?.expires).toBe(-1)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('accepting still records the answer and returns to the page', async ({ page, context }) => {
    await page.goto('/comingsoon')
    await cookieBar(page).getByRole('button', { name: 'ACCEPT' }).click()
    await expect(page).toHaveURL(/\/comingsoon$/)
    const cookies = await context.cookies()
    expect(cookies.find((c) => c.name === 'cookie-confirmation')?.value).toBe('true')
    expect(cookies.find((c) => c.name === 'cookie-consent')?.value).toBe('marketing.performance.measurement')
    await expect(cookieBar(page)).toHaveCount(0)
  })

  test('Show Settings leads to the settings, whose answer returns to the page', async ({ page, context }) => {
    await page.goto('/comingsoon')
    await cookieBar(page).getByRole('button', { name: 'Show Settings' }).click()
    await expect(page.getByRole('heading', { name: 'Cookie settings', level: 1 })).toBeVisible()
    for (const name of ['Marketing', 'Performance', 'Performance measurement']) {
      await expect(page.getByRole('switch', { name, exact: true })).toBeChecked()
    }
    await expect(cookieBar(page)).toHaveCount(0)
    await page.getByRole('switch', { name: 'Marketing', exact: true }).uncheck()
    await page.getByRole('button', { name: 'ACCEPT' }).click()
    await expect(page).toHaveURL(/\/comingsoon$/)
    const cookies = await context.cookies()
    expect(cookies.find((c) => c.name === 'cookie-confirmation')?.value).toBe('true')
    expect(cookies.find((c) => c.name === 'cookie-consent')?.value).toBe('performance.measurement')
    await expect(cookieBar(page)).toHaveCount(0)
  })

  test('× closes the bar for the visit without answering it', async ({ page, context }) => {
    await page.goto('/shop')
    await cookieBar(page).getByRole('button', { name: 'Close the cookie bar' }).click()
    await expect(page).toHaveURL(/\/shop$/)
    await expect(cookieBar(page)).toHaveCount(0)
    await page.goto('/comingsoon')
    await page.goto('/shop')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(cookieBar(page)).toHaveCount(0)
    const cookies = await context.cookies()
    expect(cookies.find((c) => c.name === 'cookie-confirmation')).toBeUndefined()
    expect(cookies.find((c) => c.name === 'cookie-bar-closed')?.expires).toBe(-1)
  })
})
