/**
 * The back office's browser tests stepping between a page and the API (Playwright's route
 * interception): a request held on its way, to see what a page does meanwhile. The categories' and
 * the images' tests each wrote the hold out.
 */
import type { Page } from '@playwright/test'

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
