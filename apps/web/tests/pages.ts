/**
 * For the browser tests: one address per route name of spec 2's navigation rules, found from the
 * seeded content (the first product, lookbook and release), and the header's route name check.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test'

export interface NamedPage {
  routeName: string
  path: string
}

async function first<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path)
  expect(response.ok(), `${path} answers`).toBe(true)
  const items = (await response.json()) as T[]
  expect(items.length, `${path} has content`).toBeGreaterThan(0)
  return items[0]!
}

/** Every page whose route name the navigation rules mention, plus one they do not (comingsoon). */
export async function namedPages(request: APIRequestContext): Promise<NamedPage[]> {
  const [product, lookbook, release] = await Promise.all([
    first<{ slug: string }>(request, '/wp-json/wc/v3/products?per_page=1'),
    first<{ slug: string }>(request, '/wp-json/wp/v2/lookbooks?per_page=1'),
    first<{ id: number }>(request, '/wp-json/wp/v2/music?per_page=1'),
  ])
  return [
    { routeName: 'index', path: '/' },
    { routeName: 'home', path: '/home' },
    { routeName: 'shop', path: '/shop' },
    { routeName: 'product', path: `/product/${product.slug}` },
    { routeName: 'cart', path: '/cart' },
    { routeName: 'checkout', path: '/checkout' },
    { routeName: 'contact', path: '/contact' },
    { routeName: 'foundation', path: '/foundation' },
    { routeName: 'entercode', path: '/entercode' },
    { routeName: 'auth-reset', path: '/auth/reset' },
    { routeName: 'lookbook-slug', path: `/lookbook/${lookbook.slug}` },
    { routeName: 'music', path: '/music' },
    { routeName: 'music-id', path: `/music/${release.id}` },
    { routeName: 'error', path: '/this-page-does-not-exist' },
    { routeName: 'comingsoon', path: '/comingsoon' },
  ]
}

/**
 * The simple product with the most stock: what tests put in their bag, so that holding one unit
 * for an hour never starves a colleague's stock test.
 */
export async function roomiestSimpleProduct(request: APIRequestContext): Promise<string> {
  const response = await request.get('/wp-json/wc/v3/products?per_page=100')
  expect(response.ok()).toBe(true)
  const products = (await response.json()) as { slug: string; type: string; stock_quantity: number | null }[]
  const simple = products
    .filter((p) => p.type === 'simple' && (p.stock_quantity ?? 0) > 0)
    .sort((a, b) => (b.stock_quantity ?? 0) - (a.stock_quantity ?? 0))[0]
  expect(simple, 'a simple product in stock').toBeTruthy()
  return simple!.slug
}

/** Adds one unit of a roomy simple product to this visitor's bag from its product page. */
export async function putOneInTheBag(page: Page): Promise<void> {
  await page.goto(`/product/${await roomiestSimpleProduct(page.request)}`)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(cartButton(page)).toHaveAttribute('aria-label', /^Cart, [1-9]\d* items?$/)
}

/** The header's cart button, found even while a panel hides the page from assistive technology. */
export const cartButton = (page: Page) => page.locator('.site-header__cart')

/** A demo product with pictures, by slug: the back office's tests may add newer products without any. */
export async function picturedProduct(request: APIRequestContext): Promise<string> {
  const response = await request.get('/wp-json/wc/v3/products?per_page=100')
  expect(response.ok()).toBe(true)
  const products = (await response.json()) as { slug: string; images: unknown[] }[]
  const pictured = products.find((product) => product.images.length > 0)
  expect(pictured, 'a product with pictures').toBeTruthy()
  return pictured!.slug
}

/** Opens the page and checks that the header is the one of the expected route (checkout needs a bag). */
export async function openNamedPage(page: Page, named: NamedPage): Promise<void> {
  if (named.routeName === 'checkout') await putOneInTheBag(page)
  await page.goto(named.path)
  await expect(page.getByRole('banner')).toHaveAttribute('data-route-name', named.routeName)
}

/**
 * Resolves once the page has hydrated and its controls have taken over from their no-JavaScript
 * fallbacks (site/use-hydrated.tsx): a click before that is a plain post or link.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}
