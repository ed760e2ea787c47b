/**
 * Money rules shared by the storefront and the back end.
 * Amounts are integer cents everywhere; decimals only appear at the edges
 * (WooCommerce/Spree decimal strings in the API, euro text in the page).
 */

export type Cents = number

/** Euro sign and two decimals, as the spec's cart shows prices: "€29.90". */
export function formatEuro(cents: Cents): string {
  const sign = cents < 0 ? '-' : ''
  return `${sign}€${toDecimalString(Math.abs(cents))}`
}

/** The decimal string WooCommerce and Spree send for a price: "29.90". */
export function toDecimalString(cents: Cents): string {
  if (!Number.isInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`)
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** Parses "29.9", "29.90" or 29.9 into cents, rounding to 2 decimals (spec 9: variant prices rounded). */
export function toCents(value: string | number): Cents {
  const n = typeof value === 'number' ? value : Number(value.trim())
  if (!Number.isFinite(n)) throw new RangeError(`not a price: ${String(value)}`)
  return Math.round((n + Number.EPSILON * Math.sign(n)) * 100)
}
