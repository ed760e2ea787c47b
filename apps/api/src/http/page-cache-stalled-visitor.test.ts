/**
 * The page cache in this process, over the storefront's build (the built server's tests,
 * page-cache.test.ts, run the code as last built): the visitor whose request renders a missing
 * page for everyone holds nobody up. Their answer may never leave (a client that reads nothing,
 * whose TCP window stays shut, or whose answer waits behind such one on the same connection), yet
 * the page is kept as soon as it is rendered and every other visitor gets it; and when that render
 * breaks off instead, the others are let go at once to render for themselves, as they are when the
 * first visitor reads.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import net, { type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStorefrontApp } from '../../tests/storefront-app.ts'
import type { TestApp } from '../../tests/test-app.ts'
import type { Render } from './storefront.ts'

const PRODUCT = '/products/extra-time-tour-tee'

/** The address whose next render breaks off before the end of its page, once `rest` resolves. */
let breaking: { address: string; rest: Promise<void> } | null = null

/**
 * The build's render, but the one `breaking` names sends half its page, and once told the rest
 * of it but its end: the render breaks off there.
 */
const breakingRender =
  (render: Render): Render =>
  async (request, context) => {
    const response = await render(request, context)
    const { pathname, search } = new URL(request.url)
    const broken = breaking
    if (!broken || `${pathname}${search}` !== broken.address) return response
    breaking = null
    const page = new Uint8Array(await response.arrayBuffer())
    const half = Math.floor(page.length / 2)
    // Bytes no compressor shrinks, more than its window holds: compressed, they fill the stalled
    // connection's buffers and then the compressor's, as a long page would.
    const filler = new TextEncoder().encode(`<!-- ${randomBytes(2 * 1024 * 1024).toString('base64')} -->`)
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(Buffer.concat([page.subarray(0, half), filler]))
        // The error comes a turn after the rest, which reaches the visitor's branch first.
        void broken.rest.then(() => {
          controller.enqueue(page.subarray(half, -16))
          setTimeout(() => controller.error(new Error('the render broke off')))
        })
      },
    })
    return new Response(body, { status: response.status, headers: response.headers })
  }

/**
 * A visitor of `address` whose connection takes no byte of its answer: corked, its writes never
 * finish. `held` is how many bytes of the answer wait in the server's end of the connection.
 */
async function stalledVisitor(t: TestApp, base: string, address: string, encoding: string) {
  let corked = null as Socket | null
  const cork = (request: IncomingMessage) => {
    if (request.url !== address) return
    corked = request.socket
    corked.cork()
    t.app.server.off('request', cork)
  }
  t.app.server.on('request', cork)
  const socket = net.connect(Number(new URL(base).port), '127.0.0.1')
  socket.on('error', () => {})
  socket.write(
    `GET ${address} HTTP/1.1\r\nHost: ${new URL(base).host}\r\nAccept-Encoding: ${encoding}\r\n\r\n`,
  )
  await expect.poll(() => corked).not.toBe(null)
  return { socket, held: () => corked?.writableLength ?? 0 }
}

describe('a page missing from the cache, rendered for a visitor who takes nothing', () => {
  let t: TestApp
  let base = ''
  let close = async () => {}

  beforeAll(async () => {
    ;({ t, base, close } = await createStorefrontApp(
      { PAGE_CACHE_SECONDS: '30' },
      { wrapRender: breakingRender },
    ))
  }, 120_000)

  afterAll(() => close())

  it("is kept once rendered and sent to everyone else, though the first visitor's answer never leaves", async () => {
    const { socket: first } = await stalledVisitor(t, base, PRODUCT, 'identity')

    const other = await fetch(`${base}${PRODUCT}`, { signal: AbortSignal.timeout(10_000) })
    expect(other.status).toBe(200)
    expect(other.headers.get('x-page-cache')).toBe('hit')
    expect(await other.text()).toContain('Extra Time Tour Tee')
    first.destroy()
  }, 30_000)

  // Sent as it is, the first visitor's answer ends with the render's error; compressed, it waits
  // for the compressor to take more first, which a visitor who reads nothing never lets happen.
  it.each(['identity', 'br'])(
    "lets the others go to render for themselves when the render breaks off, though the first visitor's answer (%s) never leaves",
    async (encoding) => {
      const address = `${PRODUCT}?broken=${encoding}`
      let sendRest = () => {}
      breaking = { address, rest: new Promise((resolve) => (sendRest = resolve)) }
      const first = await stalledVisitor(t, base, address, encoding)
      // The first half of the page is on its way to the first visitor, and stays in the server.
      await expect.poll(first.held).toBeGreaterThan(0)

      // The other visitor waits for the first one's render, which then breaks off.
      const arrived = new Promise((resolve) =>
        t.app.server.once('request', (request) => resolve(request.url)),
      )
      const other = fetch(`${base}${address}`, { signal: AbortSignal.timeout(10_000) })
      expect(await arrived).toBe(address)
      sendRest()

      const answer = await other
      expect(answer.status).toBe(200)
      expect(answer.headers.get('x-page-cache')).toBe('miss')
      expect(await answer.text()).toContain('Extra Time Tour Tee')
      first.socket.destroy()
    },
    30_000,
  )
})
