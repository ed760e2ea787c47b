import { afterEach, describe, expect, it, vi } from 'vitest'
import { arrivalHref, leaveTrackingParams } from './arrival.ts'

/** A browser's window at `href`, as much of it as the arrival reads and writes. */
function browserAt(href: string) {
  const url = new URL(href)
  const state = { usr: null, key: 'default', idx: 0 }
  const replaceState = vi.fn((_state: unknown, _unused: string, to: string) => {
    const next = new URL(to, url)
    url.search = next.search
    url.pathname = next.pathname
    url.hash = next.hash
  })
  vi.stubGlobal('window', { location: url, history: { state, replaceState } })
  return { url, state, replaceState }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("the arrival's tracking parameters", () => {
  it('leave the address bar before the router reads it; analytics reports the address arrived at, for that page', () => {
    const arrived = 'https://shop.test/shop?category=all&fbclid=IwAR-1&utm_source=ig#grid'
    const { url, state, replaceState } = browserAt(arrived)
    leaveTrackingParams()
    expect(replaceState).toHaveBeenCalledWith(state, '', '/shop?category=all#grid')
    expect(url.href).toBe('https://shop.test/shop?category=all#grid')
    expect(arrivalHref('/shop?category=all')).toBe(arrived)
    expect(arrivalHref('/shop')).toBeNull()
    expect(arrivalHref('/products/tee')).toBeNull()
  })

  it('leave an address without them as it is', () => {
    const { url, replaceState } = browserAt('https://shop.test/shop?category=all&_gl=1*abc')
    leaveTrackingParams()
    expect(replaceState).not.toHaveBeenCalled()
    expect(url.href).toBe('https://shop.test/shop?category=all&_gl=1*abc')
  })
})
