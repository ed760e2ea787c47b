/**
 * Issue 15 ("Instant on a phone"): what a phone downloads on its first load of home, /shop and a
 * product page is the page, the frame and the libraries every page runs. zod (the forms' checks),
 * the dialog library and the panels come later, when they are used. The styles
 * come in the HTML (site/first-paint-styles.server.ts): no stylesheet holds the first paint.
 */
import type { APIRequestContext } from '@playwright/test'
import { hydrated, namedPages, picturedProduct, putOneInTheBag } from '../../tests/pages.ts'
import { expect, test } from '../../tests/playwright.ts'
import { checkOut } from '../../tests/shopper.ts'

/**
 * Each script the HTML of `path` references (the entry's preload and what the page's module
 * imports, site/scripts-after-paint.server.ts), with its text.
 */
async function firstLoadScripts(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text()
  const urls = [...new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!))]
  expect(urls.length, `${path} references scripts`).toBeGreaterThan(0)
  return Promise.all(urls.map(async (url) => ({ url, text: await (await request.get(url)).text() })))
}

/** The addresses of the scripts whose text holds `mark`. */
const carrying = (scripts: { url: string; text: string }[], mark: string) =>
  scripts.filter((script) => script.text.includes(mark)).map((script) => script.url)

/** Home, /shop and the page of a product with pictures: the pages the first-load budget is about. */
const firstLoadPages = async (request: APIRequestContext) => [
  '/',
  '/shop',
  `/product/${await picturedProduct(request)}`,
]

/** What zod leaves in its code whatever the bundler renames. */
const ZOD_MARK = 'ZodError'

/** What each late library leaves in its code whatever the bundler renames. */
const LATE_LIBRARIES = [
  ['zod', ZOD_MARK],
  ['the dialog library', 'DialogTitle'],
] as const

const PANEL_CHUNK = /\/(navigation-panel|social-bar|social-popups|account-panels|cart-panel|cart-dialogs)-/

test('home, /shop and a product page load without zod, dialogs or the panels', async ({ request }) => {
  for (const path of await firstLoadPages(request)) {
    const scripts = await firstLoadScripts(request, path)
    for (const [library, mark] of LATE_LIBRARIES) {
      expect(carrying(scripts, mark), `${library} on the first load of ${path}`).toEqual([])
    }
    const panels = scripts.filter((script) => PANEL_CHUNK.test(script.url)).map((script) => script.url)
    expect(panels, `panel code on the first load of ${path}`).toEqual([])
  }
})

/** The scripts of a page's first load that carry zod. */
const zodOnFirstLoad = async (request: APIRequestContext, path: string) =>
  carrying(await firstLoadScripts(request, path), ZOD_MARK)

test('the bag and the checkout, which every buyer opens on drop day, load without zod', async ({ page }) => {
  await putOneInTheBag(page)
  for (const path of ['/cart', '/checkout']) {
    expect(await zodOnFirstLoad(page.request, path), `zod on the first load of ${path}`).toEqual([])
  }
})

test('the pages after an order load without zod; the lookup they show when they cannot tell the order checks as the fan types', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await putOneInTheBag(page)
  await checkOut(page, `first.load.${Date.now()}@example.com`, '4242 4242 4242 4242')
  await expect(page).toHaveURL(/\/order\/confirmation\?number=R\d{9}$/)
  const number = new URL(page.url()).searchParams.get('number')!
  for (const path of ['/order/confirmation', '/thank-you', '/order/details']) {
    const opened = `${path}?number=${number}`
    expect(await zodOnFirstLoad(page.request, opened), `zod on the first load of ${opened}`).toEqual([])
  }

  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url())
  })
  // An order this browser did not place: the page offers the lookup.
  await page.goto('/thank-you?number=R000000001')
  await hydrated(page)
  await expect(page.getByText('Order R000000001 cannot be opened in this browser.')).toBeVisible()
  await page.getByLabel('Order number').fill('my order')
  await page.getByLabel('E-mail address you ordered with').focus()
  await expect(
    page.getByText('Enter the order number as it is in your e-mail, like R123456789.'),
  ).toBeVisible()
  expect(posts).toEqual([])
})

test('the editorial pages, which have no form to check, load without zod', async ({ request }) => {
  const named = new Map((await namedPages(request)).map((page) => [page.routeName, page.path]))
  const paths = ['/home', '/feed', '/story', '/music', '/lookbook', '/lookbook-01', '/foundation', '/book']
  for (const path of [...paths, named.get('lookbook-slug')!, named.get('music-id')!]) {
    expect(await zodOnFirstLoad(request, path), `zod on the first load of ${path}`).toEqual([])
  }
})

/** The scripts a built module imports statically (`import … from "./x.js"`, `import "./x.js"`), as paths. */
const staticImports = (url: string, text: string) =>
  [...text.matchAll(/(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+\.js)"/g)].map(
    (m) => new URL(m[1]!, `http://shop${url}`).pathname,
  )

test('React DOM starts in a task after the page’s modules: its client renderer comes with the entry, imported once they have run, in no chunk they import', async ({
  request,
}) => {
  for (const path of await firstLoadPages(request)) {
    const html = await (await request.get(path)).text()
    const entry = /import\("(\/assets\/entry\.client-[^"]+\.js)"\)/.exec(html)?.[1]
    expect(entry, `the entry imported by the page script of ${path}`).toBeDefined()
    expect(await (await request.get(entry!)).text()).toContain('hydrateRoot')
    // What the page's module imports statically: the route modules, and the chunks they import.
    const queue = [...html.matchAll(/\bimport (?:\* as route\d+ from )?"(\/assets\/[^"]+\.js)"/g)].map(
      (m) => m[1]!,
    )
    expect(queue.length, `modules imported by the page script of ${path}`).toBeGreaterThan(1)
    const evaluatedFirst = new Set<string>()
    for (let url = queue.pop(); url !== undefined; url = queue.pop()) {
      if (evaluatedFirst.has(url)) continue
      evaluatedFirst.add(url)
      const text = await (await request.get(url)).text()
      expect(text.includes('hydrateRoot'), `${url}, imported by a route module of ${path}`).toBe(false)
      queue.push(...staticImports(url, text))
    }
    expect(
      [...evaluatedFirst].some((url) => url.includes('/shell-')),
      `the shared chunk on ${path}`,
    ).toBe(true)
    expect(evaluatedFirst.has(entry!), `the entry among the route modules' imports on ${path}`).toBe(false)
  }
})

test('the first load’s two large chunks, and only they, ask V8 to compile them as they download', async ({
  request,
}) => {
  for (const path of await firstLoadPages(request)) {
    const scripts = await firstLoadScripts(request, path)
    const hinted = scripts.filter((script) => script.text.startsWith('//# allFunctionsCalledOnLoad\n'))
    expect(
      hinted.map((script) => /\/(entry\.client|shell)-/.exec(script.url)?.[1] ?? script.url).sort(),
      `scripts of ${path} with the compile hint`,
    ).toEqual(['entry.client', 'shell'])
  }
})

test('the router is made before React starts hydrating, not inside hydration’s first render (docs/decisions/0018)', async ({
  page,
  request,
}) => {
  await page.addInitScript(() => {
    const globals = window as unknown as Record<string, unknown>
    let router: unknown
    Object.defineProperty(window, '__reactRouterDataRouter', {
      configurable: true,
      get: () => router,
      set(value) {
        router = value
        globals.routerMadeWhileHydrating = Object.keys(document).some((key) =>
          key.startsWith('__reactContainer$'),
        )
      },
    })
  })
  for (const path of await firstLoadPages(request)) {
    await page.goto(path)
    await hydrated(page)
    const madeWhileHydrating = await page.evaluate(
      () => (window as unknown as Record<string, unknown>).routerMadeWhileHydrating,
    )
    expect(madeWhileHydrating, `the router of ${path} made once React had started`).toBe(false)
  }
})

test('the head of home, /shop and a product page preloads the first visible image, in AVIF', async ({
  request,
}) => {
  for (const path of await firstLoadPages(request)) {
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

test('home, /shop and a product page bring their styles in the HTML: no stylesheet to wait for, and home carries none of the catalogue or the other editorial pages', async ({
  request,
}) => {
  const products = (await (await request.get('/wp-json/wc/v3/products?per_page=1')).json()) as {
    slug: string
  }[]
  for (const path of ['/', '/shop', `/product/${products[0]!.slug}`]) {
    const html = await (await request.get(path)).text()
    const head = html.slice(0, html.indexOf('</head>'))
    const links = [...head.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((m) => m[0])
    expect(links.length, `stylesheet links of ${path}`).toBeGreaterThan(0)
    expect(
      links.filter((link) => !/\sdisabled\b/.test(link)),
      `stylesheets ${path} waits for`,
    ).toEqual([])
    for (const link of links) {
      const href = /href="([^"]+)"/.exec(link)![1]!
      expect(head, `${href} inline before its link on ${path}`).toContain(`<style data-href="${href}">`)
    }
  }
  const home = await (await request.get('/')).text()
  expect(home).not.toMatch(/\/assets\/(?:catalog|editorial)-[^"]*\.css/)
})

test('a page painted from its inline styles stays styled through hydration and fetches no stylesheet; leaving it takes its styles away', async ({
  page,
}) => {
  const stylesheets: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url())
  })
  await page.goto('/')
  const name = page.locator('.landing__name')
  await expect(name).toHaveCSS('text-transform', 'uppercase')
  await hydrated(page)
  await page.waitForLoadState('networkidle')
  expect(stylesheets, 'stylesheets fetched on the first load of /').toEqual([])
  await expect(name).toHaveCSS('text-transform', 'uppercase')

  await page.getByRole('link', { name: 'Shop the drop' }).click()
  await expect(page).toHaveURL(/\/shop$/)
  await expect(page.locator('head style[data-href*="/landing-"]')).toHaveCount(0)
  await expect(page.locator('head style[data-href*="/root-"]')).toHaveCount(1)
  await expect(page.locator('head link[rel="stylesheet"][href*="/catalog-"]')).toHaveCount(1)
})
