import { describe, expect, it } from 'vitest'
import { currentPrice, isOnSale } from './price.ts'

describe('currentPrice', () => {
  it('is the sale price when it is lower', () => {
    expect(currentPrice({ regular_price: 3250, sale_price: 2490 })).toBe(2490)
    expect(isOnSale({ regular_price: 3250, sale_price: 2490 })).toBe(true)
  })
  it('is the regular price without a sale, or when the sale price is not lower', () => {
    expect(currentPrice({ regular_price: 2990, sale_price: null })).toBe(2990)
    expect(currentPrice({ regular_price: 2990, sale_price: 2990 })).toBe(2990)
    expect(isOnSale({ regular_price: 2990, sale_price: 3100 })).toBe(false)
  })
})
