/**
 * What the frame does as the visitor moves around (spec 2 and 4): every route change closes the
 * panels, the navigation and the overlay; arriving on the home route scrolls back to the top; a
 * page chunk that fails to load reloads the whole page; focus lands on the new page's heading.
 */
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { scrollToTopIfScrolled } from './scroll.ts'
import { useUi } from './ui-store.ts'

/** The route the frame last saw, kept outside the layouts: a route change may also change the layout. */
let lastRoute: string | null = null

/** The spec's sidebarsHidden route middleware: panels, navigation and overlay close on every route change. */
export function useSidebarsHidden(): void {
  const location = useLocation()
  const closeAll = useUi((s) => s.closeAll)
  const route = `${location.pathname}${location.search}`
  useEffect(() => {
    if (lastRoute !== null && lastRoute !== route) closeAll()
    lastRoute = route
  }, [route, closeAll])
}

/** The page the focus rule last saw, kept outside the layouts for the same reason. */
let lastArrival: string | null = null

/** Marks the heading that focus goes to on arrival, when it is not the page's h1 (a checkout step's). */
export const ARRIVAL_FOCUS_ATTRIBUTE = 'data-arrival-focus'

/**
 * After a page change whose link or form went away with the old page, focus would fall to the
 * body: it goes to the new page's main heading instead (or the one marked for arrival), which
 * screen readers then announce. Focus still on something of the page (a filter chip) stays; focus
 * on the frame around it (the header's Search link) does not, or the new page went unannounced.
 * The back office has its twin with the same rule (apps/admin/app/arrival-focus.ts).
 */
export function useFocusHeadingOnArrival(): void {
  const { key } = useLocation()
  useEffect(() => {
    const arrived = lastArrival !== null && lastArrival !== key
    lastArrival = key
    if (!arrived) return
    const active = document.activeElement
    if (active?.isConnected && active.closest('main')) return
    focusArrivalHeading()
  }, [key])
}

/**
 * Focuses the new page's main heading (or the one marked for arrival); whether one was found.
 * Also used by a panel that closes because one of its links changed the page: its link is still
 * connected when the page changes, so the rule above leaves the focus to the panel's closing.
 */
export function focusArrivalHeading(): boolean {
  const heading =
    document.querySelector<HTMLElement>(`[${ARRIVAL_FOCUS_ATTRIBUTE}]`) ??
    document.querySelector<HTMLElement>('main h1')
  if (!heading) return false
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  heading.focus({ preventScroll: true })
  return true
}

/** Scrolls smoothly to the top when the visitor arrives on the page (spec 2: home and error). */
export function useScrollToTopOnArrival(active: boolean): void {
  const { key } = useLocation()
  useEffect(() => {
    if (active && key) scrollToTopIfScrolled()
  }, [active, key])
}

const RELOADED_AT = 'fanshop:chunk-reload-at'
const RELOAD_GUARD_MS = 10_000

/**
 * A lazily loaded chunk that fails (a deploy replaced it, the network dropped it) reloads the page
 * once; React Router does the same for a failed route module. A guard stops a reload loop.
 */
export function useReloadOnChunkFailure(): void {
  useEffect(() => {
    const reload = (event: Event) => {
      const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0)
      if (Date.now() - last < RELOAD_GUARD_MS) return
      event.preventDefault()
      sessionStorage.setItem(RELOADED_AT, String(Date.now()))
      window.location.reload()
    }
    window.addEventListener('vite:preloadError', reload)
    return () => window.removeEventListener('vite:preloadError', reload)
  }, [])
}
