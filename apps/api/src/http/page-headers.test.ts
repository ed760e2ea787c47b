/**
 * The headers pages leave with, as the source sets them (the built server's tests,
 * page-cache.test.ts and storefront.test.ts, run the code as last built): a kept copy's policy
 * allows only the inline scripts its render wrote, and each of its encodings has an ETag of its own;
 * a private page (the visitor's orders, addresses, e-mail) is not stored by the browser.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStorefrontApp } from '../../tests/storefront-app.ts'
import { demoCustomerSession } from '../../tests/storefront-login.ts'

const PRODUCT = '/products/extra-time-tour-tee'

const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`

/** The inline scripts of a page: their attributes and text. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes!))
    .map(([, attributes, text]) => ({ attributes: attributes!, text: text! }))

describe('the headers of pages rendered and kept in this process', () => {
  let base = ''
  let close = async () => {}

  beforeAll(async () => {
    ;({ base, close } = await createStorefrontApp({ PAGE_CACHE_SECONDS: '30' }))
  }, 120_000)

  afterAll(() => close())

  const get = (pathname: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${pathname}`, { headers, redirect: 'manual' })

  /** The page as kept: requested until the cache answers it. */
  async function kept(pathname: string, headers: Record<string, string> = {}) {
    for (let i = 0; i < 20; i++) {
      const response = await get(pathname, headers)
      if (response.headers.get('x-page-cache') === 'hit') return response
      await response.arrayBuffer()
    }
    throw new Error(`${pathname} never came from the cache`)
  }

  it("a kept copy's policy allows the inline scripts its render wrote with its nonce, and no other", async () => {
    const page = await kept(PRODUCT)
    const scriptSrc = (page.headers.get('content-security-policy') ?? '')
      .split(';')
      .find((directive) => directive.startsWith('script-src '))!
    expect(scriptSrc).not.toContain("'nonce-")
    const scripts = inlineScripts(await page.text())
    const written = scripts.filter(({ attributes }) => /\snonce="/.test(attributes))
    expect(written.length).toBeGreaterThan(0)
    for (const { text } of written) expect(scriptSrc).toContain(hashOf(text))
    // The product's structured data is inline markup without the nonce: on the kept copy, as on the
    // rendered page, no such script runs.
    const others = scripts.filter(({ attributes }) => !/\snonce="/.test(attributes))
    expect(others.length).toBeGreaterThan(0)
    for (const { text } of others) expect(scriptSrc).not.toContain(hashOf(text))
  })
  it('each encoding of a kept copy has a strong ETag of its own, which If-None-Match answers with 304', async () => {
    const pathname = '/shop?page=1'
    const encodings = ['br', 'gzip', 'identity'] as const
    const tags: Record<string, string> = {}
    for (const encoding of encodings) {
      const page = await kept(pathname, { 'accept-encoding': encoding })
      await page.arrayBuffer()
      expect(page.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding)
      tags[encoding] = page.headers.get('etag')!
      expect(tags[encoding]).toMatch(/^"[^"]+"$/)
    }
    expect(new Set(Object.values(tags)).size).toBe(encodings.length)
    for (const encoding of encodings) {
      for (const other of encodings) {
        const again = await get(pathname, { 'accept-encoding': encoding, 'if-none-match': tags[other]! })
        await again.arrayBuffer()
        expect(again.status, `${encoding} asked with the ${other} tag`).toBe(other === encoding ? 304 : 200)
        expect(again.headers.get('etag')).toBe(tags[encoding])
      }
    }
    // A cache in between may ask with several tags, or weakly.
    const listed = await get(pathname, { 'accept-encoding': 'br', 'if-none-match': `"other", W/${tags.br}` })
    expect(listed.status).toBe(304)
  })
  it('a link from an ad or a post is the page without its tracking parameters: one render, kept for every click', async () => {
    const product = '/products/final-whistle-tee'
    const arrivals = [
      `${product}?fbclid=IwAR-first-click`,
      `${product}?fbclid=IwAR-second-click&utm_source=instagram&utm_medium=social`,
      product,
      `${product}?gclid=Cj0-third-click`,
    ]
    const answers = []
    for (const pathname of arrivals) {
      const page = await get(pathname)
      answers.push({ state: page.headers.get('x-page-cache'), html: await page.text() })
    }
    expect(answers.map(({ state }) => state)).toEqual(['miss', 'hit', 'hit', 'hit'])
    // The router's own data requests are made from its address, which the browser has rid of them
    // (site/arrival.ts): one that carries them anyway is rendered at, and kept under, its own address.
    const data = await get(`${product}.data?fbclid=IwAR-first-click`)
    await data.arrayBuffer()
    expect(data.headers.get('x-page-cache')).toBe('miss')
    for (const { html } of answers) {
      expect(html).toBe(answers[0]!.html)
      expect(html).not.toMatch(/click|fbclid|gclid|utm_/)
    }
    // What a route reads stays, beside them: a page of its own, rendered with it.
    const all = await get('/shop?category=all&fbclid=IwAR-fourth-click')
    expect(all.headers.get('x-page-cache')).toBe('miss')
    const html = await all.text()
    expect(html).not.toContain('fourth-click')
    expect(html).toContain('All products</h1>')
    const again = await get('/shop?utm_campaign=drop&category=all')
    expect(again.headers.get('x-page-cache')).toBe('hit')
    expect(await again.text()).toBe(html)
  })
  it("a private page, as the router matches it, is not stored by the browser; the visitor's catalogue pages are", async () => {
    const cookie = await demoCustomerSession(base)
    for (const pathname of [
      '/profile/details',
      '/profile/addresses',
      '/profile/orders',
      '/profile/orders.data',
      '/Profile/Details',
      '/order/details',
      '/checkout',
      '/cart',
      '/thank-you',
    ]) {
      const page = await get(pathname, { cookie })
      await page.arrayBuffer()
      expect(page.headers.get('cache-control'), pathname).toBe('private, no-store')
    }
    const details = await get('/profile/details', { cookie })
    expect(await details.text()).toContain('demo@example.com')
    const shop = await get('/shop', { cookie })
    await shop.arrayBuffer()
    expect(shop.headers.get('x-page-cache')).toBe('bypass')
    expect(shop.headers.get('cache-control')).toBe('private, no-cache')
  })
  it('an answer that sets a cookie is never public, whatever its route says', async () => {
    // A cart cookie of before the session, moved into it: the answer carries the visitor's session,
    // their cart's token in it. A stamp with nothing left to show: the answer clears it.
    const cart = Buffer.from(JSON.stringify({ number: 'R123456789', token: 'a-cart-token-of-this-visitor' }))
    for (const cookie of [
      `cart=${encodeURIComponent(cart.toString('base64'))}`,
      'personal-frame=lz1abcd0000000',
    ]) {
      for (const pathname of ['/robots.txt', '/sitemap.xml']) {
        const answer = await get(pathname, { cookie })
        await answer.arrayBuffer()
        expect(answer.headers.getSetCookie().length, pathname).toBeGreaterThan(0)
        expect(answer.headers.get('cache-control'), `${pathname} with ${cookie}`).toBe('private, no-cache')
      }
    }
    // Without one, they stay public for an hour.
    const robots = await get('/robots.txt')
    await robots.arrayBuffer()
    expect(robots.headers.getSetCookie()).toEqual([])
    expect(robots.headers.get('cache-control')).toBe('public, max-age=3600')
  })
})
