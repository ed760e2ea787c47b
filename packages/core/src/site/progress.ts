/**
 * The page progress bar of spec 4 and 9: it appears only when a navigation takes longer than the
 * 200 ms throttle, then fills in 100 ms steps so that it is full after about 5 s.
 */
import { PROGRESS_DURATION_MS, PROGRESS_STEP_MS, PROGRESS_THROTTLE_MS } from './constants.ts'

const PERCENT_PER_STEP = 100 / (PROGRESS_DURATION_MS / PROGRESS_STEP_MS)

/** The bar's fill (0-100) after `elapsedMs` of a navigation; null while it should stay hidden. */
export function progressPercent(elapsedMs: number): number | null {
  if (elapsedMs < PROGRESS_THROTTLE_MS) return null
  const steps = Math.floor((elapsedMs - PROGRESS_THROTTLE_MS) / PROGRESS_STEP_MS)
  return Math.min(100, steps * PERCENT_PER_STEP)
}
