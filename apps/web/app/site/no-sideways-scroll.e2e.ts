/**
 * No page scrolls sideways from 320 px up: every route of spec 2 (one address of each kind the
 * sitemap lists, plus the pages it leaves out), with a bag so that the checkout opens too.
 */
import type { APIRequestContext } from '@playwright/test'
import { putOneInTheBag } from '../../tests/pages.ts'
import { expect, test } from '../../tests/playwright.ts'

const SPEC_ROUTES = [
  '/',
  '/index-2',
  '/home_old',
  '/home-scroled',
  '/home/home-2',
  '/home/home-body',
  '/home/setup2',
  '/home/setup3',
  '/feed/layout',
  '/feed/layout2',
  '/feed/layout3',
  '/story/details',
  '/lookbook-01',
  '/lookbook-02',
  '/lookbook-03',
  '/lookbook-04',
  '/lookbook-05',
  '/lookbook-06',
  '/comingsoon',
  '/entercode',
  '/auth/reset',
  '/cart',
  '/checkout',
  '/thank-you',
  '/this-page-does-not-exist',
]

/** The sitemap's addresses, one of each kind (same path but for its last part). */
async function sitemapKinds(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text()
  const kinds = new Map<string, string>()
  for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const path = new URL(loc!).pathname
    const kind = path.split('/').length > 2 ? path.replace(/\/[^/]+$/, '/*') : path
    if (!kinds.has(kind)) kinds.set(kind, path)
  }
  return [...kinds.values()]
}

for (const width of [320, 390]) {
  test(`no page is wider than a ${width} px screen @phone-only`, async ({ page, baseURL }) => {
    test.setTimeout(180_000)
    // The cookie bar answered: this test is about the pages' width, not what covers them.
    await page.context().addCookies([{ name: 'cookie-confirmation', value: 'true', url: baseURL! }])
    await page.setViewportSize({ width, height: 740 })
    await putOneInTheBag(page)
    const paths = [...new Set([...(await sitemapKinds(page.request)), ...SPEC_ROUTES])]
    const tooWide: string[] = []
    for (const path of paths) {
      await page.goto(path, { waitUntil: 'domcontentloaded' })
      const documentWidth = await page.evaluate(() => document.documentElement.scrollWidth)
      if (documentWidth > width) tooWide.push(`${path}: ${documentWidth} px`)
    }
    expect(tooWide).toEqual([])
  })
}
