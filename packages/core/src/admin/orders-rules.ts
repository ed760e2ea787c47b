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
  if (order.paymentState === 'refunded')
    return 'Everything paid for this order has been refunded: there is nothing to ship.'
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
 * changes nothing), plus the shipping; never more than is left of what was paid. The share is
 * counted over every unit refunded so far, this refund's included, less what earlier refunds took:
 * rounded up on that running sum, the units refunded never give back more than was paid for them,
 * and once every unit is refunded the shares add up to the discount to the cent (each refund's
 * share rounded up on its own had kept a cent of a discounted order now and then).
 */
export function refundValue(input: {
  lines: { unitPrice: Cents; quantity: number }[]
  /** The order's totals as placed: its item total and the discount taken off it (positive). */
  placed: { itemTotal: Cents; discount: Cents }
  /** The price of the order's units refunded (or being refunded) before this refund. */
  refundedItems: Cents
  shipping: Cents
  leftToRefund: Cents
}): Cents {
  const items = linesTotal(input.lines)
  const { itemTotal, discount } = input.placed
  const shareOf = (value: Cents) => (itemTotal > 0 ? Math.ceil((discount * value) / itemTotal) : 0)
  const share = shareOf(input.refundedItems + items) - shareOf(input.refundedItems)
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
