/** /thank-you: the goodbye after an order, with its number to copy (spec 2: copy-to-clipboard confirmation). */
import { Link } from 'react-router'
import type { SiteHandle } from '../../site/handle.ts'
import { CopyOrderNumber } from '../copy-order-number.tsx'
import { loadOrderForPage } from '../placed-order.server.ts'
import { FIND_YOUR_ORDER, WhichOrder } from '../which-order.tsx'
import type { Route } from './+types/thank-you'
import '../cart.css'
import { pageTitle } from '../../site/brand.ts'

export const handle: SiteHandle = { routeName: 'thank-you' }

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(data?.found ? 'Thank you' : FIND_YOUR_ORDER) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ url, context }: Route.LoaderArgs) {
  const { order, asked } = await loadOrderForPage(url, context)
  if (!order) return { found: false as const, asked }
  return {
    found: true as const,
    number: order.number,
    email: order.email,
    placed: order.state === 'complete',
  }
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <section className="thank-you">
        <WhichOrder
          asked={loaderData.asked}
          about="This page thanks you for an order placed in this browser."
        />
      </section>
    )
  }
  return (
    <section className="thank-you">
      <h1 className="thank-you__title">Thank you</h1>
      <p className="thank-you__lead">
        Every order backs the tour, the band and the kids’ academy. We are packing yours with care.
      </p>
      <CopyOrderNumber number={loaderData.number} />
      {loaderData.email ? (
        <p>
          Questions about it? Reply to the confirmation e-mail sent to <strong>{loaderData.email}</strong>.
        </p>
      ) : null}
      <div className="order-page__actions">
        <Link to="/shop" className="button">
          Keep shopping
        </Link>
        <Link to={`/order/details?number=${loaderData.number}`} className="button button--ghost">
          Order details
        </Link>
      </div>
    </section>
  )
}
