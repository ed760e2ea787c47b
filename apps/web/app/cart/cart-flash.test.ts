import { describe, expect, it } from 'vitest'
import { isCartFlash, limitFlash, limitFlashMessage, withCartFlash } from './cart-flash.ts'

describe('the cart flash of a limit', () => {
  it('names the per-fan cap and the per-order limit in the API’s words', () => {
    expect(limitFlashMessage('per-fan-1')).toBe('This item is limited to 1 per fan.')
    expect(limitFlashMessage('per-order-5')).toBe('You can have at most 5 of this product in one order.')
    expect(limitFlashMessage('out-of-stock')).toBeNull()
  })

  it('is made from the limit the API’s 422 names', () => {
    expect(limitFlash({ kind: 'per-fan', max: 3 })).toBe('per-fan-3')
    expect(limitFlash({ kind: 'per-order', max: 5 })).toBe('per-order-5')
    expect(isCartFlash(limitFlash({ kind: 'per-fan', max: 999 }))).toBe(true)
  })

  it('takes only a limit of 1 to 999 from the address, as a number', () => {
    expect(isCartFlash('per-fan-2')).toBe(true)
    expect(isCartFlash('per-order-999')).toBe(true)
    for (const value of [
      'per-fan-0',
      'per-fan-1000',
      'per-fan-',
      'per-fan-2x',
      'per-other-2',
      'per-fan-02',
    ]) {
      expect(isCartFlash(value), value).toBe(false)
    }
    expect(withCartFlash('/product/tee?size=M', 'per-fan-2')).toBe('/product/tee?size=M&cart=per-fan-2')
  })
})
