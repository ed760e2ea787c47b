import { afterEach, describe, expect, it, vi } from 'vitest'
import { keepsFrame, noteFrameCame, noteFrameFilled, serverClockOffset } from './kept-frame.ts'

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
    noteFrameCame('', Date.now() - 3_600_000, null)
    expect(serverClockOffset(Date.now() - 3_600_000)).toBe(offset)
  })

  it('is kept on a move to another page while the stamp is the one it came with', () => {
    noteFrameCame('session=x; personal-frame=abc', Date.now(), null)
    expect(keepsFrame(move('/shop', '/product/a'), 'session=x; personal-frame=abc')).toBe(true)
    expect(keepsFrame(move('/shop', '/shop?page=2'), 'personal-frame=abc')).toBe(true)
    expect(keepsFrame(move('/shop', '/search?q=cap', 'GET'), 'personal-frame=abc')).toBe(true)
    noteFrameCame('', Date.now(), null)
    expect(keepsFrame(move('/', '/shop'), '')).toBe(true)
  })

  it('is loaded again after a form is sent, on a revalidation, and once the stamp changed', () => {
    noteFrameCame('personal-frame=abc', Date.now(), null)
    expect(keepsFrame(move('/product/a', '/product/a', 'POST'), 'personal-frame=abc')).toBe(false)
    expect(keepsFrame(move('/cart', '/checkout', 'POST'), 'personal-frame=abc')).toBe(false)
    expect(keepsFrame(move('/shop?page=2', '/shop?page=2'), 'personal-frame=abc')).toBe(false)
    // A bag filled in another tab, a login, a logout (the cookie cleared).
    expect(keepsFrame(move('/shop', '/product/a'), 'personal-frame=abd')).toBe(false)
    expect(keepsFrame(move('/shop', '/product/a'), '')).toBe(false)
    noteFrameCame('', Date.now(), null)
    expect(keepsFrame(move('/shop', '/product/a'), 'personal-frame=new')).toBe(false)
  })

  it('is loaded again once the login or access grant it shows has expired by itself', () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] })
    const offset = serverClockOffset(Date.now())
    const endsAt = Date.now() + offset + 60_000
    noteFrameCame('personal-frame=abc', Date.now() + offset, endsAt)
    expect(keepsFrame(move('/shop', '/product/a'), 'personal-frame=abc')).toBe(true)
    vi.advanceTimersByTime(59_000)
    expect(keepsFrame(move('/shop', '/product/a'), 'personal-frame=abc')).toBe(true)
    vi.advanceTimersByTime(1_000)
    expect(keepsFrame(move('/shop', '/product/a'), 'personal-frame=abc')).toBe(false)
  })

  it('takes the end of the parts it filled in itself into a frame drawn for nobody', () => {
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] })
    const offset = serverClockOffset(Date.now())
    noteFrameCame('personal-frame=abc', Date.now() + offset, null)
    noteFrameFilled(Date.now() + offset + 1_000)
    expect(keepsFrame(move('/shop', '/product/a'), 'personal-frame=abc')).toBe(true)
    vi.advanceTimersByTime(1_000)
    expect(keepsFrame(move('/shop', '/product/a'), 'personal-frame=abc')).toBe(false)
  })
})
