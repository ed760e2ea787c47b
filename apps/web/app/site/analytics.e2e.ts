/**
 * Analytics load only when ANALYTICS_ID is configured (the pre-launch shop has one, the main test
 * shop none), only after the cookie bar is accepted, and only with performance allowed; measurement
 * and advertising signals follow the other two switches.
 */
import type { Page } from '@playwright/test'
import { expect, PRE_LAUNCH_ANALYTICS_ID, test } from '../../tests/pre-launch-server.ts'

async function watchTag(page: Page) {
  const requested: string[] = []
  await page.route('https://www.googletagmanager.com/**', async (route) => {
    requested.push(route.request().url())
    await route.fulfill({ contentType: 'text/javascript', body: '' })
  })
  return requested
}

const consentDefaults = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === 'consent'),
  )

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

test('nothing loads before the visitor accepts; accepting with every switch on loads the tag', async ({
  page,
}) => {
  const requested = await watchTag(page)
  await page.goto('/comingsoon')
  await expect(page.getByRole('region', { name: 'Cookies' })).toBeVisible()
  await page.waitForTimeout(500)
  expect(requested).toEqual([])

  await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'ACCEPT' }).click()
  await expect.poll(() => requested.length).toBe(1)
  expect(requested[0]).toContain(`id=${PRE_LAUNCH_ANALYTICS_ID}`)
  expect(await consentDefaults(page)).toEqual([
    [
      'consent',
      'default',
      {
        analytics_storage: 'granted',
        ad_storage: 'granted',
        ad_user_data: 'granted',
        ad_personalization: 'granted',
      },
    ],
  ])
})

test('with performance off the tag never loads, not even on the next page', async ({ page }) => {
  const requested = await watchTag(page)
  await page.goto('/comingsoon')
  const bar = page.getByRole('region', { name: 'Cookies' })
  await bar.getByRole('button', { name: 'Show Settings' }).click()
  await bar.getByRole('switch', { name: 'Performance', exact: true }).uncheck()
  await bar.getByRole('button', { name: 'ACCEPT' }).click()
  await expect(bar).toHaveCount(0)
  await page.goto('/entercode')
  await page.waitForTimeout(500)
  expect(requested).toEqual([])
})

test('marketing and measurement switched off deny their signals', async ({ page }) => {
  const requested = await watchTag(page)
  await page.goto('/comingsoon')
  const bar = page.getByRole('region', { name: 'Cookies' })
  await bar.getByRole('button', { name: 'Show Settings' }).click()
  await bar.getByRole('switch', { name: 'Marketing', exact: true }).uncheck()
  await bar.getByRole('switch', { name: 'Performance measurement', exact: true }).uncheck()
  await bar.getByRole('button', { name: 'ACCEPT' }).click()
  await expect.poll(() => requested.length).toBe(1)
  expect(await consentDefaults(page)).toEqual([
    [
      'consent',
      'default',
      {
        analytics_storage: 'denied',
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      },
    ],
  ])
})

test('a visitor from an ad or a post: the address bar loses the click and campaign ids, the page view reports them', async ({
  page,
}) => {
  const requested = await watchTag(page)
  const arrived = '/comingsoon?utm_source=instagram&ref=bio&fbclid=IwAR-e2e-click&utm_campaign=drop'
  // Resolves once the page has hydrated: over the page rendered without them.
  await page.goto(arrived)
  expect(new URL(page.url()).search).toBe('?ref=bio')
  await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'ACCEPT' }).click()
  await expect.poll(() => requested.length).toBe(1)
  const pageViews = () =>
    page.evaluate(() =>
      (window.dataLayer ?? [])
        .map((entry) => Array.from(entry as ArrayLike<unknown>))
        .filter((args) => args[0] === 'event' && args[1] === 'page_view')
        .map((args) => args[2]),
    )
  await expect
    .poll(pageViews)
    .toEqual([{ page_location: new URL(arrived, page.url()).href, page_path: '/comingsoon?ref=bio' }])
  expect(new URL(page.url()).search).toBe('?ref=bio')
})

test("a private page's query never reaches Google: not in its page view, the tag's config or the next page's referrer", async ({
  page,
}) => {
  const requested = await watchTag(page)
  const key = 'a-reset-key-only-its-owner-may-see'
  await page.goto(`/auth/reset/setpassword?key=${key}`)
  await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'ACCEPT' }).click()
  await expect.poll(() => requested.length).toBe(1)
  const commands = () =>
    page.evaluate(() => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)))
  const resetPage = new URL('/auth/reset/setpassword', page.url()).href
  await expect
    .poll(async () => (await commands()).filter((args) => args[0] === 'config' || args[0] === 'event'))
    .toEqual([
      [
        'config',
        PRE_LAUNCH_ANALYTICS_ID,
        { send_page_view: false, page_location: resetPage, page_path: '/auth/reset/setpassword' },
      ],
      ['event', 'page_view', { page_location: resetPage, page_path: '/auth/reset/setpassword' }],
    ])
  expect(JSON.stringify(await commands())).not.toContain(key)

  // A whole page load from there: the browser's referrer holds the private page's whole address.
  await page.evaluate(() => window.location.assign('/comingsoon'))
  await expect(page).toHaveURL(/\/comingsoon$/)
  expect(await page.evaluate(() => document.referrer)).toContain(key)
  await expect
    .poll(async () => (await commands()).filter((args) => args[0] === 'event').map((args) => args[2]))
    .toEqual([
      {
        page_location: new URL('/comingsoon', page.url()).href,
        page_path: '/comingsoon',
        page_referrer: resetPage,
      },
    ])
  expect(JSON.stringify(await commands())).not.toContain(key)
})
