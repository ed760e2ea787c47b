/**
 * The frame's menus are read once for many pages (issue 15): pages within KEPT_MS share one
 * read, a later page reads them again, and so does the next page after a write changed what pages
 * show; a failed read is not kept, nor is the page drawn without them.
 */
import type { InProcessApi, Menus } from '@fanshop/core'
import { type AppLoadContext, RouterContextProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { KEPT_MS } from './kept-read.server.ts'
import { loadSiteFrame } from './site-frame.server.ts'
import { standInMiddleware } from './stand-in.server.ts'

const MENUS: Menus = {
  'main-menu': [{ name: 'Shop', items: [{ title: 'Shop', url: '/shop' }] }],
  'sub-menus': [],
}

function backEnd(answers: (() => unknown)[]) {
  let reads = 0
  let version = 0
  const apiInProcess: InProcessApi = () => {
    const answer = answers[Math.min(reads++, answers.length - 1)]!
    return Promise.resolve().then(() => ({ status: 200, headers: new Headers(), body: answer() }))
  }
  const settings = {
    apiBaseUrl: 'http://api.test',
    apiFetch: vi.fn<typeof fetch>(),
    apiInProcess,
    launchAt: '2026-01-01T12:00:00',
    shopTz: 'UTC',
    socialLinks: { profiles: [] },
    sharedDataVersion: () => String(version),
  }
  /** One request's context: what its loaders say about the page lives on it. */
  const request = () => Object.assign(new RouterContextProvider(), settings) as unknown as AppLoadContext
  return { context: request(), request, reads: () => reads, write: () => void version++ }
}

/** The Cache-Control the root's middleware leaves on a page whose frame was loaded with this context. */
async function cacheControlOf(context: AppLoadContext, load: () => Promise<unknown>) {
  const answer = new Response('<html></html>', { headers: { 'cache-control': 'private, no-cache' } })
  const next = async () => {
    await load()
    return answer
  }
  const request = page()
  const args = { request, url: new URL(request.url), pattern: '/', context, params: {} }
  const response = await standInMiddleware(args, next)
  return (response as Response).headers.get('cache-control')
}

const page = () => new Request('http://shop.test/')

describe('loadSiteFrame menus', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('reads the menus once for the pages of a few seconds, then again', async () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    const { context, reads } = backEnd([() => ({ data: MENUS })])
    const [first, second] = await Promise.all([
      loadSiteFrame(page(), context),
      loadSiteFrame(page(), context),
    ])
    expect(first.menus).toEqual(MENUS)
    expect(second.menus).toEqual(MENUS)
    expect(reads()).toBe(1)
    vi.advanceTimersByTime(KEPT_MS + 1)
    expect((await loadSiteFrame(page(), context)).menus).toEqual(MENUS)
    expect(reads()).toBe(2)
  })

  it('reads them again for the next page once a write changed what pages show', async () => {
    const edited: Menus = { ...MENUS, 'main-menu': [{ name: 'Shop', items: [] }] }
    const { context, reads, write } = backEnd([() => ({ data: MENUS }), () => ({ data: edited })])
    expect((await loadSiteFrame(page(), context)).menus).toEqual(MENUS)
    expect((await loadSiteFrame(page(), context)).menus).toEqual(MENUS)
    write()
    expect((await loadSiteFrame(page(), context)).menus).toEqual(edited)
    expect((await loadSiteFrame(page(), context)).menus).toEqual(edited)
    expect(reads()).toBe(2)
  })

  it('does not keep a failed read: the page gets no menus, the next one reads them again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { context, reads } = backEnd([
      () => ({ statusCode: 500, message: 'down' }),
      () => ({ data: MENUS }),
    ])
    expect((await loadSiteFrame(page(), context)).menus).toEqual({ 'main-menu': [], 'sub-menus': [] })
    expect((await loadSiteFrame(page(), context)).menus).toEqual(MENUS)
    expect(reads()).toBe(2)
  })

  it('marks a page drawn without its menus for no cache to keep, and leaves a whole page as it is', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { request } = backEnd([() => ({ statusCode: 500, message: 'down' }), () => ({ data: MENUS })])
    const failed = request()
    expect(await cacheControlOf(failed, () => loadSiteFrame(page(), failed))).toBe('private, no-store')
    const whole = request()
    expect(await cacheControlOf(whole, () => loadSiteFrame(page(), whole))).toBe('private, no-cache')
  })
})
