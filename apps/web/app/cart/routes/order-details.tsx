/** /order/details?number=: one order in full, for its owner or the browser that placed it. */
import { Link } from 'react-router'
import { pageTitle } from '../../site/brand.ts'
import type { SiteHandle } from '../../site/handle.ts'
import { publicOrder } from '../cart.server.ts'
import { OrderAddress } from '../order-address.tsx'
import { orderDate, orderStatus } from '../order-status.ts'
import { OrderSummary } from '../order-summary.tsx'
import { loadOrderForPage } from '../placed-order.server.ts'
import { FIND_YOUR_ORDER, WhichOrder } from '../which-order.tsx'
import type { Route } from './+types/order-details'
import '../cart.css'

export const handle: SiteHandle = { routeName: 'order-details' }

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(data?.order ? `Order ${data.order.number}` : FIND_YOUR_ORDER) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ url, context }: Route.LoaderArgs) {
  const { order, asked } = await loadOrderForPage(url, context)
  return { order: order && publicOrder(order), asked }
}

export default function OrderDetails({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData
  if (!order) {
    return <WhichOrder asked={loaderData.asked} about="This page shows the details of one of your orders." />
  }
  const payment = order.payments.at(-1)
  return (
    <>
      <h1 className="order-page__title">Order {order.number}</h1>
      <dl className="order-facts">
        <div>
          <dt>Status</dt>
          <dd>{orderStatus(order)}</dd>
        </div>
        {order.completed_at ? (
          <div>
            <dt>Placed on</dt>
            <dd>{orderDate(order.completed_at)}</dd>
          </div>
        ) : null}
        <div>
          <dt>E-mail</dt>
          <dd>{order.email}</dd>
        </div>
        {payment ? (
          <div>
            <dt>Payment</dt>
            <dd>
              {payment.payment_method.name}
              {payment.source ? ` ending in ${payment.source.last_digits}` : ''} · {payment.display_amount}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="order-page__grid">
        <OrderSummary order={order} caption="Items and totals" />
        <div>
          <h2 className="order-page__subtitle">Delivery to</h2>
          <OrderAddress address={order.ship_address} />
          <h2 className="order-page__subtitle">Invoice to</h2>
          <OrderAddress address={order.bill_address} />
        </div>
      </div>
      <div className="order-page__actions">
        <Link to="/profile/orders" className="button button--ghost">
          All your orders
        </Link>
        <Link to="/shop" className="button">
          Keep shopping
        </Link>
      </div>
    </>
  )
}
