/**
 * The browser tests' `test` and `expect`: Playwright's, with a page whose navigations (goto,
 * reload, back, forward) resolve once a storefront page has hydrated. A storefront page asks for
 * its code only after its first screen has painted (site/scripts-after-paint.server.ts), so the
 * `load` event can come first, and a test that clicked a button at once would find it still the
 * server's HTML. A test that looks at a page before its code runs passes its own `waitUntil`; a
 * page without JavaScript, or not the storefront's, is not waited for. A page a test opens in a
 * context of its own gets the same with hydratingNavigations.
 */
import { test as base, type Page } from '@playwright/test'
import { AFTER_PAINT } from '../app/site/scripts-after-paint.server.ts'
import { hydrated } from './pages.ts'

export { expect } from '@playwright/test'

/** Resolves once a storefront page has hydrated (at once for any other page). */
async function untilHydrated(page: Page): Promise<void> {
  const storefront = await page.evaluate(
    (afterPaint) => Array.from(document.scripts).some((script) => script.text.includes(`"${afterPaint}"`)),
    AFTER_PAINT,
  )
  if (storefront) await hydrated(page)
}

type Navigation = (...args: unknown[]) => ReturnType<Page['reload']>

/** Where each navigation takes its options. */
const OPTIONS_AT = { goto: 1, reload: 0, goBack: 0, goForward: 0 } as const

/**
 * Makes `page`'s navigations resolve once a storefront page has hydrated, as the fixture's page
 * does: for a page a test opens itself in a context of its own (with JavaScript), whose clicks
 * would otherwise race the page's code and follow the no-JavaScript fallbacks.
 */
export function hydratingNavigations(page: Page): Page {
  for (const [method, at] of Object.entries(OPTIONS_AT) as [keyof typeof OPTIONS_AT, number][]) {
    const navigate = page[method].bind(page) as Navigation
    page[method] = (async (...args: unknown[]) => {
      const response = await navigate(...args)
      const waitUntil = (args[at] as { waitUntil?: string } | undefined)?.waitUntil
      if (waitUntil === undefined || waitUntil === 'load') await untilHydrated(page)
      return response
    }) as never
  }
  return page
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : hydratingNavigations(page))
  },
})
