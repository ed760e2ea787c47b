import { describe, expect, it } from 'vitest'
import { orderStatus } from './order-status.ts'

describe('how an order reads to the shopper', () => {
  it('tells a cancelled or refunded order from one still on its way', () => {
    const placed = { state: 'complete' } as const
    expect(orderStatus({ ...placed, payment_state: 'paid', shipment_state: 'ready' })).toBe(
      'Paid: being packed',
    )
    expect(orderStatus({ ...placed, payment_state: 'refunded', shipment_state: 'canceled' })).toBe(
      'Cancelled and refunded',
    )
    expect(orderStatus({ ...placed, payment_state: 'void', shipment_state: 'canceled' })).toBe('Cancelled')
    expect(orderStatus({ ...placed, payment_state: 'partially_refunded', shipment_state: 'shipped' })).toBe(
      'Shipped, partly refunded',
    )
  })
})
