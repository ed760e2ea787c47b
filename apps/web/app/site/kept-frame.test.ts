import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  followFrames,
  keepsFrame,
  noteFrameCame,
  noteFrameFilled,
  serverClockOffset,
  stampToKeep,
} from './kept-frame.ts'

const move = (from: string, to: string, formMethod?: 'GET' | 'POST') => ({
  currentUrl: new URL(from, 'https://shop.test'),
  nextUrl: new URL(to, 'https://shop.test'),
  formMethod,
})

describe('the frame kept across moves', () => {
  afterEach(() => vi.useRealTimers())

  it('is loaded again until a frame has come', () => {
    expect(keepsFrame(move('/shop', '/product/a'), 'personal-frame=abc')).toBe(false)
  })

  it("reads the server's clock once, from the frame the page arrived with (its first caller)", () => {
    const offset = serverClockOffset(Date.now() + 120_000)
    expect(offset).toBeGreaterThan(119_000)
    // A kept frame, an hour old, brought on a later page: the clock stays as first read.
    noteFrameCame(null, Date.now() - 3_600_000, null)
    expect(serverClockOffset(Date.now() - 3_600_000)).toBe(offset)
  })

  it('is kept on a move to another page while the stamp is the one it came with', () => {
    noteFrameCame('abc', Date.now(), null)
    expect(keepsFrame(move('/shop', '/product/a'), 'session=x; personal-frame=abc')).toBe(true)
    expect(keepsFrame(move('/shop', '/shop?page=2'), 'personal-frame=abc')).toBe(true)
    expect(keepsFrame(move('/shop', '/search?q=cap', 'GET'), 'personal-frame=abc')).toBe(true)
    noteFrameCame(null, Date.now(), null)
    expect(keepsFrame(move('/', '/shop'), '')).toBe(true)
  })

  it('is loaded again after a form is sent, on a revalidation, and once the stamp changed', () => {
    noteFrameCame('abc', Date.now(), null)
    expect(keepsFrame(move('/product/a', '/product/a', 'POST'), 'personal-frame=abc')).toBe(false)
    expect(keepsFrame(move('/cart', '/checkout', 'POST'), 'personal-frame=abc')).toBe(false)
    expect(keepsFrame(move('/shop?page=2', '/shop?page=2'), 'personal-frame=abc')).toBe(false)
    // A bag filled in another tab, a login, a logout (the cookie cleared).
    expect(keepsFrame(move('/shop', '/product/a'), 'personal-frame=abd')).toBe(false)
    expect(keepsFrame(move('/shop', '/product/a'), '')).toBe(false)
    noteFrameCame(null, Date.now(), null)
    expect(keepsFrame(move('/shop', '/product/a'), 'personal-frame=new')).toBe(false)
  })

  it('is loaded again once the login or access grant it shows has expired by itself', () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] })
    const offset = serverClockOffset(Date.now())
    const endsAt = Date.now() + offset + 60_000
    noteFrameCame('abc', Date.now() + offset, endsAt)
    expect(keepsFrame(move('/shop', '/product/a'), 'personal-frame=abc')).toBe(true)
    vi.advanceTimersByTime(59_000)
    expect(keepsFrame(move('/shop', '/product/a'), 'personal-frame=abc')).toBe(true)
    vi.advanceTimersByTime(1_000)
    expect(keepsFrame(move('/shop', '/product/a'), 'personal-frame=abc')).toBe(false)
  })

  it('takes the end of the parts it filled in itself into a frame drawn for nobody', () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] })
    const offset = serverClockOffset(Date.now())
    noteFrameCame('abc', Date.now() + offset, null)
    noteFrameFilled('abc', Date.now() + offset + 1_000)
    expect(keepsFrame(move('/shop', '/product/a'), 'personal-frame=abc')).toBe(true)
    vi.advanceTimersByTime(1_000)
    expect(keepsFrame(move('/shop', '/product/a'), 'personal-frame=abc')).toBe(false)
  })

  it('is kept, once filled in, under the stamp the request for its parts held', () => {
    noteFrameCame('abc', Date.now(), null)
    noteFrameFilled('abd', null)
    expect(keepsFrame(move('/shop', '/product/a'), 'personal-frame=abc')).toBe(false)
    expect(keepsFrame(move('/shop', '/product/a'), 'personal-frame=abd')).toBe(true)
  })
})

describe('the stamp a frame that came is kept under', () => {
  it('is, for one drawn for its visitor, the stamp its request held, whatever the browser holds now', () => {
    const drawn = { personal: true, stamp: 'abc' }
    expect(stampToKeep(drawn, 'personal-frame=abc')).toBe('abc')
    // A form sent from another tab before this frame came (a bag filled, a logout): the next move loads it again.
    expect(stampToKeep(drawn, 'session=x; personal-frame=abd')).toBe('abc')
    expect(stampToKeep(drawn, '')).toBe('abc')
    expect(stampToKeep({ personal: true, stamp: null }, 'personal-frame=abd')).toBeNull()
  })

  it('is none for one drawn for its visitor before any stamp was: the browser draws one, and the first move loads the frame again', () => {
    expect(stampToKeep({ personal: true, stamp: null }, 'session=x')).toBeUndefined()
    noteFrameCame(undefined, Date.now(), null)
    expect(keepsFrame(move('/profile', '/'), 'session=x; personal-frame=abc')).toBe(false)
  })

  it("is, for one drawn for nobody, the browser's own", () => {
    expect(stampToKeep({ personal: false, stamp: null }, 'personal-frame=abc')).toBe('abc')
    expect(stampToKeep({ personal: false, stamp: null }, '')).toBeNull()
  })
})

describe('the frames the router takes in', () => {
  afterEach(() => vi.unstubAllGlobals())

  const frame = (stamp: string | null) => ({
    personal: true,
    stamp,
    endsAt: null,
    launch: { now: Date.now() },
  })
  /** A router holding `root` as the root's data, and what it tells its subscribers. */
  function routerWith(root: ReturnType<typeof frame>) {
    const subscribers: ((state: { loaderData: Record<string, unknown> }) => void)[] = []
    const router = {
      state: { loaderData: { root } },
      subscribe: (subscriber: (typeof subscribers)[number]) => {
        subscribers.push(subscriber)
        return () => {}
      },
    }
    return { router: router as unknown as Parameters<typeof followFrames>[0], subscribers }
  }

  it('are noted as the router takes them in, before React draws them', () => {
    vi.stubGlobal('document', { cookie: 'personal-frame=abc' })
    const { router, subscribers } = routerWith(frame('abc'))
    followFrames(router)
    expect(keepsFrame(move('/profile', '/'), 'personal-frame=abc')).toBe(true)
    // A form sent: the server drew a new stamp, and the frame it sent back is noted at once.
    for (const subscriber of subscribers) subscriber({ loaderData: { root: frame('abd') } })
    expect(keepsFrame(move('/', '/profile'), 'personal-frame=abd')).toBe(true)
    expect(keepsFrame(move('/', '/profile'), 'personal-frame=abc')).toBe(false)
  })

  it('make a browser whose page was drawn for it before the server saw its scripts say so with a stamp of its own, loading the frame on the first move', () => {
    const browser = { cookie: '' }
    vi.stubGlobal('document', browser)
    vi.stubGlobal('location', { protocol: 'https:' })
    followFrames(routerWith(frame(null)).router)
    expect(browser.cookie).toMatch(
      /^personal-frame=[0-9a-z]+; Max-Age=2592000; Path=\/; SameSite=Lax; Secure$/,
    )
    expect(keepsFrame(move('/profile', '/'), browser.cookie.split(';')[0]!)).toBe(false)
  })
})
