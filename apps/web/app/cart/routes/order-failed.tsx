/**
 * /order/failed: the payment did not go through (a declined card). The order stays in its payment
 * step with its items held; the shopper tries another card or another way to pay.
 */
import { Link, redirect } from 'react-router'
import type { SiteHandle } from '../../site/handle.ts'
import { publicOrder } from '../cart.server.ts'
import { OrderSummary } from '../order-summary.tsx'
import { loadOrderForPage } from '../placed-order.server.ts'
import { FIND_YOUR_ORDER, WhichOrder } from '../which-order.tsx'
import type { Route } from './+types/order-failed'
import '../cart.css'
import { pageTitle } from '../../site/brand.ts'

export const handle: SiteHandle = { routeName: 'order-failed' }

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(data?.order ? 'Payment failed' : FIND_YOUR_ORDER) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ url, context }: Route.LoaderArgs) {
  const { order, asked } = await loadOrderForPage(url, context)
  if (!order) return { order: null, asked }
  if (order.state === 'complete') throw redirect(`/order/confirmation?number=${order.number}`)
  return { order: publicOrder(order), asked }
}

export default function OrderFailed({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData
  if (!order) {
    return (
      <WhichOrder
        asked={loaderData.asked}
        about="This page tells why the payment for an order placed in this browser did not go through."
      />
    )
  }
  const failed = [...order.payments].reverse().find((payment) => payment.state === 'failed')
  return (
    <>
      <h1 className="order-page__title">Your payment did not go through</h1>
      <p className="order-page__lead" role="alert">
        {failed?.failure_reason ?? 'The payment could not be completed.'}
      </p>
      <p>Nothing was charged. Your items are still held for you, so you can try again.</p>
      <div className="order-page__actions">
        <Link to="/checkout?step=payment" className="button">
          Try again
        </Link>
        <Link to="/cart" className="button button--ghost">
          Back to your bag
        </Link>
      </div>
      <OrderSummary order={order} caption={`Order ${order.number}`} />
    </>
  )
}
