/**
 * The rules of a placed order's life in the back office, once for the API and the order page:
 * what may be done to it in its state, and what a refund of some lines is worth.
 */
import type { PaymentState, ShipmentState } from '../cart/checkout.ts'
import { linesTotal, percentOf } from '../cart/totals.ts'
import type { Cents } from '../money.ts'
import type { AdminOrderState } from './orders-shapes.ts'

export interface OrderStanding {
  state: AdminOrderState
  paymentState: PaymentState | null
  shipmentState: ShipmentState | null
  paidTotal: Cents
  refundedTotal: Cents
}

/** Why an action is refused now (409), or null when it may be done. */
export function fulfilRefusal(order: OrderStanding): string | null {
  if (order.state === 'canceled') return 'This order is cancelled: there is nothing to ship.'
  if (order.shipmentState === 'shipped') return 'This order has already been shipped.'
  if (order.shipmentState !== 'ready') return 'This order is not paid yet: ship it once the payment arrives.'
  return null
}

export function cancelRefusal(order: OrderStanding): string | null {
  if (order.state === 'canceled') return 'This order is already cancelled.'
  if (order.shipmentState === 'shipped')
    return 'This order has been shipped: refund it instead of cancelling.'
  return null
}

export function refundRefusal(order: OrderStanding): string | null {
  if (order.paidTotal === 0) return 'Nothing was paid for this order, so there is nothing to refund.'
  if (order.refundedTotal >= order.paidTotal) return 'Everything paid for this order has been refunded.'
  return null
}

/**
 * What refunding these units (and the shipping) gives back: their price less the order's coupon
 * percentage, as the order's totals took it off, plus the shipping; never more than is left of
 * what was paid.
 */
export function refundValue(input: {
  lines: { unitPrice: Cents; quantity: number }[]
  couponPercent: number | null
  shipping: Cents
  leftToRefund: Cents
}): Cents {
  const items = linesTotal(input.lines)
  const discount = input.couponPercent === null ? 0 : percentOf(items, input.couponPercent)
  return Math.max(0, Math.min(items - discount + input.shipping, input.leftToRefund))
}
