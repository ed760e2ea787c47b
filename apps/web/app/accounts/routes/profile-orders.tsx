/**
 * /profile/orders: the order history (spec 7: order/list, newest first), one row per order with
 * its number (leading to the order's page), date, state (as the order's page words it), items and
 * total; an empty history leads to the shop.
 */
import { cartEndpoints, type OrderSummaryJson } from '@fanshop/core'
import { Link } from 'react-router'
import { callData } from '../../api.server.ts'
import { orderDate, orderStatus } from '../../cart/order-status.ts'
import { pageTitle } from '../../site/brand.ts'
import { requireUser } from '../session.server.ts'
import type { Route } from './+types/profile-orders'

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your orders') },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ url, context }: Route.LoaderArgs) {
  const { token } = await requireUser(url, context)
  return { orders: (await callData(context, cartEndpoints.orderHistory, { token })).data }
}

function OrderRow({ order }: { order: OrderSummaryJson }) {
  const items = order.items.map((item) => `${item.quantity} × ${item.name}`).join(', ')
  return (
    <li className="order-row">
      <p className="order-row__number">
        <Link to={`/order/details?number=${order.number}`}>Order {order.number}</Link>
      </p>
      <p className="order-row__total">{order.display_total}</p>
      <p className="order-row__date">{orderDate(order.completed_at)}</p>
      <p className="order-row__state">{orderStatus(order)}</p>
      <p className="order-row__items">{items}</p>
    </li>
  )
}

export default function ProfileOrders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData
  return (
    <div className="profile-card">
      <h2 className="profile-card__title">Your orders</h2>
      {orders.length === 0 ? (
        <div className="profile-empty">
          <p>You have not ordered anything yet.</p>
          <Link to="/shop" className="button">
            BRING ME TO THE SHOP
          </Link>
        </div>
      ) : (
        <ul className="order-rows">
          {orders.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </ul>
      )}
    </div>
  )
}
