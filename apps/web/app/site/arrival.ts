/**
 * The tracking parameters of the link the visitor arrived by (an ad's, a post's, a newsletter's:
 * core's TRACKING_PARAMS) leave the address bar before the router reads it: the server rendered
 * the page without them (one kept page for every click, docs/decisions/0009), so the browser
 * hydrates the page that was rendered, and an address copied or shared from here carries no one's
 * click. Analytics still reports the address the visitor arrived at, campaign and click ids
 * included, for the page views of that address (site/analytics.tsx).
 */
import { withoutTrackingParams } from '@fanshop/core'

/** The page the visitor arrived at, as the router knows it, and the address it was opened at. */
let arrival: { page: string; href: string } | null = null

/** Takes the tracking parameters out of the address bar, keeping the arrival's address for analytics. */
export function leaveTrackingParams(): void {
  const { pathname, search, hash, href } = window.location
  const kept = withoutTrackingParams(search)
  if (kept === search) return
  arrival = { page: `${pathname}${kept}`, href }
  window.history.replaceState(window.history.state, '', `${pathname}${kept}${hash}`)
}

/** The address `page` (path and query, as the router has it) was opened at, when it is the arrival's. */
export function arrivalHref(page: string): string | null {
  return arrival?.page === page ? arrival.href : null
}
