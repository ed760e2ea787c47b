import { describe, expect, it } from 'vitest'
import { perFanCapMessage } from '../launch/fan-cap.ts'
import {
  countedProductId,
  DEFAULT_MAX_PER_ORDER,
  isLineQuantity,
  limitNamedBy,
  perOrderLimitMessage,
  perOrderLimitNote,
  withinPerOrderLimit,
} from './limits.ts'
import { lineItemInputSchema } from './schemas.ts'

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

describe('a line quantity', () => {
  const quantity = lineItemInputSchema.shape.quantity
  it('is a whole number from 1 to 99, as the product page checks it and the store API answers it', () => {
    for (const text of ['1', '7', '99', '0', '-3', '2.5', '100', '', ' 2', '1e1', '0x2', 'two']) {
      expect(isLineQuantity(text), text).toBe(quantity.safeParse(text).success)
    }
    expect(isLineQuantity('7')).toBe(true)
    expect(isLineQuantity('2.5')).toBe(false)
  })
  it('is refused in the store API’s own words, never the schema library’s', () => {
    for (const sent of [2.5, '2.5', 'two', 0, -3, 100]) {
      const message = quantity.safeParse(sent).error?.issues[0]?.message
      expect(message, String(sent)).toMatch(
        /^quantity (must be a whole number|must be at least 1|can be at most 99)$/,
      )
    }
  })
})

describe('limitNamedBy', () => {
  it('reads the limit out of the refusal worded by its rule, and nothing out of another', () => {
    expect(limitNamedBy(perOrderLimitMessage(5), perOrderLimitMessage)).toBe(5)
    expect(limitNamedBy(perFanCapMessage(1), perFanCapMessage)).toBe(1)
    expect(limitNamedBy(perFanCapMessage(12), perFanCapMessage)).toBe(12)
    expect(limitNamedBy(perFanCapMessage(2), perOrderLimitMessage)).toBeNull()
    expect(limitNamedBy('Product is out of stock for requested quantity.', perFanCapMessage)).toBeNull()
    expect(limitNamedBy('This item is limited to 0 per fan.', perFanCapMessage)).toBeNull()
  })
})
