/**
 * How the app starts. `npm run dev` registers the storefront's Vite server as a plugin, and Vite's
 * start (its config compiled, the router's plugin loaded) took more than Fastify's default 10 s
 * on a busy two-core machine: the development server then exited "Plugin did not start in time".
 */
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestApp, testDialect } from '../tests/test-app.ts'

/** Registers a plugin that finishes only when told, and asks the app to get ready. */
function slowPlugin(app: FastifyInstance) {
  let finish = () => {}
  app.register(async () => {
    await new Promise<void>((resolve) => {
      finish = resolve
    })
  })
  const ready = app.ready().then(
    () => 'ready',
    (error: Error & { code?: string }) => error.code,
  )
  return { ready, finish: () => finish() }
}

describe(`starting the app on ${testDialect}`, () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('in development waits for a plugin that takes a minute to start, as Vite can on a busy machine', async () => {
    const shop = await createTestApp({ seed: false, ready: false, env: { NODE_ENV: 'development' } })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const plugin = slowPlugin(shop.app)
    await vi.advanceTimersByTimeAsync(60_000)
    plugin.finish()
    expect(await plugin.ready).toBe('ready')
    vi.useRealTimers()
    await shop.close()
  })

  it('in production still stops on a plugin that never finishes starting', async () => {
    const shop = await createTestApp({ seed: false, ready: false, env: { NODE_ENV: 'production' } })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const plugin = slowPlugin(shop.app)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(await plugin.ready).toBe('FST_ERR_PLUGIN_TIMEOUT')
    plugin.finish()
    vi.useRealTimers()
    await shop.close()
  })
})

describe(`a path parameter of any length on ${testDialect}`, () => {
  it('gets the answer of its route, as a shorter one does, not a 404 for no route', async () => {
    const shop = await createTestApp({ seed: false })
    const answer = async (url: string, method: 'GET' | 'DELETE' = 'GET') => {
      const res = await shop.app.inject({ method, url })
      return { statusCode: res.statusCode, message: res.json().message as string }
    }
    for (const length of [150, 10_000]) {
      expect(await answer(`/wp-json/wp/v2/posts/${'1'.repeat(length)}`)).toEqual(
        await answer(`/wp-json/wp/v2/posts/${'1'.repeat(20)}`),
      )
      const slug = await answer(`/wp-json/wc/v3/products/${'a'.repeat(length)}`)
      expect(slug.statusCode).toBe(404)
      expect(slug.message).not.toMatch(/No API endpoint/)
      const coupon = await answer(`/api/v1/orders/R000000001/coupon_codes/${'C'.repeat(length)}`, 'DELETE')
      expect(coupon.statusCode).toBe(400)
      expect(coupon.message).toMatch(/code/)
    }
    await shop.close()
  })
})
