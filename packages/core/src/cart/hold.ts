/**
 * The stock hold of spec 9: a cart keeps its items for 1 hour from its last change, after which
 * they go back to the shelves. Expiry is a timestamp compared with the clock, so no job has to run.
 */

export const CART_HOLD_MS = 60 * 60 * 1000

/** When a cart changed at `lastChangeAt` stops holding its stock. */
export const holdExpiresAt = (lastChangeAt: number): number => lastChangeAt + CART_HOLD_MS

export const isHoldActive = (expiresAt: number, now: number): boolean => expiresAt > now

/** "52 minutes", "1 minute", or "less than a minute" while the last seconds run out. */
export function describeHoldLeft(expiresAt: number, now: number): string {
  const left = expiresAt - now
  if (left <= 0) return 'no time'
  if (left < 60_000) return 'less than a minute'
  const minutes = Math.floor(left / 60_000)
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
}
