/**
 * The coupon entry of the cart and the checkout: a percent coupon reads "N% on full basket"
 * (spec 3), and a wrong code says so clearly. Posts to the /cart action, with or without JavaScript.
 * Applying or removing swaps the form, so focus follows: to the applied coupon, or back to the field.
 */
import type { CouponJson } from '@fanshop/core'
import { useEffect, useId, useRef } from 'react'
import { useFetcher } from 'react-router'
import type { CartActionResult } from './cart.server.ts'

export function CouponForm({ coupon, result }: { coupon: CouponJson | null; result?: CartActionResult }) {
  const fetcher = useFetcher<CartActionResult>()
  const inputId = useId()
  const errorId = useId()
  const outcome = fetcher.data ?? result
  const error = fetcher.state === 'idle' ? outcome?.couponError : undefined
  const landing = useRef<HTMLElement | null>(null)
  const land = (element: HTMLElement | null) => {
    landing.current = element
  }
  const shownCode = useRef(coupon?.code)
  useEffect(() => {
    if (shownCode.current === coupon?.code) return
    shownCode.current = coupon?.code
    const active = document.activeElement
    if (!active || active === document.body || !active.isConnected) landing.current?.focus()
  }, [coupon?.code])
  if (coupon) {
    return (
      <fetcher.Form method="post" action="/cart" className="coupon-form coupon-form--applied">
        <input type="hidden" name="intent" value="remove-coupon" />
        <input type="hidden" name="coupon_code" value={coupon.code} />
        <p className="coupon-form__applied" ref={land} tabIndex={-1}>
          Coupon <strong>{coupon.code}</strong>: {coupon.description}
        </p>
        <button
          type="submit"
          className="button button--ghost button--small"
          disabled={fetcher.state !== 'idle'}
        >
          Remove
        </button>
      </fetcher.Form>
    )
  }
  return (
    <fetcher.Form method="post" action="/cart" className="coupon-form">
      <input type="hidden" name="intent" value="coupon" />
      <label htmlFor={inputId} className="coupon-form__label">
        Coupon code
      </label>
      <div className="coupon-form__row">
        <input
          id={inputId}
          ref={land}
          name="coupon_code"
          autoComplete="off"
          autoCapitalize="characters"
          required
          maxLength={50}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="coupon-form__input"
        />
        <button type="submit" className="button button--small" disabled={fetcher.state !== 'idle'}>
          Apply
        </button>
      </div>
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  )
}
