import { describe, expect, it } from 'vitest'
import { isPrivatePage } from './private-pages.ts'

describe('private pages', () => {
  it("are the visitor's own and the forms that take their details, in any spelling the router takes", () => {
    for (const path of [
      '/profile',
      '/profile/addresses',
      '/profile/orders.data',
      '/order/details',
      '/checkout',
      '/cart',
      '/thank-you',
      '/auth/login',
      '/Profile/Details',
      '/%70rofile/orders',
      '/%E0%A4%A',
    ]) {
      expect(isPrivatePage(path), path).toBe(true)
    }
  })

  it('are not the catalogue and content pages', () => {
    for (const path of ['/', '/shop', '/products/tee', '/shop.data', '/feed', '/page/terms', '/queue']) {
      expect(isPrivatePage(path), path).toBe(false)
    }
  })
})
