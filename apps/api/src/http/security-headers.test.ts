/**
 * The API's own answers (JSON, errors, health) carry the headers that matter for an API and no
 * more: nosniff, a policy that allows nothing and no framing, a referrer policy, the resource
 * policy; any other answer (a page) has the full set, whose policy allows the inline scripts
 * carrying its own fresh nonce; HSTS on both only when PUBLIC_URL is https; third-party script
 * hosts only when the shop is configured to use them.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { rawRequest } from '../../tests/raw-request.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'

describe(`security headers on ${testDialect}`, () => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  const scriptSrc = (csp: string) => csp.split(';').find((directive) => directive.startsWith('script-src '))

  /** The security headers of an answer: all but what HTTP, the body and WordPress's paging add. */
  const securityHeaders = (headers: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(headers).filter(
        ([name]) =>
          !['content-type', 'content-length', 'date', 'connection', 'keep-alive'].includes(name) &&
          !name.startsWith('x-wp-'),
      ),
    )

  const apiSet = {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
  }

  it('every API answer has the API set and nothing meant for pages, without HSTS on an http shop', async () => {
    t = await createTestApp({ seed: false })
    const cart = await t.app.inject({ method: 'POST', url: '/api/v1/orders.json', payload: {} })
    const { number, token } = cart.json()
    const add = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${number}/line_items.json?order_token=${token}`,
      payload: { line_item: { variant_id: 999_999, quantity: 1 } },
    })
    expect(cart.statusCode).toBe(201)
    expect(add.statusCode).toBe(404)
    expect(securityHeaders(cart.headers), 'a new cart').toEqual(apiSet)
    expect(securityHeaders(add.headers), 'a refused add').toEqual(apiSet)
    for (const url of [
      '/healthz',
      '/healthz?probe=1',
      '/wp-json/wc/v3/products',
      '/wp-json/nothing',
      '/wp-json/wc/v3/products?page=x',
    ])
      expect(securityHeaders((await t.app.inject({ url })).headers), url).toEqual(apiSet)
  })

  it('a page has the full set', async () => {
    t = await createTestApp({ seed: false })
    const response = await t.app.inject({ url: '/' })
    const csp = String(response.headers['content-security-policy'])
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "script-src-attr 'none'",
    ])
      expect(csp.split(';')).toContain(directive)
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    })
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })

  it('an answer outside the API allows only the inline scripts carrying its own fresh nonce', async () => {
    t = await createTestApp({ seed: false })
    const nonces = new Set<string>()
    for (const url of ['/', '/shop', '/nothing/here', '/']) {
      const response = await t.app.inject({ url })
      const csp = String(response.headers['content-security-policy'])
      expect(scriptSrc(csp), url).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'$/)
      nonces.add(/'nonce-([^']+)'/.exec(csp)![1]!)
      expect(csp).toContain("frame-ancestors 'none'")
      expect(response.headers['x-frame-options']).toBe('DENY')
    }
    expect(nonces.size).toBe(4)
  })

  it('an https shop adds HSTS to both sets and upgrades the insecure requests of a page', async () => {
    t = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://shop.example.test' } })
    const hsts = 'max-age=31536000; includeSubDomains'
    const api = await t.app.inject({ url: '/healthz' })
    expect(securityHeaders(api.headers)).toEqual({ ...apiSet, 'strict-transport-security': hsts })
    const page = await t.app.inject({ url: '/' })
    expect(page.headers['strict-transport-security']).toBe(hsts)
    expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests')
  })

  it("the server's own refusals, before any route (a malformed URL, a head too large, bytes that are not HTTP), have the API set", async () => {
    t = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://shop.example.test' } })
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 })
    const port = Number(new URL(address).port)
    const expected = { ...apiSet, 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
    for (const [request, status] of [
      ['GET /shop%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400],
      [`GET /shop HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\nConnection: close\r\n\r\n`, 431],
      ['NOT HTTP AT ALL\r\n\r\n', 400],
    ] as const) {
      const answer = await rawRequest(port, request)
      expect(answer.statusCode, request.slice(0, 30)).toBe(status)
      expect(answer.headers, request.slice(0, 30)).toMatchObject(expected)
    }
  })

  it('analytics and Facebook script hosts are allowed on pages only when configured', async () => {
    t = await createTestApp({ seed: false, env: { ANALYTICS_ID: 'G-TEST', FACEBOOK_APP_ID: '123' } })
    const csp = String((await t.app.inject({ url: '/' })).headers['content-security-policy'])
    expect(scriptSrc(csp)).toContain('https://www.googletagmanager.com')
    expect(scriptSrc(csp)).toContain('https://connect.facebook.net')
    expect(scriptSrc(csp)).not.toContain('unsafe')
  })
})
