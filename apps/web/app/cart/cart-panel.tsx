/**
 * The cart side panel (spec 2): 'NO ITEMS HERE YET' or the count followed by item or items, the
 * lines with their quantity controls, the notice that the bag is kept for 1 hour, and the bottom
 * bar: BRING ME TO THE SHOP (to /shop) when empty, BUY (to /cart) otherwise. It also answers the
 * product page's add to cart: the panel opens after an add, a dialog explains a failure.
 */
import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { useHydrated } from '../catalog/use-hydrated.ts'
import { ResponsiveImage } from '../media/responsive-image.tsx'
import { SidePanel } from '../site/side-panel.tsx'
import { useUi } from '../site/ui-store.ts'
import { useFrame } from '../site/use-frame.ts'
import type { FrameCart } from './cart.server.ts'
import { CartMessageDialog } from './cart-dialogs.tsx'
import { CART_FLASH_PARAM, type CartFlash, isCartFlash } from './cart-flash.ts'
import { ExpiredItems } from './expired-items.tsx'
import { HoldTimer } from './hold-timer.tsx'
import { QuantityControls } from './quantity-controls.tsx'
import { CART_TEXT, itemCount } from './texts.ts'
import './cart.css'

const FLASH_MESSAGES: Record<Exclude<CartFlash, 'added'>, string> = {
  'out-of-stock': CART_TEXT.outOfStock,
  closed: 'The shop is not open yet. Enter your access code to shop before the launch.',
  failed: 'The product could not be added to your bag. Try again.',
}

export function CartPanel() {
  const cart = useFrame()?.cart ?? null
  const count = cart?.count ?? 0
  return (
    <>
      <SidePanel panel="cart" title={count === 0 ? CART_TEXT.empty : itemCount(count)} className="cart-panel">
        <CartContents cart={cart} />
      </SidePanel>
      <CartFlashAnswer />
    </>
  )
}

function CartContents({ cart }: { cart: FrameCart | null }) {
  const lines = cart?.lines ?? []
  return (
    <div className="cart-panel__body">
      {cart && cart.expiredItems.length > 0 ? <ExpiredItems items={cart.expiredItems} /> : null}
      {lines.length > 0 ? (
        <ul className="cart-lines">
          {lines.map((line) => (
            <li key={line.id} className="cart-line">
              <div className="cart-line__image">
                {line.image ? <ResponsiveImage image={line.image} sizes="72px" alt="" /> : null}
              </div>
              <div className="cart-line__text">
                <Link to={`/product/${line.slug}`} className="cart-line__name">
                  {line.name}
                </Link>
                {line.options ? <span className="cart-line__options">{line.options}</span> : null}
                <span className="cart-line__price">{line.displayAmount}</span>
              </div>
              <QuantityControls line={line} />
            </li>
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

/**
 * Reads `?cart=` after an add to cart: opens the panel or the failure dialog once, and takes the
 * parameter out of the address without a navigation (a navigation would close the panels).
 * Before JavaScript runs, the same answer shows as a notice on the page.
 */
function CartFlashAnswer() {
  const location = useLocation()
  const hydrated = useHydrated()
  const show = useUi((s) => s.show)
  const flash = new URLSearchParams(location.search).get(CART_FLASH_PARAM)
  const [message, setMessage] = useState<string | null>(null)
  const [handled, setHandled] = useState<string | null>(null)

  useEffect(() => {
    if (!isCartFlash(flash) || handled === location.key) return
    setHandled(location.key)
    const url = new URL(window.location.href)
    url.searchParams.delete(CART_FLASH_PARAM)
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
    if (flash === 'added') show('cart')
    else setMessage(FLASH_MESSAGES[flash])
  }, [flash, handled, location.key, show])

  if (!hydrated && isCartFlash(flash)) {
    const rest = new URLSearchParams(location.search)
    rest.delete(CART_FLASH_PARAM)
    const here = `${location.pathname}${rest.size > 0 ? `?${rest}` : ''}`
    return (
      <div className="cart-flash" role="status">
        <p>{flash === 'added' ? 'Added to your bag.' : FLASH_MESSAGES[flash]}</p>
        <Link to={flash === 'added' ? '/cart' : here} className="button button--small">
          {flash === 'added' ? CART_TEXT.buy : CART_TEXT.okay}
        </Link>
      </div>
    )
  }
  return <CartMessageDialog message={message} onClose={() => setMessage(null)} />
}
