import { describe, expect, it } from 'vitest'
import {
  countedProductId,
  DEFAULT_MAX_PER_ORDER,
  isLineQuantity,
  limitNote,
  limitRefusalMessage,
  lineRoom,
  perOrderLimitMessage,
  perOrderLimitNote,
  tightestLimit,
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

describe('limitRefusalMessage', () => {
  it('words each limit by its own rule', () => {
    expect(limitRefusalMessage({ kind: 'per-order', max: 5 })).toBe(perOrderLimitMessage(5))
    expect(limitRefusalMessage({ kind: 'per-fan', max: 1 })).toBe('This item is limited to 1 per fan.')
    expect(limitRefusalMessage({ kind: 'per-fan', max: 12 })).toBe('This item is limited to 12 per fan.')
  })
})

describe('tightestLimit', () => {
  it('offers one add no more than the tighter of the per-order limit and the per-fan cap', () => {
    expect(tightestLimit({ max_per_order: 5, max_per_fan: 1 })).toEqual({ kind: 'per-fan', max: 1 })
    expect(tightestLimit({ max_per_order: 5, max_per_fan: 12 })).toEqual({ kind: 'per-order', max: 5 })
    expect(tightestLimit({ max_per_order: 5, max_per_fan: 5 })).toEqual({ kind: 'per-order', max: 5 })
    expect(tightestLimit({ max_per_order: 5, max_per_fan: null })).toEqual({ kind: 'per-order', max: 5 })
    expect(tightestLimit({ max_per_fan: 2 })).toEqual({ kind: 'per-fan', max: 2 })
    expect(tightestLimit({})).toBeNull()
  })

  it('is said on the product page by its own note', () => {
    expect(limitNote({ kind: 'per-fan', max: 1 })).toBe('Limit 1 per fan, across all your orders.')
    expect(limitNote({ kind: 'per-order', max: 5 })).toBe('Limit 5 per order.')
  })
})

describe('lineRoom', () => {
  it("leaves a line the tightest limit less the order's other units of the product", () => {
    expect(lineRoom(5, null, 0)).toEqual({ limit: { kind: 'per-order', max: 5 }, max_quantity: 5 })
    expect(lineRoom(5, null, 3)).toEqual({ limit: { kind: 'per-order', max: 5 }, max_quantity: 2 })
    expect(lineRoom(5, 2, 1)).toEqual({ limit: { kind: 'per-fan', max: 2 }, max_quantity: 1 })
  })

  it('leaves no room, not less than none, when the other lines already pass the limit', () => {
    expect(lineRoom(5, 1, 3)).toEqual({ limit: { kind: 'per-fan', max: 1 }, max_quantity: 0 })
  })
})
