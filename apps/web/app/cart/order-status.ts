/** How an order's state reads to the shopper on the order pages. */
import type { OrderJson } from '@fanshop/core'

export function orderStatus(order: Pick<OrderJson, 'state' | 'payment_state' | 'shipment_state'>): string {
  if (order.state !== 'complete')
    return order.payment_state === 'failed' ? 'Payment failed' : 'Not placed yet'
  if (order.shipment_state === 'canceled')
    return order.payment_state === 'refunded' ? 'Cancelled and refunded' : 'Cancelled'
  if (order.payment_state === 'balance_due') return 'Placed: waiting for your bank transfer'
  const refund =
    order.payment_state === 'refunded'
      ? ', refunded'
      : order.payment_state === 'partially_refunded'
        ? ', partly refunded'
        : ''
  if (order.shipment_state === 'shipped') return `Shipped${refund}`
  return `Paid: being packed${refund}`
}

/** "21 November 2026" */
export function orderDate(iso: string | null): string {
  if (!iso) return ''
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso))
}
