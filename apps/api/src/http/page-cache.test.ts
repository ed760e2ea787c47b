/**
 * The shared anonymous page cache on the built server: a visitor without personal state gets a
 * kept copy (compressed once, its inline scripts allowed by hash in the CSP), and of the page's
 * data when the router moves to it, a visitor with a
 * login, a cart, an order or an access grant never leaves one behind, and gets one only once their
 * browser fills in its own frame (the personal-frame cookie, set once it asks for page data), personal
 * query parameters skip it, an add to cart keeps what was kept but its stock is never shown past
 * the page's fresh seconds, and an expired copy is served once more while one background render
 * replaces it.
 */
import type { ChildProcess } from 'node:child_process'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { launchInstant } from '@fanshop/core'
import type { FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BuiltServer, ensureBuilt, startServer, waitForPort } from '../../tests/built-server.ts'
import { freePort, hasRedis, startRedis } from '../../tests/redis-server.ts'
import { demoCustomerSession } from '../../tests/storefront-login.ts'
import { demoStaff, sessionCookieOf } from '../admin/testing.ts'
import type { ShopContext } from '../context.ts'
import {
  inlineScriptHashes,
  isWhole,
  PageCache,
  PERSONAL_COOKIES,
  shareable,
  sharedCookies,
  writeEffect,
} from './page-cache.ts'

describe('the shared anonymous page cache', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-page-cache-'))
  let server: BuiltServer | undefined
  let base = ''

  beforeAll(async () => {
    ensureBuilt()
    server = startServer({ PORT: '0', DATA_DIR: dataDir, PAGE_CACHE_SECONDS: '1' })
    base = `http://127.0.0.1:${await waitForPort(server)}`
  }, 300_000)

  afterAll(async () => {
    server?.child.kill('SIGKILL')
    await server?.exited
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  const get = (pathname: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${pathname}`, { headers, redirect: 'manual' })

  /** Requests the page until the cache answers it (the first render is stored once sent). */
  async function warm(pathname: string) {
    for (let i = 0; i < 20; i++) {
      const response = await get(pathname)
      await response.arrayBuffer()
      if (response.headers.get('x-page-cache') === 'hit') return
    }
    throw new Error(`${pathname} never came from the cache`)
  }

  it('serves a kept copy to anonymous visitors, its inline scripts allowed by their hashes', async () => {
    const first = await get('/shop?page=1')
    expect(first.headers.get('x-page-cache')).toBe('miss')
    expect(first.headers.get('cache-control')).toBe('private, no-cache')
    await first.text()
    await warm('/shop?page=1')
    const hit = await get('/shop?page=1')
    expect(hit.headers.get('x-page-cache')).toBe('hit')
    expect(hit.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=1')
    expect(hit.headers.get('vary')).toBe('Accept-Encoding, Cookie')
    const csp = hit.headers.get('content-security-policy') ?? ''
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '))!
    expect(scriptSrc).not.toContain('nonce-')
    expect(scriptSrc).not.toContain('unsafe')
    const html = await hit.text()
    // The inline scripts its render wrote: they carry the render's nonce.
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/\ssrc=/.test(attributes!) && /\snonce="/.test(attributes!),
    )
    expect(inline.length).toBeGreaterThan(0)
    for (const [, , body] of inline) {
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`)
    }
    const etag = hit.headers.get('etag')!
    expect((await get('/shop?page=1', { 'if-none-match': etag })).status).toBe(304)
  })

  it('keeps the page compressed both ways and sends it whole in each', async () => {
    await warm('/shop?page=2')
    const raw = async (encoding: string) => {
      const response = await fetch(`${base}/shop?page=2`, { headers: { 'accept-encoding': encoding } })
      return { headers: response.headers, body: Buffer.from(await response.arrayBuffer()) }
    }
    // fetch decompresses: whole pages in every encoding, the same page each time.
    const plain = (await raw('identity')).body.toString()
    expect(plain).toContain('</html>')
    expect((await raw('br')).headers.get('x-page-cache')).toBe('hit')
    expect((await raw('br')).body.toString()).toBe(plain)
    expect((await raw('gzip')).body.toString()).toBe(plain)
  })

  it.each(PERSONAL_COOKIES)(
    'a visitor with a %s cookie neither gets nor leaves a kept page',
    async (name) => {
      const pathname = `/shop?page=3&for=${name}`
      const own = await get(pathname, { cookie: `${name}=eyJ4IjoxfQ%3D%3D` })
      expect(own.headers.get('x-page-cache')).toBe('bypass')
      expect(own.headers.get('content-security-policy')).toMatch(/'nonce-/)
      await own.text()
      // Nothing was kept: the next anonymous visitor's page is rendered afresh.
      expect((await get(pathname)).headers.get('x-page-cache')).toBe('miss')
      await warm(pathname)
      expect((await get(pathname, { cookie: `${name}=eyJ4IjoxfQ%3D%3D` })).headers.get('x-page-cache')).toBe(
        'bypass',
      )
    },
  )

  const logIn = () => demoCustomerSession(base)

  it("a logged-in visitor's page, greeting and all, never reaches anonymous visitors", async () => {
    const cookie = await logIn()
    const pathname = '/shop?page=4'
    const theirs = await get(pathname, { cookie })
    expect(theirs.headers.get('x-page-cache')).toBe('bypass')
    expect(await theirs.text()).toContain('Lucía')
    const anonymous = await get(pathname)
    expect(anonymous.headers.get('x-page-cache')).toBe('miss')
    expect(await anonymous.text()).not.toContain('Lucía')
    await warm(pathname)
    const again = await get(pathname)
    expect(await again.text()).not.toContain('Lucía')
  })

  it('a logged-in visitor whose browser fills in its own frame gets the page drawn for nobody, and leaves none', async () => {
    const cookie = `${await logIn()}; personal-frame=1`
    const pathname = '/shop?page=5'
    const theirs = await get(pathname, { cookie })
    expect(theirs.headers.get('x-page-cache')).toBe('miss')
    expect(theirs.headers.getSetCookie()).toEqual([])
    const html = await theirs.text()
    expect(html).not.toContain('Lucía')
    expect(html).toContain('aria-label="Log in"')
    const anonymous = await get(pathname)
    expect(['hit', 'stale']).toContain(anonymous.headers.get('x-page-cache'))
    expect(await anonymous.text()).toBe(html)
    const again = await get(pathname, { cookie })
    expect(['hit', 'stale']).toContain(again.headers.get('x-page-cache'))
    expect(await again.text()).toBe(html)
  })

  it('their browser asks for the personal parts of its frame, which no cache keeps', async () => {
    const session = await logIn()
    const theirs = await get('/visitor-frame', { cookie: `${session}; personal-frame=1` })
    expect(theirs.status).toBe(200)
    expect(theirs.headers.get('cache-control')).toBe('private, no-store')
    expect(theirs.headers.get('x-page-cache')).toBe('bypass')
    const frame = (await theirs.json()) as { endsAt: number }
    expect(frame).toMatchObject({
      user: { first_name: 'Lucía' },
      cart: null,
      accessGranted: false,
      stamp: '1',
      personal: true,
    })
    // When their login ends (a password login's fourteen days), so a kept frame is loaded again then.
    expect(frame.endsAt).toBeGreaterThan(Date.now() + 13 * 24 * 60 * 60 * 1000)
    const nobody = await get('/visitor-frame')
    expect(await nobody.json()).toEqual({
      user: null,
      cart: null,
      accessGranted: false,
      endsAt: null,
      stamp: null,
      personal: false,
    })
  })

  it("keeps a page's data for anonymous visitors, as the router asks for it on a move without reloading", async () => {
    for (const pathname of ['/shop.data?page=7', '/_root.data']) {
      const first = await get(pathname)
      expect(first.status, pathname).toBe(200)
      expect(first.headers.get('content-type')).toBe('text/x-script')
      const rendered = await first.text()
      expect(rendered.endsWith('\n')).toBe(true)
      await warm(pathname)
      const hit = await get(pathname)
      expect(hit.headers.get('x-page-cache'), pathname).toBe('hit')
      expect(hit.headers.get('content-type')).toBe('text/x-script')
      // Checked again on every move: a copy drawn for nobody must not answer a visitor who logged in since.
      expect(hit.headers.get('cache-control')).toBe('private, no-cache')
      const etag = hit.headers.get('etag')!
      expect((await get(pathname, { 'if-none-match': etag })).status).toBe(304)
      expect(await hit.text()).toBe(rendered)
    }
    // The data of a page never shared stays each visitor's own.
    const cart = await get('/cart.data')
    expect(cart.headers.get('x-page-cache')).toBe('bypass')
    await cart.arrayBuffer()
  })

  it("a logged-in visitor's page data, their frame in it, is theirs alone, whether or not their browser fills in its frame", async () => {
    const session = await logIn()
    const pathname = '/shop.data?page=8'
    await warm(pathname)
    for (const cookie of [session, `${session}; personal-frame=q7r2`]) {
      const theirs = await get(pathname, { cookie })
      expect(theirs.headers.get('x-page-cache'), cookie).toBe('bypass')
      const data = await theirs.text()
      expect(data).toContain('Lucía')
      // The stamp their frame was drawn under, which their browser keeps it under.
      expect(data.includes('"q7r2"'), cookie).toBe(cookie.includes('q7r2'))
    }
    const anonymous = await get(pathname)
    expect(anonymous.headers.get('x-page-cache')).toBe('hit')
    expect(await anonymous.text()).not.toContain('Lucía')
  })

  it("a move that keeps the frame asks for the page's own data, which is kept for a logged-in visitor too", async () => {
    const session = await logIn()
    const pathname = '/shop.data?page=9&_routes=catalog%2Froutes%2Fshop'
    const theirs = await get(pathname, { cookie: `${session}; personal-frame=k3x9` })
    expect(theirs.status).toBe(200)
    expect(theirs.headers.get('x-page-cache')).toBe('miss')
    expect(theirs.headers.getSetCookie()).toEqual([])
    const data = await theirs.text()
    expect(data).toContain('catalog/routes/shop')
    expect(data).not.toContain('"root"')
    expect(data).not.toContain('Lucía')
    const anonymous = await get(pathname)
    expect(['hit', 'stale']).toContain(anonymous.headers.get('x-page-cache'))
    expect(await anonymous.text()).toBe(data)
    // Without a browser that fills in its frame, or with the root's loader asked for, it stays theirs.
    for (const [cookie, address] of [
      [session, pathname],
      [`${session}; personal-frame=k3x9`, '/shop.data?page=9&_routes=root%2Ccatalog%2Froutes%2Fshop'],
      [`${session}; personal-frame=k3x9`, '/shop.data?page=9'],
    ] as const) {
      const own = await get(address, { cookie })
      expect(own.headers.get('x-page-cache'), `${cookie} ${address}`).toBe('bypass')
      await own.arrayBuffer()
    }
  })

  it('sets the personal-frame cookie once the browser asks for page data, draws a new stamp when its frame may change, and clears it once nothing is theirs', async () => {
    const session = await logIn()
    const frameCookies = (response: Response) =>
      response.headers.getSetCookie().filter((line) => line.startsWith('personal-frame='))
    const STAMPED = /^personal-frame=([0-9a-z]{1,16}); Max-Age=2592000; Path=\/; SameSite=Lax$/
    // A document request says nothing of scripts: a browser without them keeps getting its own pages.
    const page = await get('/shop?page=6', { cookie: session })
    expect(page.headers.get('x-page-cache')).toBe('bypass')
    expect(frameCookies(page)).toEqual([])
    await page.arrayBuffer()
    const data = await get('/shop.data', { cookie: session })
    const [set] = frameCookies(data)
    expect(set).toMatch(STAMPED)
    await data.arrayBuffer()
    const stamp = STAMPED.exec(set!)![1]!
    const already = await get('/shop.data', { cookie: `${session}; personal-frame=${stamp}` })
    expect(frameCookies(already)).toEqual([])
    await already.arrayBuffer()
    // A form sent (here the cookie bar's answer) may change the frame: a new stamp, whether the
    // router sent it or the browser did before the scripts ran.
    for (const address of ['/cookie-consent.data', '/cookie-consent']) {
      const sent = await fetch(`${base}${address}`, {
        method: 'POST',
        headers: {
          cookie: `${session}; personal-frame=${stamp}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'necessary=on&respond=data',
        redirect: 'manual',
      })
      const [again] = frameCookies(sent)
      expect(again, address).toMatch(STAMPED)
      expect(STAMPED.exec(again!)![1]).not.toBe(stamp)
      await sent.arrayBuffer()
    }
    const gone = await get('/visitor-frame', { cookie: `personal-frame=${stamp}` })
    expect(frameCookies(gone)).toEqual(['personal-frame=; Max-Age=0; Path=/; SameSite=Lax'])
  })

  it('personal query parameters, forms and account pages skip the cache', async () => {
    for (const pathname of [
      '/shop?cart=added',
      '/?redirectTo=/profile',
      '/cart',
      '/auth/login',
      '/contact',
    ]) {
      const response = await get(pathname)
      await response.arrayBuffer()
      expect(response.headers.get('x-page-cache'), pathname).toBe('bypass')
    }
  })

  it('an add to cart keeps the product page kept, and its stock shows once the fresh second is over', async () => {
    const products = (await (await get('/wp-json/wc/v3/products?per_page=100')).json()) as {
      id: number
      slug: string
      type: string
      stock_quantity: number | null
    }[]
    const product = products
      .filter((p) => p.type === 'simple' && (p.stock_quantity ?? 0) > 1)
      .sort((a, b) => (b.stock_quantity ?? 0) - (a.stock_quantity ?? 0))[0]!
    const pathname = `/product/${product.slug}`
    await warm(pathname)
    const stock = (html: string) => /stock_quantity\\",(\d+)/.exec(html)?.[1]
    expect(stock(await (await get(pathname)).text())).toBe(String(product.stock_quantity))

    const json = { 'content-type': 'application/json' }
    const cart = (await (
      await fetch(`${base}/api/v1/orders.json`, { method: 'POST', headers: json, body: '{}' })
    ).json()) as { number: string; token: string }
    const added = await fetch(
      `${base}/api/v1/orders/${cart.number}/line_items.json?order_token=${cart.token}`,
      {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ line_item: { variant_id: product.id, quantity: 1 } }),
      },
    )
    expect(added.ok).toBe(true)

    const during = await get(pathname)
    expect(during.headers.get('x-page-cache')).toBe('hit')
    await during.arrayBuffer()
    // Past its fresh second the copy would be served stale once more, but not with the stock it shows.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const after = await get(pathname)
    expect(after.headers.get('x-page-cache')).toBe('miss')
    expect(stock(await after.text())).toBe(String(product.stock_quantity! - 1))
  })

  it("a category the back office adds is on the shop's next page, though the shop's reads of categories are kept", async () => {
    await warm('/shop')
    const json = { 'content-type': 'application/json' }
    const login = await fetch(`${base}/admin/api/session`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: demoStaff('manager').email, password: demoStaff('manager').password }),
    })
    expect(login.status).toBe(200)
    const cookie = sessionCookieOf(login.headers.getSetCookie())
    const created = await fetch(`${base}/admin/api/categories`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ name: 'Vinyl Records', slug: 'vinyl-records' }),
    })
    expect(created.status).toBe(201)
    const after = await get('/shop')
    expect(after.headers.get('x-page-cache')).toBe('miss')
    expect(await after.text()).toContain('Vinyl Records')
  })

  it('an expired copy is served once more while one background render replaces it', async () => {
    await warm('/shop?page=5')
    const kept = await get('/shop?page=5')
    await kept.text()
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const stale = await get('/shop?page=5')
    expect(stale.headers.get('x-page-cache')).toBe('stale')
    await stale.text()
    let fresh: Response | undefined
    for (let i = 0; i < 20 && fresh?.headers.get('x-page-cache') !== 'hit'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      fresh = await get('/shop?page=5')
      await fresh.arrayBuffer()
    }
    expect(fresh?.headers.get('x-page-cache')).toBe('hit')
    expect(fresh?.headers.get('etag')).toBeTruthy()
    expect(Number(fresh?.headers.get('age'))).toBe(0)
  })
})

describe.skipIf(!hasRedis)('the page cache shared by two instances through Redis', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-page-cache-redis-'))
  // One shop (one address, one database) served by two instances, with a Redis of this test's own.
  const host = `shop-${randomUUID().slice(0, 8)}.test`
  const servers: BuiltServer[] = []
  const ports: number[] = []
  let redis: ChildProcess | undefined

  beforeAll(async () => {
    ensureBuilt()
    const redisPort = await freePort()
    redis = await startRedis(redisPort)
    const env = {
      DATA_DIR: dataDir,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      PAGE_CACHE_SECONDS: '3',
      PUBLIC_URL: `http://${host}`,
    }
    for (let i = 0; i < 2; i++) {
      const server = startServer({ PORT: '0', ...env })
      servers.push(server)
      ports.push(await waitForPort(server))
    }
  }, 300_000)

  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGKILL')
      await server.exited
    }
    redis?.kill()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  /** A request to one instance, as the browser addressed the shop. */
  const get = (instance: number, pathname: string, method = 'GET') =>
    new Promise<string | undefined>((resolve, reject) => {
      http
        .request({ port: ports[instance], path: pathname, method, headers: { host } }, (response) => {
          response.resume()
          response.on('end', () => resolve(response.headers['x-page-cache'] as string | undefined))
        })
        .on('error', reject)
        .end(method === 'POST' ? '{}' : undefined)
    })

  it("one instance serves the other's render, and a stock change on either outdates it on both", async () => {
    expect(await get(0, '/shop?page=7')).toBe('miss')
    let state: string | undefined
    for (let i = 0; i < 20 && state !== 'hit'; i++) state = await get(0, '/shop?page=7')
    expect(state).toBe('hit')
    expect(await get(1, '/shop?page=7')).toBe('hit')

    const write = await fetch(`http://127.0.0.1:${ports[1]}/api/v1/orders.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(write.ok).toBe(true)
    // Past its fresh seconds and not yet expired: served stale, had instance 0 not heard of the change.
    await new Promise((resolve) => setTimeout(resolve, 3200))
    expect(await get(0, '/shop?page=7')).toBe('miss')
  })
})

describe('a page drawn while the back end could not be read', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-page-cache-stand-in-'))
  let server: BuiltServer | undefined
  let base = ''

  beforeAll(async () => {
    ensureBuilt()
    // The storefront asks its back end over HTTP at an address where nothing answers: the frame's
    // menus fail, and the page is drawn without them.
    const nothingThere = await freePort()
    server = startServer({
      PORT: '0',
      DATA_DIR: dataDir,
      PAGE_CACHE_SECONDS: '60',
      API_BASE_URL: `http://127.0.0.1:${nothingThere}`,
    })
    base = `http://127.0.0.1:${await waitForPort(server)}`
  }, 300_000)

  afterAll(async () => {
    server?.child.kill('SIGKILL')
    await server?.exited
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('is kept by no cache: each visitor gets a page drawn afresh, which shows the menus once they answer', async () => {
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${base}/comingsoon`)
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('</html>')
      expect({ attempt: i, state: response.headers.get('x-page-cache') }).toEqual({
        attempt: i,
        state: 'miss',
      })
      expect(response.headers.get('cache-control')).toBe('private, no-store')
    }
  })
})

describe('what the page cache keeps', () => {
  const html = (type = 'text/html') => new Headers({ 'content-type': type })

  it("only a 200 HTML page, or a page's data, that sets no cookie and is not marked private", () => {
    expect(shareable(200, html())).toBe(true)
    const withCookie = html()
    withCookie.append('set-cookie', 'cart=x; Path=/')
    expect(shareable(200, withCookie)).toBe(false)
    expect(shareable(404, html())).toBe(false)
    expect(shareable(200, html('text/x-script'))).toBe(true)
    expect(shareable(200, html('application/json'))).toBe(false)
    expect(shareable(200, new Headers({ 'content-type': 'text/html', 'cache-control': 'private' }))).toBe(
      false,
    )
  })

  it("only a whole answer: a page that ends its document, a page's data with nothing left to stream", () => {
    const data = html('text/x-script')
    expect(isWhole(Buffer.from('[{"_1":2},"root"]\n'), data)).toBe(true)
    // A loader's promise resolves on a line of its own after the first.
    expect(isWhole(Buffer.from('[{"_1":2},"root",{"_3":-7}]\nP7:[1]\n'), data)).toBe(false)
    expect(isWhole(Buffer.from('[{"_1":2},"ro'), data)).toBe(false)
    expect(isWhole(Buffer.from('<!DOCTYPE html><html><body></body></html>'), html())).toBe(true)
    expect(isWhole(Buffer.from('<!DOCTYPE html><html><body><main>'), html())).toBe(false)
  })

  it('drops every page for a write it does not know, none for a cart, account or alert write', () => {
    expect(writeEffect('/api/v1/orders.json')).toBe('stock')
    expect(writeEffect('/api/v1/orders/R123/line_items.json')).toBe('stock')
    expect(writeEffect('/api/v1/orders/R123/line_items/4')).toBe('stock')
    expect(writeEffect('/api/v1/checkouts/R123/next.json')).toBe('stock')
    expect(writeEffect('/api/v1/orders/lookup')).toBe('none')
    expect(writeEffect('/api/v1/stock_alerts')).toBe('none')
    expect(writeEffect('/api/v1/account/addresses')).toBe('none')
    expect(writeEffect('/wp-json/jwt-auth/v1/token')).toBe('none')
    expect(writeEffect('/wp-json/wp/v2/contact')).toBe('none')
    // Joining the drop's waiting room, thousands a minute on drop day, shows on no shared page.
    expect(writeEffect('/wp-json/wp/v2/launch/queue')).toBe('none')
    expect(writeEffect('/wp-json/wp/v2/launch/subscribe')).toBe('none')
    expect(writeEffect('/wp-json/wc/v3/products/12')).toBe('pages')
    expect(writeEffect('/api/v1/products/12')).toBe('pages')
    expect(writeEffect('/wp-json/wp/v2/contacts')).toBe('pages')
    // The back office: stock adjustments are stock changes, its sessions and staff change no page, the rest may.
    expect(writeEffect('/admin/api/stock/12/adjustments')).toBe('stock')
    expect(writeEffect('/admin/api/session')).toBe('none')
    expect(writeEffect('/admin/api/staff/3/sessions')).toBe('none')
    expect(writeEffect('/admin/api/catalog/import')).toBe('pages')
  })

  it('drops every page for a back office catalogue write, none for its sessions and staff', () => {
    expect(writeEffect('/admin/api/products')).toBe('pages')
    expect(writeEffect('/admin/api/products/status')).toBe('pages')
    expect(writeEffect('/admin/api/categories/order')).toBe('pages')
    expect(writeEffect('/admin/api/session')).toBe('none')
    expect(writeEffect('/admin/api/me/totp')).toBe('none')
    expect(writeEffect('/admin/api/staff/4/sessions')).toBe('none')
    expect(writeEffect('/admin/api/invitations/accept')).toBe('none')
  })

  it('shares a page with a personal visitor only when their browser fills in its own frame and the shop is open', () => {
    const launchAt = '2030-06-01T07:00'
    const opening = launchInstant(launchAt, 'UTC')
    let now = opening - 1
    const ctx = {
      config: { publicUrl: 'http://shop.test', LAUNCH_AT: launchAt, SHOP_TZ: 'UTC' },
      now: () => now,
    } as unknown as ShopContext
    const cache = new PageCache(ctx, 5)
    const keyFor = (cookie?: string, extra: Record<string, string> = {}, address = '/shop') =>
      cache.keyOf(
        {
          method: 'GET',
          url: address,
          headers: { ...(cookie ? { cookie } : {}), ...extra },
        } as FastifyRequest,
        'http://shop.test',
        address,
      )
    const session = 'session=signed-value'
    const fills = `${session}; personal-frame=1`
    expect(keyFor(fills)).toBeNull()
    expect(keyFor()).toEqual({ key: 'soon:-:http://shop.test/shop', personal: false })
    now = opening
    expect(keyFor()).toEqual({ key: 'open:-:http://shop.test/shop', personal: false })
    expect(keyFor('personal-frame=1')).toEqual({ key: 'open:-:http://shop.test/shop', personal: false })
    expect(keyFor(session)).toBeNull()
    expect(keyFor(fills)).toEqual({ key: 'open:-:http://shop.test/shop', personal: true })
    expect(keyFor(fills, { authorization: 'Bearer x' })).toBeNull()
    // A page's data: theirs while it holds the root's frame, shared once the move keeps the frame.
    const pageOnly = '/shop.data?_routes=catalog%2Froutes%2Fshop'
    expect(keyFor(fills, {}, '/shop.data')).toBeNull()
    expect(keyFor(fills, {}, '/shop.data?_routes=root%2Ccatalog%2Froutes%2Fshop')).toBeNull()
    expect(keyFor(session, {}, pageOnly)).toBeNull()
    expect(keyFor(`${session}; personal-frame=lq2x8z01ab`, {}, pageOnly)).toEqual({
      key: `open:-:http://shop.test${pageOnly}`,
      personal: true,
    })
    expect(keyFor(`${session}; personal-frame=no%20stamp`, {}, pageOnly)).toBeNull()
    now = opening - 1
    expect(keyFor(fills, {}, pageOnly)).toBeNull()
  })

  it('keys a page by the address it is rendered at: a path that starts like another host is no shared page', () => {
    const config = { publicUrl: 'http://shop.test', LAUNCH_AT: '2026-01-01T00:00', SHOP_TZ: 'UTC' }
    const ctx = { config, now: () => Date.parse('2026-06-01T00:00Z') } as unknown as ShopContext
    const cache = new PageCache(ctx, 5)
    const keyFor = (address: string) =>
      cache.keyOf({ method: 'GET', url: address, headers: {} } as FastifyRequest, 'http://shop.test', address)
    // The storefront renders these at their path on this shop (a 404): resolved as URLs relative to
    // the shop, they named /shop and the home page of another host, and were answered with their kept copies.
    for (const address of [
      '//other.test/shop',
      '/\\other.test/shop',
      '//other.test/',
      '//other.test/shop.data',
    ])
      expect(keyFor(address), address).toBeNull()
    expect(keyFor('/shop')).toEqual({ key: 'open:-:http://shop.test/shop', personal: false })
    // Dot segments are resolved alike for the key and the render.
    expect(keyFor('/%2e%2e/shop')).toEqual({ key: 'open:-:http://shop.test/shop', personal: false })
  })

  it("counts a kept page's age, and that of the stock it shows, from the start of its render", async () => {
    let now = 1_000_000
    const ctx = { config: { publicUrl: 'http://shop.test' }, now: () => now } as unknown as ShopContext
    const cache = new PageCache(ctx, 5)
    const html = Buffer.from('<!DOCTYPE html><html><body>Only 2 left</body></html>')
    /** A render of three seconds (a page under drop-day load), with a stock change one second in. */
    const slowRender = (stockChanges: boolean) => async () => {
      const version = cache.currentVersion()
      now += 1000
      if (stockChanges) cache.stockChanged()
      now += 2000
      return cache.prepare(200, new Headers({ 'content-type': 'text/html' }), html, version, 'n')
    }
    await cache.fill('/quiet', slowRender(false))
    expect((await cache.lookup('/quiet'))?.state).toBe('hit')
    // Five and a half seconds after the render began, two and a half after it was kept: no longer fresh.
    now += 2500
    expect((await cache.lookup('/quiet'))?.state).toBe('stale')
    // The stock it shows was read before a change: not served once five seconds old.
    await cache.fill('/selling', slowRender(true))
    now += 2500
    expect(await cache.lookup('/selling')).toBeNull()
  })

  describe('within its memory budget', () => {
    const ctx = { config: { publicUrl: 'http://shop.test' }, now: () => 0 } as unknown as ShopContext
    /** Keeps a page of about `bytes` incompressible bytes under `key`. */
    const keep = (cache: PageCache, key: string, bytes: number) =>
      cache.fill(key, () => {
        const html = Buffer.from(`<html><body>${randomBytes(bytes).toString('base64')}</body></html>`)
        return cache.prepare(200, new Headers({ 'content-type': 'text/html' }), html, '0', 'n')
      })
    const keptOf = async (cache: PageCache, keys: string[]) =>
      (await Promise.all(keys.map((key) => cache.lookup(key)))).filter(Boolean).length

    it('counts the keys: addresses of 16 KB do not hold more than the budget', async () => {
      const cache = new PageCache(ctx, 5, 100_000)
      const keys = Array.from({ length: 20 }, (_, i) => `/shop?${i}=${'x'.repeat(16_000)}`)
      for (const key of keys) await keep(cache, key, 100)
      expect(await keptOf(cache, keys)).toBeLessThanOrEqual(6)
    })

    it('a flood of addresses nobody asks for again does not push out the pages visitors keep asking for', async () => {
      const cache = new PageCache(ctx, 5, 40_000)
      await keep(cache, '/shop', 4000)
      await keep(cache, '/products/tee', 4000)
      const flood = Array.from({ length: 60 }, (_, i) => `/shop?page=${i + 2}`)
      for (const [i, key] of flood.entries()) {
        await keep(cache, key, 4000)
        if (i % 3 === 0) expect(await keptOf(cache, ['/shop', '/products/tee'])).toBe(2)
      }
      expect(await keptOf(cache, flood)).toBeLessThanOrEqual(6)
    })
  })

  it('renders a shared page without the personal cookies and the personal-frame cookie', () => {
    expect(sharedCookies('session=a; cookie-confirmation=true; personal-frame=1; cart=b')).toBe(
      'cookie-confirmation=true',
    )
    expect(sharedCookies(undefined)).toBe('')
    expect(sharedCookies('cookie-consent=marketing; flag')).toBe('cookie-consent=marketing; flag')
  })

  it("hashes the inline scripts that carry the render's nonce, no other and no script file", () => {
    const page =
      '<script nonce="n+/=">a()</script><script nonce="n+/=" src="/x.js"></script>' +
      '<script type="module" nonce="n+/=">b()</script><script>evil()</script>' +
      '<script nonce="other">c()</script><script data-nonce="n+/=">d()</script>'
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
    expect(inlineScriptHashes(page, 'n+/=')).toBe(`${hash('a()')} ${hash('b()')}`)
  })
})
