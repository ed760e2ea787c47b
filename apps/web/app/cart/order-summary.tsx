/**
 * The order summary table of spec 2: a row per product, then Subtotal, Shipping, Payment Method,
 * Coupon Code, the adjustment total and Total, with the euro amounts the API sends; and the
 * collapsible bar that holds it on a phone's checkout.
 */
import { type ReactNode, useId, useState } from 'react'
import { useHydrated } from '../site/use-hydrated.tsx'
import type { PublicOrder } from './cart.server.ts'

export function OrderSummary({ order, caption = 'Order summary' }: { order: PublicOrder; caption?: string }) {
  const rate = order.shipments[0]?.selected_shipping_rate ?? null
  const payment = order.payments.at(-1)
  const method = payment?.payment_method.name ?? null
  return (
    <table className="order-summary">
      <caption>{caption}</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {order.line_items.map((line) => (
          <tr key={line.id} className="order-summary__product">
            <th scope="row">
              <span className="order-summary__name">{line.name}</span>
              {line.variant ? (
                <span className="order-summary__options">
                  {line.variant.option_values.map((option) => option.presentation).join(', ')}
                </span>
              ) : null}
              <span className="order-summary__quantity">
                {line.quantity} × {line.display_price}
              </span>
            </th>
            <td>{line.display_amount}</td>
          </tr>
        ))}
      </tbody>
      <tbody className="order-summary__totals">
        <tr>
          <th scope="row">Subtotal</th>
          <td>{order.display_item_total}</td>
        </tr>
        <tr>
          <th scope="row">Shipping</th>
          <td>{rate ? `${rate.name}: ${rate.display_cost}` : 'Chosen at checkout'}</td>
        </tr>
        <tr>
          <th scope="row">Payment Method</th>
          <td>
            {method ?? 'Chosen at checkout'}
            {payment?.source ? ` ending in ${payment.source.last_digits}` : null}
          </td>
        </tr>
        <tr>
          <th scope="row">Coupon Code</th>
          <td>{order.coupon ? `${order.coupon.code}: ${order.coupon.description}` : 'None'}</td>
        </tr>
        <tr>
          <th scope="row">Adjustment total</th>
          <td>{order.display_adjustment_total}</td>
        </tr>
        <tr className="order-summary__total">
          <th scope="row">Total</th>
          <td>{order.display_total}</td>
        </tr>
      </tbody>
    </table>
  )
}

/**
 * The summary on a phone's checkout: a bar at the top with the total that opens the table (and
 * what goes with it), closed at first so the form comes first; wide screens show it always. Until
 * the page is interactive it stays open.
 */
export function CollapsibleSummary({ total, children }: { total: string; children: ReactNode }) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const contentId = useId()
  const collapsed = hydrated && !open
  return (
    <div className={`summary-bar ${collapsed ? 'summary-bar--collapsed' : ''}`}>
      {hydrated ? (
        <button
          type="button"
          className="summary-bar__toggle"
          aria-expanded={!collapsed}
          aria-controls={contentId}
          onClick={() => setOpen(!open)}
        >
          <span>{collapsed ? 'Show order summary' : 'Hide order summary'}</span>
          <strong className="summary-bar__total">{total}</strong>
        </button>
      ) : null}
      <div id={contentId} className="summary-bar__content">
        {children}
      </div>
    </div>
  )
}
