/**
 * The API's own answers carry the security headers (JSON, errors, health): a script policy that
 * allows no inline script (a JSON answer runs none), no framing, nosniff, a referrer policy; any
 * other answer (a page) allows the inline scripts carrying its own fresh nonce; HSTS only when
 * PUBLIC_URL is https; third-party script hosts only when the shop is configured to use them.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'

describe(`security headers on ${testDialect}`, () => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  const scriptSrc = (csp: string) => csp.split(';').find((directive) => directive.startsWith('script-src '))

  it('every API answer has them, without HSTS on an http shop', async () => {
    t = await createTestApp({ seed: false })
    for (const url of [
      '/healthz',
      '/wp-json/wc/v3/products',
      '/wp-json/nothing',
      '/wp-json/wc/v3/products?page=x',
    ]) {
      const response = await t.app.inject({ url })
      const csp = String(response.headers['content-security-policy'])
      expect(scriptSrc(csp), url).toBe("script-src 'self'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("object-src 'none'")
      expect(csp).not.toContain('upgrade-insecure-requests')
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['x-frame-options']).toBe('DENY')
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(response.headers['strict-transport-security']).toBeUndefined()
    }
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

  it('an https shop adds HSTS and upgrades insecure requests', async () => {
    t = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://shop.example.test' } })
    const response = await t.app.inject({ url: '/healthz' })
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests')
  })

  it('analytics and Facebook script hosts are allowed only when configured', async () => {
    t = await createTestApp({ seed: false, env: { ANALYTICS_ID: 'G-TEST', FACEBOOK_APP_ID: '123' } })
    const csp = String((await t.app.inject({ url: '/healthz' })).headers['content-security-policy'])
    expect(scriptSrc(csp)).toContain('https://www.googletagmanager.com')
    expect(scriptSrc(csp)).toContain('https://connect.facebook.net')
    expect(scriptSrc(csp)).not.toContain('unsafe')
  })
})
