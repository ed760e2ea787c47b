/**
 * /order/confirmation: where a placed order lands. The order number (copyable), where the
 * confirmation e-mail went, the transfer details for a bank transfer, and the order summary.
 */
import { Link, redirect } from 'react-router'
import type { SiteHandle } from '../../site/handle.ts'
import { publicOrder } from '../cart.server.ts'
import { CopyOrderNumber } from '../copy-order-number.tsx'
import { OrderAddress } from '../order-address.tsx'
import { OrderSummary } from '../order-summary.tsx'
import { loadOrderForPage } from '../placed-order.server.ts'
import { FIND_YOUR_ORDER, WhichOrder } from '../which-order.tsx'
import type { Route } from './+types/order-confirmation'
import '../cart.css'
import { pageTitle } from '../../site/brand.ts'

export const handle: SiteHandle = { routeName: 'order-confirmation' }

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(data?.order ? 'Order confirmed' : FIND_YOUR_ORDER) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ url, context }: Route.LoaderArgs) {
  const { order, asked } = await loadOrderForPage(url, context)
  if (!order) return { order: null, asked }
  if (order.state !== 'complete') throw redirect('/checkout')
  return { order: publicOrder(order), asked }
}

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData
  if (!order) {
    return <WhichOrder asked={loaderData.asked} about="This page confirms an order placed in this browser." />
  }
  const payment = order.payments.at(-1)
  const method = order.payment_methods.find((m) => m.id === payment?.payment_method_id)
  return (
    <>
      <h1 className="order-page__title">Thank you! Your order is confirmed</h1>
      <CopyOrderNumber number={order.number} />
      <p className="order-page__lead">
        A confirmation e-mail is on its way to <strong>{order.email}</strong>.
      </p>
      {order.payment_state === 'balance_due' && method ? (
        <div className="order-page__notice">
          <h2>Pay by bank transfer</h2>
          <p>{method.description}</p>
          <p>
            Amount: <strong>{order.display_total}</strong> · Reference: <strong>{order.number}</strong>
          </p>
        </div>
      ) : null}
      <div className="order-page__grid">
        <OrderSummary order={order} caption={`Order ${order.number}`} />
        <div>
          <h2 className="order-page__subtitle">Delivery to</h2>
          <OrderAddress address={order.ship_address} />
        </div>
      </div>
      <div className="order-page__actions">
        <Link to={`/thank-you?number=${order.number}`} className="button">
          Continue
        </Link>
        <Link to={`/order/details?number=${order.number}`} className="button button--ghost">
          Order details
        </Link>
      </div>
    </>
  )
}
