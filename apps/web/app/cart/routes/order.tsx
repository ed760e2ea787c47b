/** /order: the frame of the order pages (spec 2: children confirmation, details and failed). */
import { Outlet, redirect } from 'react-router'
import type { Route } from './+types/order'
import '../cart.css'

export async function loader({ url }: Route.LoaderArgs) {
  if (url.pathname.replace(/\/$/, '') === '/order') throw redirect('/profile/orders')
  return null
}

export default function OrderPages() {
  return (
    <section className="order-page">
      <Outlet />
    </section>
  )
}
