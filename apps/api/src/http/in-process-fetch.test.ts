/**
 * The storefront's in-process fetch: during a graceful shutdown a page already being rendered
 * when SIGTERM arrives still gets its API answers, so it finishes as it would have (server.ts
 * promises in-flight requests finish before the database closes); and the API sees the
 * visitor's address whatever TRUST_PROXY names.
 */
import { expect, it } from 'vitest'
import { register } from '../../tests/accounts.ts'
import { createTestApp } from '../../tests/test-app.ts'
import { ACCOUNT_FAILURES } from '../accounts/auth-routes.ts'
import { inProcessFetch } from './in-process-fetch.ts'

it('still answers the storefront once the app has begun to close', async () => {
  const shop = await createTestApp()
  try {
    const apiFetch = inProcessFetch(shop.app)
    const closing = shop.app.close()
    // Fastify marks itself closing from its first onClose hook, a few ticks after close().
    await new Promise((resolve) => setTimeout(resolve, 10))
    const response = await apiFetch('http://shop.internal/wp-json/wc/v3/products?per_page=1')
    expect(response.status).toBe(200)
    expect(await response.json()).toHaveLength(1)
    await closing
  } finally {
    await shop.close()
  }
})

it("credits the visitor's address, not loopback, when TRUST_PROXY does not name loopback", async () => {
  // Behind a proxy elsewhere (README, Security), loopback is not a trusted peer: an X-Forwarded-For
  // from it is ignored, so every visitor's call would count against one address, 127.0.0.1.
  const shop = await createTestApp({ seed: false, env: { TRUST_PROXY: '10.0.0.5' } })
  try {
    const { body } = await register(shop.app)
    const apiFetch = inProcessFetch(shop.app)
    const loginFrom = (ip: string, password: string) =>
      apiFetch('http://shop.internal/wp-json/jwt-auth/v1/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ username: body.email, password }),
      })
    for (let i = 0; i < ACCOUNT_FAILURES.limit; i++) {
      expect((await loginFrom('198.51.100.1', 'not the password')).status).toBe(403)
    }
    expect((await loginFrom('198.51.100.1', body.password)).status).toBe(429)
    expect((await loginFrom('198.51.100.2', body.password)).status).toBe(200)
  } finally {
    await shop.close()
  }
})
