import { describe, expect, it } from 'vitest'
import { toCents } from '../money.ts'
import { computeTotals, describeDiscount, lineAmount, percentOf, shippingCost } from './totals.ts'

describe('lineAmount', () => {
  it('is unit price times quantity: 3 × €9.99 is €29.97', () => {
    expect(lineAmount({ unitPrice: toCents('9.99'), quantity: 3 })).toBe(2997)
  })
  it('uses the variant price rounded to 2 decimals', () => {
    expect(lineAmount({ unitPrice: toCents('19.999'), quantity: 2 })).toBe(4000)
  })
  it('refuses fractional cents and quantities', () => {
    expect(() => lineAmount({ unitPrice: 9.5, quantity: 1 })).toThrow(RangeError)
    expect(() => lineAmount({ unitPrice: 999, quantity: 1.5 })).toThrow(RangeError)
  })
})

describe('percentOf', () => {
  it('rounds half up to the cent: 15% of €33.33 is €5.00', () => {
    expect(percentOf(3333, 15)).toBe(500)
  })
  it('rounds down below half a cent', () => {
    expect(percentOf(3331, 15)).toBe(500)
    expect(percentOf(3329, 15)).toBe(499)
  })
  it('refuses percentages outside 0–100', () => {
    expect(() => percentOf(1000, 101)).toThrow(RangeError)
  })
})

describe('computeTotals', () => {
  it('sums the lines and counts the items', () => {
    const totals = computeTotals({
      lines: [
        { unitPrice: 999, quantity: 3 },
        { unitPrice: 2990, quantity: 1 },
      ],
    })
    expect(totals).toEqual({ itemCount: 4, itemTotal: 5987, adjustmentTotal: 0, shipTotal: 0, total: 5987 })
  })

  it('takes a 15% coupon off the full basket of €33.33', () => {
    const totals = computeTotals({
      lines: [{ unitPrice: 3333, quantity: 1 }],
      discount: { type: 'percent', amount: 15 },
    })
    expect(totals.adjustmentTotal).toBe(-500)
    expect(totals.total).toBe(2833)
  })

  it('adds shipping when it is above 0', () => {
    const totals = computeTotals({ lines: [{ unitPrice: 999, quantity: 3 }], shipping: 490 })
    expect(totals.shipTotal).toBe(490)
    expect(totals.total).toBe(3487)
  })

  it('adds nothing for free shipping', () => {
    const totals = computeTotals({ lines: [{ unitPrice: 999, quantity: 3 }], shipping: 0 })
    expect(totals.shipTotal).toBe(0)
    expect(totals.total).toBe(2997)
  })

  it('applies the discount before shipping, never to it', () => {
    const totals = computeTotals({
      lines: [{ unitPrice: 10000, quantity: 1 }],
      discount: { type: 'percent', amount: 10 },
      shipping: 500,
    })
    expect(totals).toMatchObject({ itemTotal: 10000, adjustmentTotal: -1000, shipTotal: 500, total: 9500 })
  })

  it('is all zeros for an empty cart', () => {
    expect(computeTotals({ lines: [], discount: { type: 'percent', amount: 15 } })).toEqual({
      itemCount: 0,
      itemTotal: 0,
      adjustmentTotal: 0,
      shipTotal: 0,
      total: 0,
    })
  })
})

describe('shippingCost', () => {
  it('charges the method cost below the free-shipping threshold', () => {
    expect(shippingCost({ cost: 490, freeAbove: 10000 }, 9999)).toBe(490)
  })
  it('is free from the threshold on', () => {
    expect(shippingCost({ cost: 490, freeAbove: 10000 }, 10000)).toBe(0)
  })
  it('always charges a method without a threshold', () => {
    expect(shippingCost({ cost: 990, freeAbove: null }, 1_000_000)).toBe(990)
  })
})

describe('describeDiscount', () => {
  it('reads "N% on full basket"', () => {
    expect(describeDiscount({ type: 'percent', amount: 15 })).toBe('15% on full basket')
  })
})
