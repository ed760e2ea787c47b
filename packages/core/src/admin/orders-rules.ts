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
 * What refunding these units (and the shipping) gives back: their price less their share of the
 * discount the order paid with (its stored item total and discount, so a coupon edited since
 * changes nothing), that share rounded up so the units never give back more than was paid for
 * them, plus the shipping; never more than is left of what was paid.
 */
export function refundValue(input: {
  lines: { unitPrice: Cents; quantity: number }[]
  /** The order's totals as placed: its item total and the discount taken off it (positive). */
  placed: { itemTotal: Cents; discount: Cents }
  shipping: Cents
  leftToRefund: Cents
}): Cents {
  const items = linesTotal(input.lines)
  const { itemTotal, discount } = input.placed
  const share = itemTotal > 0 ? Math.ceil((discount * items) / itemTotal) : 0
  return Math.max(0, Math.min(items - share + input.shipping, input.leftToRefund))
}

/**
 * The whole percentage a placed order's coupon took off, read from the order's stored totals (the
 * coupon itself may have been edited since): the percent that gives that discount on that item
 * total. From €1 of items only one does; below, `hint` (the coupon's percentage now) when it fits.
 */
export function placedCouponPercent(placed: { itemTotal: Cents; discount: Cents }, hint: number): number {
  const fits = (percent: number) => percentOf(placed.itemTotal, percent) === placed.discount
  if (fits(hint)) return hint
  for (let percent = 0; percent <= 100; percent += 1) if (fits(percent)) return percent
  return placed.itemTotal > 0 ? Math.round((placed.discount * 100) / placed.itemTotal) : hint
}
