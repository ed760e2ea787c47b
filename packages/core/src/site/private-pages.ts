/**
 * The storefront's private pages: the visitor's own (bag, checkout, orders, profile) and the forms
 * that take their details (login, registration, password reset, the entry code). Search engines
 * are told not to read them (robots.txt) and browsers not to store them (Cache-Control: no-store):
 * they show personal data (addresses, e-mail, orders), which a shared computer must not show again
 * from its disk or history once the visitor has logged out.
 */
export const PRIVATE_PAGE_PATHS = [
  '/cart',
  '/checkout',
  '/order',
  '/profile',
  '/auth/',
  '/thank-you',
  '/entercode',
]

/**
 * Whether a path (a page's, or its data's: `/profile/orders.data`) is a private page's, in any
 * spelling the router takes for it: any case, percent-encoded or not. A path that cannot be
 * decoded counts as private.
 */
export function isPrivatePage(pathname: string): boolean {
  let path: string
  try {
    path = decodeURIComponent(pathname).toLowerCase()
  } catch {
    return true
  }
  return PRIVATE_PAGE_PATHS.some((prefix) => path.startsWith(prefix))
}
