/**
 * What an order page (thank-you, confirmation, details, payment failed) shows when it cannot tell
 * which order is meant: why, and the order lookup. The lookup's form and its checks (conform, zod)
 * load only when it shows: the server renders it whole, and the browser keeps that HTML until the
 * code arrives, so the page every buyer sees after paying does not carry them.
 */
import { Suspense } from 'react'
import { lazyNamed } from '../site/lazy-named.ts'

const OrderLookupForm = lazyNamed(() => import('./order-lookup-form.tsx'), 'OrderLookupForm')

/** The heading and title of every order page that cannot tell which order is meant, and of the lookup. */
export const FIND_YOUR_ORDER = 'Find your order'

export function WhichOrder(props: { asked: string | null; about: string }) {
  return (
    <>
      <h1 className="order-page__title">{FIND_YOUR_ORDER}</h1>
      <Suspense fallback={null}>
        <OrderLookupForm number={props.asked}>
          {props.asked
            ? `Order ${props.asked} cannot be opened in this browser. `
            : `${props.about} We cannot tell which order you mean. `}
          Enter the order number from your confirmation e-mail and the e-mail address you ordered with.
        </OrderLookupForm>
      </Suspense>
    </>
  )
}
