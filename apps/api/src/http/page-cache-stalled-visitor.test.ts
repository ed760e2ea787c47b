/**
 * The page cache in this process, over the storefront's build (the built server's tests,
 * page-cache.test.ts, run the code as last built): the visitor whose request renders a missing
 * page for everyone holds nobody up. Their answer may never leave (a client that reads nothing,
 * whose TCP window stays shut, or whose answer waits behind such one on the same connection), yet
 * the page is kept as soon as it is rendered and every other visitor gets it.
 */
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStorefrontApp } from '../../tests/storefront-app.ts'
import type { TestApp } from '../../tests/test-app.ts'

const PRODUCT = '/products/extra-time-tour-tee'

describe('a page missing from the cache, rendered for a visitor who takes nothing', () => {
  let t: TestApp
  let base = ''
  let close = async () => {}

  beforeAll(async () => {
    ;({ t, base, close } = await createStorefrontApp({ PAGE_CACHE_SECONDS: '30' }))
  }, 120_000)

  afterAll(() => close())

  it("is kept once rendered and sent to everyone else, though the first visitor's answer never leaves", async () => {
    // The first visitor's connection takes no byte of its answer: corked, its writes never finish.
    let stalled = false
    t.app.server.on('request', (request) => {
      if (request.url !== PRODUCT || stalled) return
      stalled = true
      request.socket.cork()
    })
    const first = net.connect(Number(new URL(base).port), '127.0.0.1')
    first.on('error', () => {})
    first.write(`GET ${PRODUCT} HTTP/1.1\r\nHost: ${new URL(base).host}\r\nAccept-Encoding: identity\r\n\r\n`)
    await expect.poll(() => stalled).toBe(true)

    const other = await fetch(`${base}${PRODUCT}`, { signal: AbortSignal.timeout(10_000) })
    expect(other.status).toBe(200)
    expect(other.headers.get('x-page-cache')).toBe('hit')
    expect(await other.text()).toContain('Extra Time Tour Tee')
    first.destroy()
  }, 30_000)
})
