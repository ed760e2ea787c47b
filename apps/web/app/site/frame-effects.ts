/**
 * What the frame does as the visitor moves around (spec 2 and 4): every route change closes the
 * panels, the navigation and the overlay; arriving on the home route scrolls back to the top; a
 * page chunk that fails to load reloads the whole page.
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
