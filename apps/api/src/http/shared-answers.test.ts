/**
 * The API's shared answers kept under the page cache's rules: a second caller gets the kept copy
 * (the same bytes in each encoding, its route's own headers, an ETag per encoding), callers who
 * arrive together wait for one read, a catalogue write shows on the next request, a stock change
 * ends a copy at its fresh seconds, and only a whole 200 answer is kept.
 */
import zlib from 'node:zlib'
import { adminCatalogEndpoints, adminStockEndpoints, defineEndpoint, type StaffRole } from '@fanshop/core'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { insertProduct } from '../../tests/cart.ts'
import type { InjectedResponse, TestApp } from '../../tests/test-app.ts'
import { callEndpoint, createAdminTestApp } from '../admin/testing.ts'
import { createPageCache, type PageCache } from './page-cache.ts'
import { route } from './route.ts'

let t: TestApp
let cookies: Record<StaffRole, string>
let cache: PageCache

beforeAll(async () => {
  ;({ t, cookies } = await createAdminTestApp({ env: { PAGE_CACHE_SECONDS: '5' } }))
  cache = await createPageCache(t.ctx)
})
afterAll(async () => {
  await cache?.close()
  await t?.close()
})

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })
const state = (res: InjectedResponse) => res.headers['x-page-cache']
const ids = (res: InjectedResponse) => (res.json() as { id: number }[]).map((product) => product.id)

/**
 * Asks until the answer comes from the cache: a miss is kept once its compression, on libuv's
 * threads, is done, and injected requests answered from memory never let the event loop reach it.
 */
async function kept(url: string) {
  for (let i = 0; i < 20; i++) {
    const res = await get(url)
    if (state(res) === 'hit') return res
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error(`${url} was never kept`)
}

describe("the store API's shared answers", () => {
  it('gives the second caller the kept copy, the same answer in brotli, gzip and plain, with its paging headers', async () => {
    const url = '/wp-json/wc/v3/products?per_page=24&orderby=id'
    const first = await get(url)
    expect(first.statusCode).toBe(200)
    expect(state(first)).toBe('miss')
    const hit = await kept(url)
    expect(hit.body).toBe(first.body)
    expect(hit.headers['content-type']).toBe(first.headers['content-type'])
    expect(hit.headers['x-wp-total']).toBe(first.headers['x-wp-total'])
    expect(hit.headers['x-wp-totalpages']).toBe(first.headers['x-wp-totalpages'])
    expect(hit.headers.vary).toBe('Accept-Encoding')
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(first.body)
    const gz = await get(url, { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(first.body)
    expect(new Set([hit.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3)
    // Kept as it is too, for callers who accept no encoding: not gunzipped for each.
    expect((await cache.lookup(cache.answerKeyOf(url)!))?.page.identity?.toString()).toBe(first.body)
  })

  it('answers 304 to a caller who names the ETag of the encoding it is sent, kept or read again', async () => {
    const url = '/wp-json/wc/v3/products/categories'
    const hit = await kept(url)
    const again = await get(url, { 'if-none-match': String(hit.headers.etag) })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const br = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(hit.headers.etag) })
    expect(br.statusCode).toBe(200)
    // A write that left this answer as it was: the request that reads it again answers 304 too.
    await cache.bump()
    const reread = await get(url, { 'if-none-match': String(hit.headers.etag) })
    expect(state(reread)).toBe('miss')
    expect(reread.statusCode).toBe(304)
  })

  it("keeps a content answer's own Cache-Control", async () => {
    const first = await get('/wp-json/wp/v2/posts?per_page=2')
    expect(first.statusCode).toBe(200)
    const hit = await kept('/wp-json/wp/v2/posts?per_page=2')
    expect(hit.headers['cache-control']).toBe(first.headers['cache-control'])
    expect(hit.headers['cache-control']).toBe('public, max-age=60')
  })

  it('reads an answer once for callers who arrive together', async () => {
    const url = '/wp-json/wc/v3/products?per_page=5&orderby=title'
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(url)))
    // The first ask is read as it comes; the second, in demand, is read for the cache and waited for.
    expect(answers.map(state).sort()).toEqual(['hit', 'hit', 'hit', 'hit', 'hit', 'hit', 'miss', 'miss'])
    expect(new Set(answers.map((res) => res.body)).size).toBe(1)
  })

  it('keeps an answer from its second ask on: an address asked for once costs no copy', async () => {
    const url = '/wp-json/wc/v3/products?per_page=3&made_up=1'
    const key = cache.answerKeyOf(url)!
    expect(state(await get(url))).toBe('miss')
    expect(await cache.lookup(key)).toBeNull()
    const second = await get(url, { 'accept-encoding': 'br' })
    expect(state(second)).toBe('miss')
    expect(second.headers['content-encoding']).toBe('br')
    expect(JSON.parse(zlib.brotliDecompressSync(second.rawPayload).toString())).toHaveLength(3)
    expect((await kept(url)).headers.etag).toBe(second.headers.etag?.toString().replace('-br', ''))
    t.clock.advance(10_000)
    expect(await cache.lookup(key)).toBeNull()
    expect(state(await get(url))).toBe('miss')
    expect(await cache.lookup(key)).toBeNull()
  })

  it('shows a catalogue write on the next request', async () => {
    const id = await insertProduct(t, { price: 1500, stock: 3 })
    const url = '/wp-json/wc/v3/products?per_page=100'
    const before = await kept(url)
    expect(ids(before)).toContain(id)
    const off = await callEndpoint(t.app, adminCatalogEndpoints.productStatus, {
      cookie: cookies.manager,
      body: { ids: [id], status: 'draft' },
    })
    expect(off.statusCode, off.body).toBe(200)
    const after = await get(url)
    expect(state(after)).toBe('miss')
    expect(ids(after)).not.toContain(id)
  })

  it('serves stock no older than the fresh seconds after a stock change, and an expired copy while it is read again', async () => {
    const id = await insertProduct(t, { price: 1500, stock: 3 })
    const url = `/wp-json/wc/v3/products/${id}`
    expect((await kept(url)).json()).toMatchObject({ stock_quantity: 3 })
    t.clock.advance(5_000)
    const [reading, meanwhile] = await Promise.all([get(url), get(url)])
    expect([state(reading), state(meanwhile)]).toEqual(['miss', 'stale'])
    expect((await kept(url)).json()).toMatchObject({ stock_quantity: 3 })
    const adjusted = await callEndpoint(t.app, adminStockEndpoints.adjustStock, {
      cookie: cookies.manager,
      params: { id },
      body: { reason: 'received', quantity: 4, note: 'Delivery' },
    })
    expect(adjusted.statusCode, adjusted.body).toBe(200)
    expect(state(await get(url))).toBe('hit')
    t.clock.advance(5_000)
    const fresh = await get(url)
    expect(state(fresh)).toBe('miss')
    expect(fresh.json()).toMatchObject({ stock_quantity: 7 })
  })

  it('keeps no answer but a 200, and answers a bad request as before', async () => {
    for (let i = 0; i < 3; i++) {
      const missing = await get('/wp-json/wc/v3/products/999999')
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toMatchObject({ statusCode: 404 })
      expect(state(missing)).toBe('miss')
    }
    const bad = await get('/wp-json/wc/v3/products?per_page=abc')
    expect(bad.statusCode).toBe(400)
    expect(state(await get('/wp-json/wc/v3/products?per_page=abc'))).toBe('miss')
  })

  it('refuses to share an endpoint that reads its caller', () => {
    const app = Fastify()
    const mine = defineEndpoint({
      method: 'GET',
      path: '/mine',
      tags: ['test'],
      summary: 'mine',
      shared: true,
      bearer: true,
      responses: { 200: z.object({}) },
    })
    expect(() => route(app, mine, async () => ({}))).toThrow('/mine is shared')
  })
})
