/**
 * The storefront's in-process fetch during a graceful shutdown: a page already being rendered
 * when SIGTERM arrives still gets its API answers, so it finishes as it would have (server.ts
 * promises in-flight requests finish before the database closes).
 */
import { expect, it } from 'vitest'
import { createTestApp } from '../../tests/test-app.ts'
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
