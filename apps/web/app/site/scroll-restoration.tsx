/**
 * Scroll restoration (spec 1: browser history with scroll restoration), React Router's own hook
 * with a lighter script before the first paint. The router's <ScrollRestoration> gives every fresh
 * history entry a random key with `history.replaceState` from an inline script in the page: a
 * same-document navigation that took 9–26 ms of the main thread before the first paint of a fresh
 * tab (docs/performance-log.md, issue 15). Here a position is kept per address (path and query),
 * so no key has to be written, and the script only reads the positions when the browser reloads
 * the page or comes back to it; a visit by a link or the address bar starts at the top.
 */
import { UNSAFE_useScrollRestoration as useScrollRestoration } from 'react-router'

/** Where the positions are kept in sessionStorage, by address. */
const STORAGE_KEY = 'fanshop-scroll-positions'

/** A position's key: the address without its fragment. Self-contained, as the script inlines it. */
const positionKey = (location: { pathname: string; search: string }) => location.pathname + location.search

/** Runs in the page as it is parsed, before the router's code, with the two values above. */
function restore(storageKey: string, keyOf: typeof positionKey) {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
  if (navigation?.type !== 'reload' && navigation?.type !== 'back_forward') return
  try {
    const y = JSON.parse(sessionStorage.getItem(storageKey) ?? '{}')[keyOf(window.location)]
    if (typeof y === 'number') window.scrollTo(0, y)
  } catch {
    sessionStorage.removeItem(storageKey)
  }
}

export const SCROLL_RESTORATION_SCRIPT = `(${restore})(${JSON.stringify(STORAGE_KEY)}, ${positionKey})`

export function ScrollRestoration({ nonce }: { nonce?: string }) {
  useScrollRestoration({ getKey: positionKey, storageKey: STORAGE_KEY })
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, allowed by the nonce
      dangerouslySetInnerHTML={{ __html: SCROLL_RESTORATION_SCRIPT }}
    />
  )
}
