/**
 * Focus on arrival in the back office: after a page change focus goes to the new page's h1, which
 * screen readers then announce, unless it is on something of the page itself (inside `main`: a
 * filter, a pager link, a row's button). The storefront's twin is useFocusHeadingOnArrival in
 * apps/web/app/site/frame-effects.ts, with the same rule; it stays a hook of each app because
 * packages/core, the only code both apps import, holds no DOM or React code. Without it, the
 * login's button, an opened row's link or a saved form went with the old page and focus fell to
 * the body, and the frame's own links (the sidebar's) kept it while the new page went unannounced.
 */
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/** Used once, by the root route, which stays while the login page and the signed-in frame come and go. */
export function useFocusHeadingOnArrival(): void {
  const { key } = useLocation()
  const lastArrival = useRef<string | null>(null)
  useEffect(() => {
    const arrived = lastArrival.current !== null && lastArrival.current !== key
    lastArrival.current = key
    if (!arrived) return
    const active = document.activeElement
    if (active?.isConnected && active.closest('main')) return
    const heading = document.querySelector<HTMLElement>('main h1')
    if (!heading) return
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
    heading.focus({ preventScroll: true })
  }, [key])
}
