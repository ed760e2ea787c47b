/**
 * The fixed buy bar (spec 2; at the bottom on phones): the price of what is chosen and the
 * "Add to cart" button of a plain POST form to /cart/add (the cart domain's action) carrying
 * variant_id: the chosen variation, or the simple product itself. The quantity field elsewhere
 * on the page belongs to this form. Until a variation is chosen the button is disabled and
 * says what is missing; a sold-out choice says so. The page checks the quantity as it is sent
 * (`onSubmit`); without JavaScript the server answers a quantity above the stock. Reaching for
 * the button fetches the cart panel's code, which the page after the add opens. A second press
 * while the add is on its way is not sent: an add without a bag makes one, and a second would
 * make another, holding its units for an hour in a bag the visitor never sees.
 */
import type { Purchasable } from '@fanshop/core'
import { type FormEvent, useEffect, useId, useRef } from 'react'
import { euro } from './price.tsx'

export function BuyBar(props: {
  formId: string
  name: string
  price: string
  offer: Purchasable
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void
}) {
  const hintId = useId()
  const { offer } = props
  const sending = useRef(false)
  useEffect(() => {
    // A page the back button restores from the browser's cache may add again.
    const restored = () => {
      sending.current = false
    }
    window.addEventListener('pageshow', restored)
    return () => window.removeEventListener('pageshow', restored)
  }, [])
  function submit(event: FormEvent<HTMLFormElement>) {
    if (sending.current) {
      event.preventDefault()
      return
    }
    props.onSubmit?.(event)
    if (!event.defaultPrevented) sending.current = true
  }
  const hint =
    offer.state === 'choose'
      ? `Choose ${offer.missing.join(' and ').toLowerCase()}`
      : offer.state === 'soldout'
        ? 'This choice is sold out'
        : null
  return (
    <form id={props.formId} method="post" action="/cart/add" className="buy-bar" noValidate onSubmit={submit}>
      {offer.state === 'ready' ? <input type="hidden" name="variant_id" value={offer.variantId} /> : null}
      <div className="buy-bar__summary">
        <span className="buy-bar__name">{props.name}</span>
        <span className="buy-bar__price">{props.price ? euro(props.price) : null}</span>
        {hint ? (
          <span id={hintId} className="buy-bar__hint">
            {hint}
          </span>
        ) : null}
      </div>
      <button
        type="submit"
        className="button buy-bar__button"
        disabled={offer.state !== 'ready'}
        aria-describedby={hint ? hintId : undefined}
        data-panel-trigger="cart"
      >
        {offer.state === 'soldout' ? 'Sold out' : 'Add to cart'}
      </button>
    </form>
  )
}
