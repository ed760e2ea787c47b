import { describe, expect, it } from 'vitest'
import {
  countedProductId,
  DEFAULT_MAX_PER_ORDER,
  perOrderLimitMessage,
  perOrderLimitNote,
  withinPerOrderLimit,
} from './limits.ts'

describe('per-order limit', () => {
  it('allows up to the limit and not one more', () => {
    expect(DEFAULT_MAX_PER_ORDER).toBe(5)
    expect(withinPerOrderLimit(5, 5)).toBe(true)
    expect(withinPerOrderLimit(6, 5)).toBe(false)
  })

  it('says the limit in words', () => {
    expect(perOrderLimitMessage(5)).toBe('You can have at most 5 of this product in one order.')
    expect(perOrderLimitNote(3)).toBe('Limit 3 per order.')
  })

  it('counts a variation toward its variable product, and a simple product toward itself', () => {
    expect(countedProductId({ id: 12, parent_id: 7 })).toBe(7)
    expect(countedProductId({ id: 12, parent_id: null })).toBe(12)
  })
})
