/**
 * After adding to the cart the visitor comes back to the page they were on, with `?cart=<outcome>`
 * in the address: the cart panel opens on "added", a dialog explains any other outcome. A login
 * whose merged cart the per-fan cap trimmed lands with "capped".
 */
export const CART_FLASH_PARAM = 'cart'

export type CartFlash = 'added' | 'out-of-stock' | 'bad-quantity' | 'closed' | 'queue' | 'failed' | 'capped'

export const isCartFlash = (value: string | null): value is CartFlash =>
  value === 'added' ||
  value === 'out-of-stock' ||
  value === 'bad-quantity' ||
  value === 'closed' ||
  value === 'queue' ||
  value === 'failed' ||
  value === 'capped'

/** `path` (an internal path, maybe with a query and hash) with the flash parameter set. */
export function withCartFlash(path: string, flash: CartFlash): string {
  const url = new URL(path, 'http://shop.invalid')
  url.searchParams.set(CART_FLASH_PARAM, flash)
  return `${url.pathname}${url.search}${url.hash}`
}
