/**
 * The coupon entry of the cart and the checkout: a percent coupon reads "N% on full basket"
 * (spec 3), and a wrong code says so clearly. Posts to the /cart action, with or without JavaScript;
 * on the checkout without JavaScript it sits inside the open step's form instead (CheckoutCoupon),
 * so that what was typed in that step comes back with the coupon's answer.
 * Applying or removing swaps the form, so focus follows: to the applied coupon, or back to the field.
 */
import type { CouponJson } from '@fanshop/core'
import { useEffect, useId, useRef } from 'react'
import { useFetcher } from 'react-router'
import type { CartActionResult } from './cart.server.ts'

/** The field that names the coupon's intent inside a checkout step's form, beside the step's own intent. */
export const COUPON_INTENT_FIELD = 'coupon_intent'

const couponIntent = (coupon: CouponJson | null) => (coupon ? 'remove-coupon' : 'coupon')

const couponFormClass = (coupon: CouponJson | null) =>
  coupon ? 'coupon-form coupon-form--applied' : 'coupon-form'

export function CouponForm({ coupon, result }: { coupon: CouponJson | null; result?: CartActionResult }) {
  const fetcher = useFetcher<CartActionResult>()
  const outcome = fetcher.data ?? result
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form method="post" action="/cart" className={couponFormClass(coupon)}>
      <input type="hidden" name="intent" value={couponIntent(coupon)} />
      <CouponControls coupon={coupon} error={busy ? undefined : outcome?.couponError} busy={busy} />
    </fetcher.Form>
  )
}

/**
 * The coupon inside a checkout step's form, for a page without JavaScript: its button posts the
 * step's form to the checkout with the coupon's intent in COUPON_INTENT_FIELD, and the field is
 * optional there, so that the step's own button is not held back by an empty coupon.
 */
export function CheckoutCoupon({ coupon, error }: { coupon: CouponJson | null; error?: string }) {
  return (
    <div className={couponFormClass(coupon)}>
      <CouponControls coupon={coupon} error={error} busy={false} inStepForm />
    </div>
  )
}

function CouponControls({
  coupon,
  error,
  busy,
  inStepForm = false,
}: {
  coupon: CouponJson | null
  error: string | undefined
  busy: boolean
  inStepForm?: boolean
}) {
  const inputId = useId()
  const errorId = useId()
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
  const submit = inStepForm
    ? { name: COUPON_INTENT_FIELD, value: couponIntent(coupon), formNoValidate: true }
    : {}
  if (coupon) {
    return (
      <>
        <input type="hidden" name="coupon_code" value={coupon.code} />
        <p className="coupon-form__applied" ref={land} tabIndex={-1}>
          Coupon <strong>{coupon.code}</strong>: {coupon.description}
        </p>
        <button type="submit" className="button button--ghost button--small" disabled={busy} {...submit}>
          Remove
        </button>
      </>
    )
  }
  return (
    <>
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
          required={!inStepForm}
          maxLength={50}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="coupon-form__input"
        />
        <button type="submit" className="button button--small" disabled={busy} {...submit}>
          Apply
        </button>
      </div>
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  )
}
