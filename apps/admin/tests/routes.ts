/**
 * The back office's browser tests stepping between a page and the API (Playwright's route
 * interception): a request held on its way, to see what a page does meanwhile, and the API's
 * answer while its rate limits' counts are out of reach. The categories' and the images' tests
 * each wrote the hold out.
 */
import type { Page } from '@playwright/test'

/** What the API answers a rate-limited request while Redis is out of reach (http/rate-limit.ts). */
export const COUNTS_UNAVAILABLE = 'We cannot check this safely right now: please try again in a minute.'

/**
 * Holds the requests to `url` until `release` is called: `sent` has each one's body as it arrives,
 * and `unroute` ends the hold (requests after `release` go through at once).
 */
export async function holdRequests(
  page: Page,
  url: string,
): Promise<{ sent: string[]; release: () => void; unroute: () => Promise<void> }> {
  const sent: string[] = []
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(url, async (route) => {
    sent.push(route.request().postData() ?? '')
    await held
    await route.continue()
  })
  return { sent, release, unroute: () => page.unroute(url) }
}

/** The next request to `url` is answered as the API answers it with Redis out of reach: 503, Retry-After. */
export async function countsUnavailableOnce(page: Page, url: string): Promise<void> {
  await page.route(
    url,
    (route) =>
      route.fulfill({
        status: 503,
        headers: { 'retry-after': '60' },
        json: { statusCode: 503, message: COUNTS_UNAVAILABLE },
      }),
    { times: 1 },
  )
}
