/**
 * What a route tells the frame about itself (spec 2, navigation rules), read from the
 * deepest matched route's `handle` export. Pages that say nothing get the defaults.
 */
export interface SiteHandle {
  /** The route's name in the spec's terms ('index', 'home', 'cart', ...): navigation rules key on it. */
  routeName?: string
}

export function isSiteHandle(value: unknown): value is SiteHandle {
  return typeof value === 'object' && value !== null
}
