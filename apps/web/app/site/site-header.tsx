/**
 * The top bar (spec 2, navigation rules, keyed on the page's route name): the menu button or the
 * back button, the shop's mark, the three-dots social bar button, and the cart and user buttons.
 * Dark icons on the pages that ask for them. The menu, share, back, cart and log-in buttons lead
 * to a page before the page's code has run (it loads after the first paint) and without JavaScript.
 */
import { backTarget, navigationRules } from '@fanshop/core'
import type { ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { SITE_NAME } from './brand.ts'
import { BackIcon, BagIcon, DotsIcon, MenuIcon, UserIcon } from './icons.tsx'
import { inPlace } from './in-place.ts'
import { useRouteName } from './route-name.ts'
import { SearchLink } from './search-link.tsx'
import { type Panel, useUi } from './ui-store.ts'
import { useFrame } from './use-frame.ts'

export function SiteHeader(props: { back?: boolean; routeName?: string }) {
  const matchedName = useRouteName()
  const routeName = props.routeName ?? matchedName
  const rules = navigationRules(routeName)
  const showMenu = rules.menuButton && !props.back
  const location = useLocation()
  const here = `${location.pathname}${location.search}`
  return (
    <header
      className={`site-header ${rules.darkIcons ? 'site-header--dark' : 'site-header--light'}`}
      data-route-name={routeName}
    >
      <div className="site-header__start">
        {showMenu ? (
          <PanelButton panel="navigation" label="Menu" page="/menu">
            <MenuIcon />
          </PanelButton>
        ) : (
          <BackButton />
        )}
      </div>
      <Link to="/" className="site-header__brand">
        {SITE_NAME}
      </Link>
      <div className="site-header__actions">
        {rules.socialBar ? (
          <PanelButton panel="socialBar" label="Share and follow" page="/share" fields={{ page: here }}>
            <DotsIcon />
          </PanelButton>
        ) : null}
        {rules.cartAndUserButtons ? (
          <>
            <SearchLink />
            <CartButton />
            <UserButton />
          </>
        ) : null}
      </div>
    </header>
  )
}

/**
 * A button that opens or closes one of the frame's panels, and says whether it is open. With a
 * `page`, the panel as a page, it leads there (with `fields` as its query) until the page's code
 * runs (UntilScripts).
 */
function PanelButton({
  panel,
  label,
  page,
  fields,
  children,
}: {
  panel: Extract<Panel, 'navigation' | 'socialBar'>
  label: string
  page?: string
  fields?: Record<string, string>
  children: ReactNode
}) {
  const open = useUi((s) => s.open === panel)
  const toggle = useUi((s) => s.toggle)
  const button = (
    <button
      type={page ? 'submit' : 'button'}
      className="icon-button"
      aria-label={label}
      aria-expanded={open}
      aria-haspopup="dialog"
      onClick={inPlace(() => toggle(panel))}
      data-panel-trigger={panel}
    >
      {children}
    </button>
  )
  if (!page) return button
  return (
    <UntilScripts page={page}>
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {button}
    </UntilScripts>
  )
}

/**
 * Holds a header button that acts in place once the page's code runs (its click handler calls
 * `inPlace`) and, until then, sends the visitor to `page`: the button submits this form. A tap
 * on a phone whose scripts are still on their way, or have none, goes somewhere.
 */
function UntilScripts(props: { page: string; children: ReactNode }) {
  return (
    <form method="get" action={props.page} className="site-header__until-scripts">
      {props.children}
    </form>
  )
}

function BackButton() {
  const navigate = useNavigate()
  return (
    <UntilScripts page="/">
      <button
        type="submit"
        className="icon-button"
        aria-label="Back"
        onClick={inPlace(() => {
          if (backTarget(window.history.state?.idx) === 'history') navigate(-1)
          else navigate('/')
        })}
      >
        <BackIcon />
      </button>
    </UntilScripts>
  )
}

function CartButton() {
  const count = useFrame()?.cart?.count ?? 0
  const toggle = useUi((s) => s.toggle)
  return (
    <UntilScripts page="/cart">
      <button
        type="submit"
        className="icon-button site-header__cart"
        aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
        aria-haspopup="dialog"
        onClick={inPlace(() => toggle('cart'))}
        data-panel-trigger="cart"
      >
        <BagIcon />
        {count > 0 ? (
          <span className="site-header__count" aria-hidden="true">
            {count}
          </span>
        ) : null}
      </button>
    </UntilScripts>
  )
}

function UserButton() {
  const loggedIn = Boolean(useFrame()?.user)
  const toggle = useUi((s) => s.toggle)
  if (loggedIn) {
    return (
      <Link to="/profile" className="icon-button" aria-label="Your profile">
        <UserIcon />
      </Link>
    )
  }
  return (
    <UntilScripts page="/auth/login">
      <button
        type="submit"
        className="icon-button"
        aria-label="Log in"
        aria-haspopup="dialog"
        onClick={inPlace(() => toggle('login'))}
        data-panel-trigger="login"
      >
        <UserIcon />
      </button>
    </UntilScripts>
  )
}
