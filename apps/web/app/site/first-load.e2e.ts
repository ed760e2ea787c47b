/**
 * Issue 15 ("Instant on a phone"): what a phone downloads on its first load of home, /shop and a
 * product page is the page, the frame and the libraries every page runs. zod (the forms' checks),
 * the dialog library, the carousel and the panels come later, when they are used.
 */
import { type APIRequestContext, expect, test } from '@playwright/test'

/** Each script the HTML of `path` references (the entry and its module preloads), with its text. */
async function firstLoadScripts(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text()
  const urls = [...new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!))]
  expect(urls.length, `${path} references scripts`).toBeGreaterThan(0)
  return Promise.all(urls.map(async (url) => ({ url, text: await (await request.get(url)).text() })))
}

/** What each late library leaves in its code whatever the bundler renames. */
const LATE_LIBRARIES = [
  ['zod', 'ZodError'],
  ['the dialog library', 'DialogTitle'],
  ['the carousel', 'slidesToScroll'],
] as const

const PANEL_CHUNK = /\/(navigation-panel|social-bar|social-popups|account-panels|cart-panel|cart-dialogs)-/

test('home, /shop and a product page load without zod, dialogs, the carousel or the panels', async ({
  request,
}) => {
  const products = (await (await request.get('/wp-json/wc/v3/products?per_page=1')).json()) as {
    slug: string
  }[]
  for (const path of ['/', '/shop', `/product/${products[0]!.slug}`]) {
    const scripts = await firstLoadScripts(request, path)
    for (const [library, mark] of LATE_LIBRARIES) {
      const carriers = scripts.filter((script) => script.text.includes(mark)).map((script) => script.url)
      expect(carriers, `${library} on the first load of ${path}`).toEqual([])
    }
    const panels = scripts.filter((script) => PANEL_CHUNK.test(script.url)).map((script) => script.url)
    expect(panels, `panel code on the first load of ${path}`).toEqual([])
  }
})

test('the head of home, /shop and a product page preloads the first visible image, in AVIF', async ({
  request,
}) => {
  // A demo product with pictures: the back office's tests may add newer products without any.
  const products = (await (await request.get('/wp-json/wc/v3/products?per_page=100')).json()) as {
    slug: string
    images: unknown[]
  }[]
  const pictured = products.find((product) => product.images.length > 0)!
  for (const path of ['/', '/shop', `/product/${pictured.slug}`]) {
    const html = await (await request.get(path)).text()
    const head = html.slice(0, html.indexOf('</head>'))
    const preload =
      /<link rel="preload" as="image" type="image\/avif" fetchPriority="high" imageSrcSet="([^"]+)"/.exec(
        head,
      )
    expect(preload, `an image preload in the head of ${path}`).not.toBeNull()
    // The same AVIF candidates as the first image the page draws eagerly, so that the preload is the one used.
    const eager =
      /<source type="image\/avif" srcSet="([^"]+)"[^>]*\/><source[^>]*\/><img[^>]*loading="eager"/.exec(html)
    expect(eager?.[1], `the first eager image of ${path}`).toBe(preload![1])
  }
})
