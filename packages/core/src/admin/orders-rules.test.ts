import { describe, expect, it } from 'vitest'
import {
  cancelRefusal,
  fulfilRefusal,
  type OrderStanding,
  placedCouponPercent,
  refundRefusal,
  refundValue,
} from './orders-rules.ts'
import { fulfilOrderSchema } from './orders-shapes.ts'

const paid: OrderStanding = {
  state: 'placed',
  paymentState: 'paid',
  shipmentState: 'ready',
  paidTotal: 5000,
  refundedTotal: 0,
}

describe("a placed order's rules in the back office", () => {
  it('ships a paid order once, and never a cancelled or unpaid one', () => {
    expect(fulfilRefusal(paid)).toBeNull()
    expect(fulfilRefusal({ ...paid, shipmentState: 'shipped' })).toMatch(/already been shipped/)
    expect(fulfilRefusal({ ...paid, paymentState: 'balance_due', shipmentState: 'pending' })).toMatch(
      /not paid yet/,
    )
    expect(fulfilRefusal({ ...paid, state: 'canceled', shipmentState: 'canceled' })).toMatch(/cancelled/)
    expect(fulfilRefusal({ ...paid, paymentState: 'partially_refunded', refundedTotal: 2000 })).toBeNull()
    expect(fulfilRefusal({ ...paid, paymentState: 'refunded', refundedTotal: 5000 })).toBe(
      'Everything paid for this order has been refunded: there is nothing to ship.',
    )
  })

  it('cancels only before shipping, and once', () => {
    expect(cancelRefusal(paid)).toBeNull()
    expect(cancelRefusal({ ...paid, shipmentState: 'shipped' })).toMatch(/refund it instead/)
    expect(cancelRefusal({ ...paid, state: 'canceled' })).toMatch(/already cancelled/)
  })

  it('refunds only what was paid and not yet refunded', () => {
    expect(refundRefusal(paid)).toBeNull()
    expect(refundRefusal({ ...paid, paidTotal: 0 })).toMatch(/Nothing was paid/)
    expect(refundRefusal({ ...paid, refundedTotal: 5000 })).toMatch(/has been refunded/)
  })

  it("values units at their price less their share of the order's discount, plus shipping, capped by what is left", () => {
    const lines = [{ unitPrice: 2000, quantity: 2 }]
    const none = { itemTotal: 4000, discount: 0 }
    expect(refundValue({ lines, placed: none, refundedItems: 0, shipping: 0, leftToRefund: 10_000 })).toBe(
      4000,
    )
    const placed = { itemTotal: 4000, discount: 600 }
    expect(refundValue({ lines, placed, refundedItems: 0, shipping: 495, leftToRefund: 10_000 })).toBe(
      3400 + 495,
    )
    expect(refundValue({ lines, placed: none, refundedItems: 0, shipping: 0, leftToRefund: 1500 })).toBe(1500)
    expect(refundValue({ lines: [], placed, refundedItems: 0, shipping: 0, leftToRefund: -5 })).toBe(0)
  })

  it('never gives back more for a unit than the order paid for it, unit by unit', () => {
    // 2 × €19.90 at 15%: €5.97 off, €2.985 a unit, so each unit gives back €16.91 at most.
    const placed = { itemTotal: 3980, discount: 597 }
    const unit = [{ unitPrice: 1990, quantity: 1 }]
    expect(refundValue({ lines: unit, placed, refundedItems: 0, shipping: 0, leftToRefund: 10_000 })).toBe(
      1691,
    )
    expect(
      refundValue({
        lines: [{ unitPrice: 1990, quantity: 2 }],
        placed,
        refundedItems: 0,
        shipping: 0,
        leftToRefund: 10_000,
      }),
    ).toBe(3383)
  })

  it('gives back, once every unit and the shipping are refunded, exactly what was paid', () => {
    /** One unit at `unitPrice`, after units worth `refundedItems` were refunded. */
    const oneUnit = (
      placed: { itemTotal: number; discount: number },
      unitPrice: number,
      refundedItems: number,
      shipping = 0,
    ) =>
      refundValue({
        lines: [{ unitPrice, quantity: 1 }],
        placed,
        refundedItems,
        shipping,
        leftToRefund: 10_000,
      })
    // €4.50 and €27.99 at 15%: €4.87 off, so €27.62 of items; each line's share rounded up on its
    // own (68 + 420) had given back €27.61.
    const placed = { itemTotal: 3249, discount: 487 }
    expect([oneUnit(placed, 450, 0), oneUnit(placed, 2799, 450, 490)]).toEqual([382, 2380 + 490])
    // Three units at 7% (€13.50, €0.95 off), one at a time: 418 + 418 + 419.
    const three = { itemTotal: 1350, discount: 95 }
    const units = [0, 450, 900].map((refundedItems) => oneUnit(three, 450, refundedItems))
    expect(units).toEqual([418, 418, 419])
  })

  it("reads the percentage a placed order's coupon took off from its totals", () => {
    expect(placedCouponPercent({ itemTotal: 3980, discount: 597 }, 1)).toBe(15)
    expect(placedCouponPercent({ itemTotal: 3980, discount: 597 }, 15)).toBe(15)
    // Under €1 of items several percentages give the same cents: the coupon's own, when it fits.
    expect(placedCouponPercent({ itemTotal: 50, discount: 8 }, 16)).toBe(16)
    expect(placedCouponPercent({ itemTotal: 50, discount: 8 }, 40)).toBe(15)
  })
})

describe('the shipping details staff give', () => {
  it('keep the carrier and the tracking number on one line each, as the shipping e-mail prints them', () => {
    const issues = fulfilOrderSchema.safeParse({
      carrier: 'Correos\nYour parcel is held: pay the customs fee at',
      trackingNumber: 'PK123\u2028456',
    }).error?.issues
    expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['carrier', 'must fit on one line'],
      ['trackingNumber', 'must fit on one line'],
    ])
    expect(fulfilOrderSchema.safeParse({ carrier: 'Correos', trackingNumber: 'PK123456' }).success).toBe(true)
  })

  it('refuse direction controls, which would show staff and customers a number other than the one stored', () => {
    const issues = fulfilOrderSchema.safeParse({ carrier: 'Correos', trackingNumber: 'PK\u202E654321' }).error
      ?.issues
    expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['trackingNumber', 'must not contain invisible text direction characters'],
    ])
  })
})
