/**
 * The frame's behaviour of spec 1, 4 and 9: the progress bar on a slow navigation, the offline
 * note, the custom cursor (not on touch, not under reduced motion), prefetching (not with
 * data-saver or on 2g), animate-on-scroll (not on phones) and the reload after a failed chunk.
 */
import { COOKIE_CONFIRMATION } from '@fanshop/core'
import type { Page } from '@playwright/test'
import { hydrated } from '../../tests/pages.ts'
import { expect, test } from '../../tests/playwright.ts'

test('a navigation slower than 200 ms shows the 2 px progress bar until the page arrives', async ({
  page,
}) => {
  await page.goto('/entercode')
  await page.route('**/shop.data*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  await page.getByRole('link', { name: 'Go to the shop' }).click()
  const bar = page.getByRole('progressbar', { name: 'Loading the page' })
  await expect(bar).toBeVisible()
  await expect(bar).toHaveCSS('height', '2px')
  await expect(page).toHaveURL(/\/shop$/)
  await expect(bar).toHaveCount(0)
})

test('going offline shows a note, coming back removes it', async ({ page, context }) => {
  await page.goto('/entercode')
  await expect(page.getByText('You are offline.')).toHaveCount(0)
  // Offline before the page's scripts have loaded, it could never hydrate to notice.
  await hydrated(page)
  await context.setOffline(true)
  await expect(page.getByText(/You are offline\./)).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByText(/You are offline\./)).toHaveCount(0)
})

test('the cursor ring follows the mouse and grows over what can be clicked', async ({ page }) => {
  await page.goto('/entercode')
  const cursor = page.locator('.cursor')
  let x = 600
  await expect(async () => {
    await page.mouse.move(x++, 700)
    await expect(cursor).toHaveAttribute('data-visible', 'true', { timeout: 500 })
  }).toPass()
  await expect(cursor).not.toHaveClass(/cursor--active/)
  const box = (await page.getByRole('button', { name: 'Unlock the shop' }).boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await expect(cursor).toHaveClass(/cursor--active/)
})

test.describe('under reduced motion', () => {
  test.use({ reducedMotion: 'reduce' })
  test('there is no cursor ring', async ({ page }) => {
    await page.goto('/entercode')
    await page.mouse.move(300, 300)
    await expect(page.getByRole('button', { name: 'Unlock the shop' })).toBeVisible()
    await expect(page.locator('.cursor')).toHaveCount(0)
  })
})

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } })
  test('there is no cursor ring @phone', async ({ page }) => {
    await page.goto('/entercode')
    await page.getByRole('button', { name: 'Unlock the shop' }).tap()
    await expect(page.locator('.cursor')).toHaveCount(0)
  })
})

const prefetchLinks = (page: Page) => page.locator('link[rel="prefetch"][href*=".data"]')

test('links prefetch their pages once the browser is idle', async ({ page }) => {
  await page.goto('/this-page-does-not-exist')
  await expect(prefetchLinks(page).first()).toBeAttached()
})

for (const [what, connection] of [
  ['with data-saver on', { effectiveType: '4g', saveData: true }],
  ['on 2g', { effectiveType: '2g', saveData: false }],
] as const) {
  test(`links do not prefetch ${what}`, async ({ page }) => {
    await page.addInitScript((hints) => {
      const target = new EventTarget()
      Object.defineProperty(navigator, 'connection', { value: Object.assign(target, hints) })
    }, connection)
    await page.goto('/this-page-does-not-exist')
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
    await page.waitForTimeout(2500)
    await expect(prefetchLinks(page)).toHaveCount(0)
  })
}

async function addLowBlock(page: Page) {
  // After hydration, so React keeps the added block.
  await hydrated(page)
  await page.evaluate(() => {
    const spacer = document.createElement('div')
    spacer.style.height = '3000px'
    const block = document.createElement('p')
    block.id = 'low-block'
    block.dataset.animate = ''
    block.textContent = 'Further down'
    document.querySelector('main')!.append(spacer, block)
  })
  return page.locator('#low-block')
}

test('a marked block below the fold fades in once, when it scrolls into view', async ({ page }) => {
  await page.goto('/entercode')
  const block = await addLowBlock(page)
  await expect(block).toHaveClass(/animate--pending/)
  await block.scrollIntoViewIfNeeded()
  await expect(block).toHaveClass(/animate--in/)
  expect(await block.evaluate((el) => getComputedStyle(el).transitionDuration)).toContain('0.6s')
  await page.mouse.wheel(0, -3000)
  await expect(block).toHaveClass(/animate--in/)
})

test('hydration leaves the document root unstyled (a property set there restyles every element)', async ({
  page,
  context,
  baseURL,
}) => {
  // Without the cookie bar, whose measured height is published on the root (cookie-bar.e2e.ts).
  await context.addCookies([
    { name: COOKIE_CONFIRMATION.name, value: COOKIE_CONFIRMATION.value, url: baseURL },
  ])
  await page.goto('/entercode')
  await page.waitForTimeout(1500)
  expect(await page.evaluate(() => document.documentElement.getAttribute('style'))).toBeNull()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })
  test('nothing waits to animate @phone', async ({ page }) => {
    await page.goto('/entercode')
    await expect(page.getByRole('button', { name: 'Unlock the shop' })).toBeVisible()
    const block = await addLowBlock(page)
    await page.waitForTimeout(300)
    await expect(block).not.toHaveClass(/animate--pending/)
  })
})

test('a page chunk that fails to load reloads the page', async ({ page }) => {
  await page.goto('/entercode')
  await page.evaluate(() => {
    ;(window as Window & { beforeReload?: boolean }).beforeReload = true
  })
  const reloaded = page.waitForEvent('load')
  await page.evaluate(() => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true })))
  await reloaded
  expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false)
})
