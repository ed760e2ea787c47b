/**
 * Where requests enter the storefront, on the built server: behind a TLS proxy the page actions
 * accept the https Origin the browser sends; posts from another site are refused on every route,
 * including those without a page; JSON bodies, other methods and odd headers get a 4xx, never a
 * 500; pages carry the security headers, with one nonce on every inline script, and assets the
 * API's.
 */
import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BuiltServer, ensureBuilt, startServer, waitForPort } from '../../tests/built-server.ts'
import { DEMO_LOGIN } from '../../tests/storefront-login.ts'
import { testDialect, testPgUrl } from '../../tests/test-app.ts'
import { visitorGone } from './storefront.ts'

const PUBLIC = 'https://shop.example.test'
const EVIL = 'https://evil.example'
/** What a TLS-terminating proxy on this machine (trusted: TRUST_PROXY is loopback) adds. */
const PROXIED = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example.test' }

describe(`the storefront's front door on ${testDialect}`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-front-'))
  const schema = `f_${randomUUID().replaceAll('-', '').slice(0, 12)}`
  let server: BuiltServer | undefined
  let base = ''

  beforeAll(async () => {
    ensureBuilt()
    const databaseEnv: Record<string, string> = {}
    if (testDialect === 'postgres') {
      const client = new pg.Client({ connectionString: testPgUrl })
      await client.connect()
      await client.query(`create schema ${schema}`)
      await client.end()
      databaseEnv.DATABASE_URL = `${testPgUrl}?options=-c%20search_path%3D${schema}`
    }
    server = startServer({ PORT: '0', DATA_DIR: dataDir, PUBLIC_URL: PUBLIC, ...databaseEnv })
    base = `http://127.0.0.1:${await waitForPort(server)}`
  }, 300_000)

  afterAll(async () => {
    server?.child.kill('SIGKILL')
    await server?.exited
    fs.rmSync(dataDir, { recursive: true, force: true })
    if (testDialect === 'postgres') {
      const client = new pg.Client({ connectionString: testPgUrl })
      await client.connect()
      await client.query(`drop schema ${schema} cascade`)
      await client.end()
    }
  })

  const post = (pathname: string, headers: Record<string, string>, body: Record<string, string> = {}) =>
    fetch(`${base}${pathname}`, {
      method: 'POST',
      headers,
      body: new URLSearchParams(body),
      redirect: 'manual',
    })

  async function expectRefused(response: Response, statusCode: number) {
    expect(response.status).toBe(statusCode)
    expect(await response.json()).toEqual({ message: expect.any(String), statusCode })
    expect(response.headers.getSetCookie()).toEqual([])
  }

  it('behind a TLS proxy, a login posted from the https address logs in with a Secure cookie', async () => {
    const response = await post('/auth/login', { ...PROXIED, origin: PUBLIC }, DEMO_LOGIN)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/profile')
    const token = response.headers.getSetCookie().find((cookie) => cookie.startsWith('session='))
    expect(token).toMatch(/; Secure/)
  })

  it("logging out forgets the account's cart and last order in this browser, as well as its login", async () => {
    const cookieOf = (response: Response, before = '') =>
      response.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith('session='))
        ?.split(';')[0] ?? before
    // The signed JSON in base64, as visitor-session.server.ts writes it; an emptied cookie is no session.
    const sessionOf = (cookie: string) => {
      const value = decodeURIComponent(cookie.slice('session='.length))
      return value ? JSON.parse(Buffer.from(value.split('.')[0]!, 'base64').toString()) : {}
    }
    const login = cookieOf(await post('/auth/login', {}, DEMO_LOGIN))
    const added = cookieOf(
      await post('/cart/add', { cookie: login }, { variant_id: '1', quantity: '1' }),
      login,
    )
    expect(sessionOf(added)).toMatchObject({ auth: expect.anything(), cart: { number: expect.any(String) } })
    const loggedOut = await post('/auth/logout', { cookie: added })
    expect(loggedOut.status).toBe(302)
    const after = sessionOf(cookieOf(loggedOut, added))
    expect(after.auth).toBeUndefined()
    expect(after.cart).toBeUndefined()
    expect(after.placedOrder).toBeUndefined()
  })

  it('a page action posted from another site, or from the http address the proxy hides, is refused', async () => {
    await expectRefused(await post('/auth/login', { ...PROXIED, origin: EVIL }, DEMO_LOGIN), 403)
    await expectRefused(await post('/auth/login', { ...PROXIED, origin: base }, DEMO_LOGIN), 403)
    await expectRefused(
      await post('/auth/login', { ...PROXIED, 'sec-fetch-site': 'cross-site' }, DEMO_LOGIN),
      403,
    )
  })

  for (const [pathname, body] of [
    ['/auth/logout', {}],
    ['/cart/add', { variant_id: '1', quantity: '1' }],
    ['/cookie-consent', { necessary: 'on', performance: 'on' }],
  ] as const) {
    it(`${pathname} refuses a post from another site and keeps taking its own`, async () => {
      await expectRefused(await post(pathname, { origin: EVIL }, body), 403)
      await expectRefused(await post(pathname, { origin: 'null' }, body), 403)
      await expectRefused(await post(pathname, { 'sec-fetch-site': 'cross-site' }, body), 403)
      await expectRefused(await post(pathname, { 'sec-fetch-site': 'same-site' }, body), 403)

      const sameOrigin = await post(pathname, { origin: base, 'sec-fetch-site': 'same-origin' }, body)
      expect(sameOrigin.status).toBe(302)
      // Old browsers send neither Origin nor Sec-Fetch-Site on a form post.
      const oldBrowser = await post(pathname, {}, body)
      expect(oldBrowser.status).toBe(302)
      const proxied = await post(pathname, { ...PROXIED, origin: PUBLIC }, body)
      expect(proxied.status).toBe(302)
    })
  }

  it('a JSON body or another body type sent to a page action is 415, not 500', async () => {
    for (const pathname of ['/auth/login', '/cart', '/cart/add', '/auth/logout']) {
      const json = await fetch(`${base}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO_LOGIN),
      })
      await expectRefused(json, 415)
      await expectRefused(await fetch(`${base}${pathname}`, { method: 'POST' }), 415)
      const multipart = new FormData()
      multipart.set('userEmail', 'demo@example.com')
      await expectRefused(await fetch(`${base}${pathname}`, { method: 'POST', body: multipart }), 415)
    }
  })

  it('a form post of unknown length or beyond the body limit is refused before it is read', async () => {
    const huge = await post('/auth/login', {}, { userEmail: 'x'.repeat(2 * 1024 * 1024) })
    await expectRefused(huge, 413)
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(base)
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: '/auth/login',
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
        },
        (response) => {
          let body = ''
          response.on('data', (chunk) => {
            body += chunk
          })
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
        },
      )
      request.on('error', reject)
      request.end('userEmail=a')
    })
    expect(chunked.status).toBe(411)
    expect(JSON.parse(chunked.body)).toEqual({ message: expect.any(String), statusCode: 411 })
  })

  it('PUT, PATCH and DELETE on a page are 405 naming what pages take', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      for (const pathname of ['/cart', '/auth/login', '/shop']) {
        const response = await fetch(`${base}${pathname}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
        expect(response.headers.get('allow')).toBe('GET, HEAD, POST')
        await expectRefused(response, 405)
      }
    }
  })

  it('OPTIONS, TRACE and the other methods Node reads are 405 on a page too, not a 404 that says the page is not there', async () => {
    for (const method of ['OPTIONS', 'TRACE', 'PURGE', 'PROPFIND', 'SEARCH', 'LOCK']) {
      // fetch refuses to send TRACE and knows none of the others: node:http sends them all.
      const response = await new Promise<{ status: number; allow: string | undefined; body: string }>(
        (resolve, reject) => {
          const request = http.request(`${base}/shop`, { method }, (answer) => {
            let body = ''
            answer.setEncoding('utf8')
            answer.on('data', (chunk) => {
              body += chunk
            })
            answer.on('end', () =>
              resolve({ status: answer.statusCode ?? 0, allow: answer.headers.allow, body }),
            )
          })
          request.on('error', reject)
          request.end()
        },
      )
      expect(response.status, method).toBe(405)
      expect(response.allow).toBe('GET, HEAD, POST')
      expect(JSON.parse(response.body)).toEqual({
        message: `Pages answer GET, HEAD, POST, not ${method}.`,
        statusCode: 405,
      })
    }
  })

  it('a malformed Referer on /cart/add goes back to the shop instead of crashing', async () => {
    for (const referer of ['::not a url', 'http://', '%%%']) {
      const response = await post('/cart/add', { referer }, { variant_id: '1', quantity: '1' })
      expect(response.status).toBe(302)
      expect(response.headers.get('location')).toMatch(/^\/shop\?cart=/)
    }
  })

  // Loaders get the request as it came (v8_passThroughRequests): what they read of the address
  // comes from the page's own, without the `.data` and `_routes` of the router's requests.
  it("a page's data, as the router's scripts ask for it, is read at the page's own address", async () => {
    const guarded = await fetch(`${base}/profile/orders.data?_routes=accounts%2Froutes%2Fprofile-orders`)
    expect(await guarded.text()).toContain('"/?redirectTo=%2Fprofile%2Forders"')
    const byPath = await fetch(`${base}/lookbook-01.data`)
    expect(byPath.status).toBe(200)
    expect(await byPath.text()).toContain('"content/lookbook-01"')
    const terms = await fetch(`${base}/terms-and-conditions.data?_routes=content%2Fterms-and-conditions`)
    expect(await terms.text()).toContain('"Terms and conditions"')
    const list = (query: string) => fetch(`${base}/lookbook.data?${query}`)
    expect((await list('page=1&_routes=content%2Froutes%2Flookbook-index')).status).toBe(200)
    expect((await list('page=abc')).status).toBe(404)
  })

  it('a forwarded protocol or host that makes no address is 400', async () => {
    await expectRefused(await fetch(`${base}/shop`, { headers: { 'x-forwarded-proto': 'javascript' } }), 400)
    await expectRefused(await fetch(`${base}/shop`, { headers: { 'x-forwarded-host': 'a/b' } }), 400)
    await expectRefused(await fetch(`${base}/shop`, { headers: { 'x-forwarded-host': 'user@host' } }), 400)
  })

  it('a request target naming another host is no page of that host', async () => {
    const statusOf = (target: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(base)
        http
          .get({ host: url.hostname, port: url.port, path: target }, (response) => {
            response.resume()
            resolve(response.statusCode ?? 0)
          })
          .on('error', reject)
      })
    expect(await statusOf('http://evil.example/shop')).toBe(400)
    expect(await statusOf('//evil.example/shop')).toBe(404)
  })

  it('unknown pages and posts to pages without an action leave no stack trace in the log', async () => {
    const before = server?.output().length ?? 0
    for (let i = 0; i < 20; i++) {
      expect((await fetch(`${base}/no-such-page-${i}`)).status).toBe(404)
    }
    const noAction = await post('/shop', { origin: base }, { anything: '1' })
    expect(noAction.status).toBe(405)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const log = server?.output().slice(before) ?? ''
    expect(log).toContain('no-such-page-19')
    expect(log).not.toMatch(/^\s+at /m)
    expect(log).not.toContain('No route matches URL')
  })

  it('a page goes out in brotli or gzip as the browser accepts, whole once decompressed', async () => {
    const raw = (encoding: string | undefined) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${base}/shop`, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
          })
          .on('error', reject)
      })
    const plain = await raw(undefined)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
    const page = plain.body.toString()
    expect(page).toMatch(/^<!DOCTYPE html>/i)
    expect(page).toContain('</html>')

    const br = await raw('gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    const fromBr = zlib.brotliDecompressSync(br.body).toString()
    expect(fromBr).toContain('</html>')
    expect(br.body.length).toBeLessThan(fromBr.length / 3)

    const gzip = await raw('gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.body).toString()).toContain('</html>')

    expect((await raw('br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined()
  })

  it('a page carries the security headers and one nonce on each of its inline scripts', async () => {
    // A page rendered for this request (the page cache's kept copies are checked in page-cache.test.ts).
    const response = await fetch(`${base}/auth/login`)
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy') ?? ''
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    expect(csp).not.toContain("'unsafe-inline';script")
    expect(csp.split(';').find((d) => d.startsWith('script-src '))).not.toContain('unsafe')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    const html = await response.text()
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)].map((m) => m[1])
    expect(inline.length).toBeGreaterThan(0)
    for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`)

    const again = await fetch(`${base}/auth/login`)
    expect(again.headers.get('content-security-policy')).not.toContain(nonce)
  })

  it('assets and the API carry the security headers too; /docs keeps its own policy', async () => {
    const html = await (await fetch(`${base}/shop`)).text()
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0]
    for (const pathname of [asset, '/favicon.svg', '/wp-json/wc/v3/products?per_page=1', '/no-such-page']) {
      const response = await fetch(`${base}${pathname}`)
      expect(response.headers.get('content-security-policy'), pathname).toContain("frame-ancestors 'none'")
      expect(response.headers.get('x-content-type-options'), pathname).toBe('nosniff')
      expect(response.headers.get('strict-transport-security'), pathname).toContain('max-age=')
    }
    const docs = await fetch(`${base}/docs/`)
    expect(docs.status).toBe(200)
    expect(docs.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  it("hashed scripts and stylesheets carry the API's headers, not a page's, and one the build lacks is a plain 404", async () => {
    const apiPolicy = "default-src 'none';frame-ancestors 'none'"
    const html = await (await fetch(`${base}/shop`)).text()
    for (const pathname of [/\/assets\/[^"]+\.js/.exec(html)?.[0], /\/assets\/[^"]+\.css/.exec(html)?.[0]]) {
      const response = await fetch(`${base}${pathname}`)
      expect(response.status, pathname).toBe(200)
      expect(response.headers.get('content-security-policy'), pathname).toBe(apiPolicy)
      expect(response.headers.get('cross-origin-resource-policy'), pathname).toBe('same-origin')
      expect(response.headers.get('x-content-type-options'), pathname).toBe('nosniff')
      for (const pageOnly of ['x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster'])
        expect(response.headers.get(pageOnly), `${pathname} ${pageOnly}`).toBeNull()
    }
    const missing = await fetch(`${base}/assets/entry.client-gone1234.js`)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({
      statusCode: 404,
      message: 'No file /assets/entry.client-gone1234.js.',
    })
    expect(missing.headers.get('content-security-policy')).toBe(apiPolicy)
  })

  it('a path that only begins like the health check or the OpenAPI document is a page, answered at once', async () => {
    for (const pathname of ['/healthzx', '/healthz/x', '/openapi.jsonx', '/openapi.json.bak']) {
      const response = await fetch(`${base}${pathname}`, { signal: AbortSignal.timeout(10_000) })
      expect(response.status, pathname).toBe(404)
      expect(response.headers.get('content-type'), pathname).toMatch(/^text\/html/)
      expect(response.headers.get('content-security-policy'), pathname).toMatch(/'nonce-/)
    }
  })
})

describe(`forwarded headers from a peer TRUST_PROXY does not name`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-untrusted-'))
  let server: BuiltServer | undefined
  let base = ''

  beforeAll(async () => {
    ensureBuilt()
    // SQLite is enough here: the refusal happens before any page or database is reached.
    server = startServer({
      PORT: '0',
      DATA_DIR: dataDir,
      PUBLIC_URL: PUBLIC,
      TRUST_PROXY: '10.9.8.7',
      SEED_DEMO: 'false',
    })
    base = `http://127.0.0.1:${await waitForPort(server)}`
  }, 300_000)

  afterAll(async () => {
    server?.child.kill('SIGKILL')
    await server?.exited
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('are ignored: the address stays the socket’s, so an https Origin does not match', async () => {
    const spoofed = await fetch(`${base}/cookie-consent`, {
      method: 'POST',
      headers: { ...PROXIED, origin: PUBLIC },
      body: new URLSearchParams({ necessary: 'on' }),
      redirect: 'manual',
    })
    expect(spoofed.status).toBe(403)
    const direct = await fetch(`${base}/cookie-consent`, {
      method: 'POST',
      headers: { ...PROXIED, origin: base },
      body: new URLSearchParams({ necessary: 'on' }),
      redirect: 'manual',
    })
    expect(direct.status).toBe(302)
  })
})

describe("a page request's signal", () => {
  const response = () => Object.assign(new EventEmitter(), { writableFinished: false })

  it('aborts when the visitor leaves before the page is sent', () => {
    const res = response()
    const signal = visitorGone(res)
    res.emit('close')
    expect(signal.aborted).toBe(true)
  })

  it('stays as it is when the page was sent whole', () => {
    const res = response()
    const signal = visitorGone(res)
    res.writableFinished = true
    res.emit('close')
    expect(signal.aborted).toBe(false)
  })
})
