/**
 * The stock hold of spec 9: each unit put in the cart is kept for 1 hour from when it was added,
 * after which it goes back to the shelves (a later change does not extend it). Expiry is a
 * timestamp compared with the clock, so no job has to run for a hold to end.
 */

export const CART_HOLD_MS = 60 * 60 * 1000

/** When units added at `heldAt` stop being held. */
export const holdExpiresAt = (heldAt: number): number => heldAt + CART_HOLD_MS

export const isHoldActive = (expiresAt: number, now: number): boolean => expiresAt > now

/** "52 minutes", "1 minute", or "less than a minute" while the last seconds run out. */
export function describeHoldLeft(expiresAt: number, now: number): string {
  const left = expiresAt - now
  if (left <= 0) return 'no time'
  if (left < 60_000) return 'less than a minute'
  const minutes = Math.floor(left / 60_000)
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
}
