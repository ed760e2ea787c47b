/**
 * Scroll restoration (spec 1): a page reloaded, or come back to, opens where it was left; a page
 * visited anew opens at the top. The served page writes no history state before the router runs:
 * that same-document navigation cost a fresh tab's first paint (site/scroll-restoration.tsx).
 */
import type { Page } from '@playwright/test'
import { hydrated } from '../../tests/pages.ts'
import { expect, test } from '../../tests/playwright.ts'

test.use({ viewport: { width: 400, height: 320 }, reducedMotion: 'reduce' })

const SCROLLED = 500

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y)
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY)

test('the served page writes no history state before the router runs', async ({ request }) => {
  const html = await (await request.get('/shop')).text()
  expect(html).not.toContain('history.replaceState')
  expect(html).toContain('sessionStorage')
})

test('a page reloaded opens where it was scrolled, before its code runs', async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') sessionStorage.setItem('parsed-at', String(window.scrollY))
    })
  })
  await page.goto('/shop')
  await hydrated(page)
  await scrollTo(page, SCROLLED)
  // The browser's own restoration, which the router turns back on as the page goes, is kept out.
  await page.evaluate(() =>
    window.addEventListener('pagehide', () => {
      window.history.scrollRestoration = 'manual'
    }),
  )
  await page.reload()
  await expect.poll(() => scrollY(page)).toBe(SCROLLED)
  expect(await page.evaluate(() => sessionStorage.getItem('parsed-at'))).toBe(String(SCROLLED))
})

test('coming back to a page opens it where it was left, a new visit at the top', async ({ page }) => {
  await page.goto('/shop')
  await hydrated(page)
  await scrollTo(page, SCROLLED)
  await page.locator('a[href^="/product/"]').first().dispatchEvent('click')
  await expect(page).toHaveURL(/\/product\//)
  await expect.poll(() => scrollY(page)).toBe(0)

  await page.goBack()
  await expect(page).toHaveURL(/\/shop$/)
  await expect.poll(() => scrollY(page)).toBe(SCROLLED)

  await page.goto('/shop')
  await hydrated(page)
  expect(await scrollY(page)).toBe(0)
})
