import { describe, expect, it } from 'vitest'
import { pageViewOf } from './analytics.tsx'

describe('what a page view reports', () => {
  it('reports a page at the address it was opened at, query and all', () => {
    expect(pageViewOf('/shop?category=all', 'https://shop.test/shop?category=all&utm_source=ig')).toEqual({
      page_location: 'https://shop.test/shop?category=all&utm_source=ig',
      page_path: '/shop?category=all',
    })
  })

  it('never sends Google the query of a private page: a reset link’s key opens the account', () => {
    const key = 'Zm9yZ2V0LW1lLW5vdC1rZXktMzItYnl0ZXMtbG9uZw'
    const view = pageViewOf(
      `/auth/reset/setpassword?key=${key}`,
      `https://shop.test/auth/reset/setpassword?key=${key}#top`,
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
})
