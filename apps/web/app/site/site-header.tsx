/**
 * The top bar: menu or back button on the left, the shop's mark, and the cart and user buttons
 * on the right. Which of them show is decided per route (spec 2, navigation rules).
 */
import { Link, useMatches, useNavigate } from 'react-router'
import { isSiteHandle } from './handle.ts'
import { useUi } from './ui-store.ts'

const MENU_BUTTON_ROUTES = new Set(['index', 'error', 'home', 'entercode'])

export function useRouteName(): string | undefined {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle
    if (isSiteHandle(handle) && handle.routeName) return handle.routeName
  }
  return undefined
}

export function SiteHeader(props: { back?: boolean }) {
  const routeName = useRouteName()
  const navigate = useNavigate()
  const toggle = useUi((s) => s.toggle)
  const showMenu = !props.back && MENU_BUTTON_ROUTES.has(routeName ?? '')
  return (
    <header className="site-header">
      {showMenu ? (
        <button type="button" className="icon-button" aria-label="Menu" onClick={() => toggle('navigation')}>
          <span aria-hidden="true">☰</span>
        </button>
      ) : (
        <button
          type="button"
          className="icon-button"
          aria-label="Back"
          onClick={() => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/'))}
        >
          <span aria-hidden="true">←</span>
        </button>
      )}
      <Link to="/" className="site-header__brand">
        Fan Shop
      </Link>
      <div className="site-header__actions" />
    </header>
  )
}
