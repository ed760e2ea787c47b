/**
 * After adding to the cart the visitor comes back to the page they were on, with `?cart=<outcome>`
 * in the address: the cart panel opens on "added", a dialog explains any other outcome. A login
 * whose merged cart the per-fan cap trimmed lands with "capped"; an add a limit refused names the
 * limit ("per-fan-2", "per-order-5"), so the dialog says it in the API's own words.
 */
import { LIMIT_KINDS, type LimitRefusal, limitRefusalMessage } from '@fanshop/core'

export const CART_FLASH_PARAM = 'cart'

/** A refusal by the per-fan cap or the per-order limit, with the limit. */
export type LimitFlash = `${LimitRefusal['kind']}-${number}`

export type CartFlash =
  | 'added'
  | 'out-of-stock'
  | 'bad-quantity'
  | 'closed'
  | 'queue'
  | 'failed'
  | 'capped'
  | LimitFlash

const LIMIT_FLASH = new RegExp(`^(${LIMIT_KINDS.join('|')})-([1-9]\\d{0,2})$`)

export const isCartFlash = (value: string | null): value is CartFlash =>
  value === 'added' ||
  value === 'out-of-stock' ||
  value === 'bad-quantity' ||
  value === 'closed' ||
  value === 'queue' ||
  value === 'failed' ||
  value === 'capped' ||
  (value !== null && LIMIT_FLASH.test(value))

/** The flash of a limit's refusal, as the API's 422 names the limit. */
export const limitFlash = (limit: LimitRefusal): LimitFlash => `${limit.kind}-${limit.max}`

/** What a limit's refusal says (the API's words), or null for another flash. */
export function limitFlashMessage(flash: CartFlash): string | null {
  const [, matched, max] = LIMIT_FLASH.exec(flash) ?? []
  const kind = LIMIT_KINDS.find((known) => known === matched)
  return kind && max ? limitRefusalMessage({ kind, max: Number(max) }) : null
}

/** `path` (an internal path, maybe with a query and hash) with the flash parameter set. */
export function withCartFlash(path: string, flash: CartFlash): string {
  const url = new URL(path, 'http://shop.invalid')
  url.searchParams.set(CART_FLASH_PARAM, flash)
  return `${url.pathname}${url.search}${url.hash}`
}
