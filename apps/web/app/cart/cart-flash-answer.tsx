/**
 * The product page's add to cart (and a login whose merged cart the per-fan cap trimmed), answered
 * on whichever page it lands: the cart panel opens after an add, and after such a login, where it
 * lists what went back; a dialog explains a failure (before the launch with the ways in), and before
 * JavaScript runs the same answer shows as a notice on the page. The failure dialog's code loads
 * only when there is one to show.
 */
import { CAPPED_AT_LOGIN_NOTICE, LINE_QUANTITY_MESSAGE } from '@fanshop/core'
import { Suspense, useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { lazyNamed } from '../site/lazy-named.ts'
import { useUi } from '../site/ui-store.ts'
import { useHydrated } from '../site/use-hydrated.tsx'
import {
  CART_FLASH_PARAM,
  type CartFlash,
  isCartFlash,
  type LimitFlash,
  limitFlashMessage,
} from './cart-flash.ts'
import { CART_TEXT } from './texts.ts'

const CartMessageDialog = lazyNamed(() => import('./cart-dialogs.tsx'), 'CartMessageDialog')

/** The flashes the bag answers, opened (with JavaScript) or linked to: it lists what went back at a login. */
const shownInBag = (flash: CartFlash): flash is 'added' | 'capped' => flash === 'added' || flash === 'capped'

const FLASH_MESSAGES: Record<Exclude<CartFlash, 'added' | LimitFlash>, string> = {
  'out-of-stock': CART_TEXT.outOfStock,
  'bad-quantity': LINE_QUANTITY_MESSAGE,
  closed: 'The shop is not open yet. Enter your access code to shop before the launch.',
  queue: 'The drop is busy: join the waiting room, it lets you in when it is your turn.',
  failed: 'The product could not be added to your bag. Try again.',
  capped: CAPPED_AT_LOGIN_NOTICE,
}

/** What a flash other than "added" says. */
const flashMessage = (flash: Exclude<CartFlash, 'added'>): string =>
  limitFlashMessage(flash) ?? FLASH_MESSAGES[flash as keyof typeof FLASH_MESSAGES]

/** Before the launch, the refusal leads on: to the access code, or the sign-up for the opening. */
function WaysIn({ onLeave }: { onLeave(): void }) {
  return (
    <>
      <Link to="/entercode" className="button" onClick={onLeave}>
        Enter your access code
      </Link>
      <Link to="/comingsoon" className="button button--ghost" onClick={onLeave}>
        Tell me when it opens
      </Link>
    </>
  )
}

/** With the drop's waiting room on, the refusal leads to it, and back to this page after. */
function WaitingRoomWayIn({ onLeave }: { onLeave(): void }) {
  const location = useLocation()
  return (
    <Link to={`/queue?to=${encodeURIComponent(location.pathname)}`} className="button" onClick={onLeave}>
      Join the waiting room
    </Link>
  )
}

/**
 * Reads `?cart=` after an add to cart or a login: opens the panel or the failure dialog once, and takes the
 * parameter out of the address without a navigation (a navigation would close the panels).
 * Before JavaScript runs, the same answer shows as a notice on the page.
 */
export function CartFlashAnswer() {
  const location = useLocation()
  const hydrated = useHydrated()
  const show = useUi((s) => s.show)
  const flash = new URLSearchParams(location.search).get(CART_FLASH_PARAM)
  const [message, setMessage] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<CartFlash | null>(null)
  const [handled, setHandled] = useState<string | null>(null)

  useEffect(() => {
    if (!isCartFlash(flash) || handled === location.key) return
    setHandled(location.key)
    const url = new URL(window.location.href)
    url.searchParams.delete(CART_FLASH_PARAM)
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
    if (shownInBag(flash)) show('cart')
    else {
      setMessage(flashMessage(flash))
      setRefusal(flash)
    }
  }, [flash, handled, location.key, show])

  if (!hydrated && isCartFlash(flash)) {
    const rest = new URLSearchParams(location.search)
    rest.delete(CART_FLASH_PARAM)
    const here = `${location.pathname}${rest.size > 0 ? `?${rest}` : ''}`
    return (
      <div className="cart-flash" role="status">
        <p>{flash === 'added' ? 'Added to your bag.' : flashMessage(flash)}</p>
        <Link to={shownInBag(flash) ? '/cart' : here} className="button button--small">
          {flash === 'added' ? CART_TEXT.buy : flash === 'capped' ? 'See your bag' : CART_TEXT.okay}
        </Link>
      </div>
    )
  }
  return message === null ? null : (
    <Suspense fallback={null}>
      <CartMessageDialog message={message} onClose={() => setMessage(null)}>
        {refusal === 'closed' ? <WaysIn onLeave={() => setMessage(null)} /> : null}
        {refusal === 'queue' ? <WaitingRoomWayIn onLeave={() => setMessage(null)} /> : null}
      </CartMessageDialog>
    </Suspense>
  )
}
