import { describe, expect, it } from 'vitest'
import { refusedCartChange } from './cart-refetch.ts'

describe('the refetch after a refused change to the bag', () => {
  it('follows a change to the bag the server refused', () => {
    expect(refusedCartChange({ formMethod: 'POST', formAction: '/cart', actionStatus: 422 })).toBe(true)
    expect(refusedCartChange({ formMethod: 'PUT', formAction: '/cart?index', actionStatus: 400 })).toBe(true)
    expect(refusedCartChange({ formMethod: 'POST', formAction: '/cart/add', actionStatus: 409 })).toBe(true)
  })

  it('leaves the rest to React Router: changes that went through, reads and other forms', () => {
    expect(refusedCartChange({ formMethod: 'POST', formAction: '/cart', actionStatus: 200 })).toBe(false)
    expect(refusedCartChange({ formMethod: 'GET', formAction: '/cart', actionStatus: undefined })).toBe(false)
    expect(refusedCartChange({ formMethod: undefined, formAction: undefined, actionStatus: undefined })).toBe(
      false,
    )
    expect(refusedCartChange({ formMethod: 'POST', formAction: '/auth/login', actionStatus: 400 })).toBe(
      false,
    )
    expect(
      refusedCartChange({ formMethod: 'POST', formAction: '/cart/stock-alert', actionStatus: 422 }),
    ).toBe(false)
  })
})
