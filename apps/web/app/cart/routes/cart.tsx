/**
 * /cart: the bag in full (spec 2: order summary table, coupon, the hold's time left) and the cart's
 * action, which the panel's controls post to as well: quantity changes, removal (asked first, also
 * without JavaScript), coupons, and the step into the checkout.
 */
import { cartEndpoints } from '@fanshop/core'
import { useEffect, useRef } from 'react'
import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs } from 'react-router'
import { formError } from '../../api.server.ts'
import type { SiteHandle } from '../../site/handle.ts'
import {
  applyCouponCode,
  type CartActionResult,
  cartLines,
  changeQuantity,
  loadCart,
  orderArgs,
  publicOrder,
  removeCouponCode,
  removeLine,
  storeCall,
} from '../cart.server.ts'
import { readCartRef } from '../cart-cookie.server.ts'
import { CartLineItem } from '../cart-line-item.tsx'
import { refusedCartChange } from '../cart-refetch.ts'
import { CouponForm } from '../coupon-form.tsx'
import { HoldTimer } from '../hold-timer.tsx'
import { OrderSummary } from '../order-summary.tsx'
import { ReturnedItems } from '../returned-items.tsx'
import { CART_TEXT, itemCount } from '../texts.ts'
import type { Route } from './+types/cart'
import '../cart.css'
import { pageTitle } from '../../site/brand.ts'

export const handle: SiteHandle = { routeName: 'cart' }

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your bag') },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ context }: Route.LoaderArgs) {
  const order = await loadCart(context)
  return { order: order && publicOrder(order), lines: order ? cartLines(order) : [], serverNow: Date.now() }
}

/** A refused change loads the bag again too (cart-refetch.ts). */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return args.defaultShouldRevalidate || refusedCartChange(args)
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const intent = String(form.get('intent') ?? 'quantity')
  const lineId = Number(form.get('line_id'))
  switch (intent) {
    case 'quantity': {
      const quantity = Number(form.get('quantity'))
      if (!Number.isInteger(lineId) || !Number.isInteger(quantity)) {
        return data<CartActionResult>({ error: CART_TEXT.outOfStock }, { status: 400 })
      }
      if (quantity < 1) return data<CartActionResult>({ confirmRemove: lineId })
      const result = await changeQuantity(context, lineId, quantity)
      return data(result, { status: result.error ? 422 : 200 })
    }
    case 'remove': {
      const result = await removeLine(context, lineId)
      return data(result, { status: result.error ? 422 : 200 })
    }
    case 'keep':
      return data<CartActionResult>({})
    case 'coupon': {
      const { status, ...result } = await applyCouponCode(context, String(form.get('coupon_code') ?? ''))
      return data(result, { status })
    }
    case 'remove-coupon': {
      const { status, ...result } = await removeCouponCode(context, String(form.get('coupon_code') ?? ''))
      return data(result, { status })
    }
    case 'checkout':
      return startCheckout(context)
    default:
      return data<CartActionResult>({ error: `Unknown cart action "${intent}".` }, { status: 400 })
  }
}

/** Moves the cart into the checkout (cart → address) and goes there. */
async function startCheckout(context: Route.ActionArgs['context']) {
  const ref = readCartRef(context)
  if (!ref) return redirect('/cart')
  try {
    const order = await loadCart(context)
    if (order?.state === 'cart') {
      await storeCall(context, cartEndpoints.nextCheckoutStep, orderArgs(ref))
    }
  } catch (error) {
    const refused = formError(error)
    return data<CartActionResult>({ error: refused.message }, { status: refused.statusCode })
  }
  return redirect('/checkout')
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, lines, serverNow } = loaderData
  const count = order?.item_count ?? 0
  // A removed line takes its focused button with it: focus lands on the bag's heading, which says
  // what is left, instead of the page's body.
  const heading = useRef<HTMLHeadingElement>(null)
  const shownLines = useRef(lines.length)
  useEffect(() => {
    const removed = lines.length < shownLines.current
    shownLines.current = lines.length
    const active = document.activeElement
    if (removed && (!active || active === document.body || !active.isConnected)) heading.current?.focus()
  }, [lines.length])
  return (
    <section className="cart-page">
      <h1 className="cart-page__title" ref={heading} tabIndex={-1}>
        {count === 0 ? CART_TEXT.empty : `Your bag · ${itemCount(count)}`}
      </h1>
      {order ? <ReturnedItems expired={order.expired_items} capped={order.capped_items} /> : null}
      {actionData?.error ? (
        <p className="form-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {lines.length === 0 || !order ? (
        <div className="cart-page__empty">
          <p className="cart-panel__notice">{CART_TEXT.holdNotice}</p>
          <Link to="/shop" className="button">
            {CART_TEXT.toShop}
          </Link>
        </div>
      ) : (
        <div className="cart-page__grid">
          <div>
            <ul className="cart-lines cart-lines--page">
              {lines.map((line) => (
                <CartLineItem key={line.id} line={line} imageSizes="96px" unitPrice>
                  {actionData?.confirmRemove === line.id ? <ConfirmRemoveInline lineId={line.id} /> : null}
                </CartLineItem>
              ))}
            </ul>
            <p className="cart-panel__notice">{CART_TEXT.holdNotice}</p>
            {order.expires_at ? <HoldTimer expiresAt={order.expires_at} serverNow={serverNow} /> : null}
          </div>
          <aside className="cart-page__summary" aria-label="Summary">
            <OrderSummary order={order} />
            <CouponForm coupon={order.coupon} result={actionData ?? undefined} />
            <Form method="post">
              <input type="hidden" name="intent" value="checkout" />
              <button type="submit" className="button cart-page__checkout">
                Checkout
              </button>
            </Form>
            <Link to="/shop" className="cart-page__continue">
              Continue shopping
            </Link>
          </aside>
        </div>
      )}
    </section>
  )
}

/** The removal question for visitors without JavaScript (spec 4: remove only on confirmation). */
function ConfirmRemoveInline({ lineId }: { lineId: number }) {
  return (
    <div className="cart-line__confirm" role="alertdialog" aria-labelledby={`confirm-remove-${lineId}`}>
      <p id={`confirm-remove-${lineId}`}>{CART_TEXT.confirmRemove}</p>
      <Form method="post">
        <input type="hidden" name="line_id" value={lineId} />
        <button type="submit" name="intent" value="remove" className="button button--small">
          {CART_TEXT.yesRemove}
        </button>
        <button type="submit" name="intent" value="keep" className="button button--ghost button--small">
          {CART_TEXT.noKeep}
        </button>
      </Form>
    </div>
  )
}
