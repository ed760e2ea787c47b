import { describe, expect, it } from 'vitest'
import { pageCommands, pageViewOf } from './analytics.tsx'

const KEY = 'Zm9yZ2V0LW1lLW5vdC1rZXktMzItYnl0ZXMtbG9uZw'

describe('what a page view reports', () => {
  it('reports a page at the address it was opened at, query and all', () => {
    expect(pageViewOf('/shop?category=all', 'https://shop.test/shop?category=all&utm_source=ig')).toEqual({
      page_location: 'https://shop.test/shop?category=all&utm_source=ig',
      page_path: '/shop?category=all',
    })
  })

  it('never sends Google the query of a private page: a reset link’s key opens the account', () => {
    const view = pageViewOf(
      `/auth/reset/setpassword?key=${KEY}`,
      `https://shop.test/auth/reset/setpassword?key=${KEY}#top`,
    )
    expect(view).toEqual({
      page_location: 'https://shop.test/auth/reset/setpassword',
      page_path: '/auth/reset/setpassword',
    })
    expect(pageViewOf('/profile/addresses?edit=7', 'https://shop.test/profile/addresses?edit=7')).toEqual({
      page_location: 'https://shop.test/profile/addresses',
      page_path: '/profile/addresses',
    })
  })

  it('names the page before it, a private one of the shop by its path alone', () => {
    // The browser's referrer after a private page of the shop holds its whole address.
    expect(
      pageViewOf('/home', 'https://shop.test/home', `https://shop.test/auth/reset/setpassword?key=${KEY}`),
    ).toEqual({
      page_location: 'https://shop.test/home',
      page_path: '/home',
      page_referrer: 'https://shop.test/auth/reset/setpassword',
    })
    expect(
      pageViewOf('/home', 'https://shop.test/home', 'https://shop.test/shop?category=all'),
    ).toMatchObject({
      page_referrer: 'https://shop.test/shop?category=all',
    })
    expect(pageViewOf('/home', 'https://shop.test/home', 'https://www.instagram.com/')).toMatchObject({
      page_referrer: 'https://www.instagram.com/',
    })
    expect(pageViewOf('/home', 'https://shop.test/home', '')).not.toHaveProperty('page_referrer')
  })
})

describe("the tag's commands for a page", () => {
  it('give the tag the page’s location for everything it sends, its own events too, and send the page view', () => {
    const view = pageViewOf(
      `/auth/reset/setpassword?key=${KEY}`,
      `https://shop.test/auth/reset/setpassword?key=${KEY}`,
    )
    expect(pageCommands('G-TEST1', view)).toEqual([
      ['config', 'G-TEST1', { send_page_view: false, ...view }],
      ['event', 'page_view', view],
    ])
    expect(JSON.stringify(pageCommands('G-TEST1', view))).not.toContain(KEY)
  })
})
