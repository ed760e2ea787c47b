import { describe, expect, it } from 'vitest'
import {
  cancelRefusal,
  fulfilRefusal,
  type OrderStanding,
  refundRefusal,
  refundValue,
} from './orders-rules.ts'

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

  it("values units at their price less the order's coupon, plus shipping, capped by what is left", () => {
    const lines = [{ unitPrice: 2000, quantity: 2 }]
    expect(refundValue({ lines, couponPercent: null, shipping: 0, leftToRefund: 10_000 })).toBe(4000)
    expect(refundValue({ lines, couponPercent: 15, shipping: 495, leftToRefund: 10_000 })).toBe(3400 + 495)
    expect(refundValue({ lines, couponPercent: null, shipping: 0, leftToRefund: 1500 })).toBe(1500)
    expect(refundValue({ lines: [], couponPercent: null, shipping: 0, leftToRefund: -5 })).toBe(0)
  })
})
