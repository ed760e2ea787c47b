/**
 * The cart side panel (spec 2): 'NO ITEMS HERE YET' or the count followed by item or items, the
 * lines with their quantity controls, the notice that the bag is kept for 1 hour, and the bottom
 * bar: BRING ME TO THE SHOP (to /shop) when empty, BUY (to /cart) otherwise. The frame loads
 * it when it first opens (site/panels.tsx); cart-flash-answer.tsx opens it after an add to cart.
 */
import { Link } from 'react-router'
import { SidePanel } from '../site/side-panel.tsx'
import { useFrame } from '../site/use-frame.ts'
import type { FrameCart } from './cart.server.ts'
import { CartLineItem } from './cart-line-item.tsx'
import { HoldTimer } from './hold-timer.tsx'
import { ReturnedItems } from './returned-items.tsx'
import { CART_TEXT, itemCount } from './texts.ts'
import './cart.css'

export function CartPanel() {
  const cart = useFrame()?.cart ?? null
  const count = cart?.count ?? 0
  return (
    <SidePanel panel="cart" title={count === 0 ? CART_TEXT.empty : itemCount(count)} className="cart-panel">
      <CartContents cart={cart} />
    </SidePanel>
  )
}

function CartContents({ cart }: { cart: FrameCart | null }) {
  const lines = cart?.lines ?? []
  return (
    <div className="cart-panel__body">
      {cart ? <ReturnedItems expired={cart.expiredItems} capped={cart.cappedItems} /> : null}
      {lines.length > 0 ? (
        <ul className="cart-lines">
          {lines.map((line) => (
            <CartLineItem key={line.id} line={line} imageSizes="72px" />
          ))}
        </ul>
      ) : null}
      <p className="cart-panel__notice">{CART_TEXT.holdNotice}</p>
      {cart?.expiresAt && lines.length > 0 ? (
        <HoldTimer expiresAt={cart.expiresAt} serverNow={cart.serverNow} />
      ) : null}
      <div className="cart-panel__bar">
        {lines.length > 0 ? (
          <>
            <span className="cart-panel__subtotal">
              Subtotal <strong>{cart?.displayItemTotal}</strong>
            </span>
            <Link to="/cart" className="button cart-panel__action">
              {CART_TEXT.buy}
            </Link>
          </>
        ) : (
          <Link to="/shop" className="button cart-panel__action">
            {CART_TEXT.toShop}
          </Link>
        )}
      </div>
    </div>
  )
}
