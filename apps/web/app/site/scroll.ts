/**
 * Scrolling back to the top (spec 2 and 9): only when the page is scrolled 100 px or more, as one
 * 700 ms eased movement, or at once for visitors who prefer reduced motion.
 */
import { SCROLL_DURATION_MS, SCROLL_TOP_OFFSET_PX } from '@fanshop/core'
import { REDUCED_MOTION } from './use-browser.ts'

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2)

export function scrollToTopIfScrolled(): void {
  const from = window.scrollY
  if (from < SCROLL_TOP_OFFSET_PX) return
  if (window.matchMedia(REDUCED_MOTION).matches) {
    window.scrollTo(0, 0)
    return
  }
  const started = performance.now()
  const step = (time: number) => {
    const progress = Math.min(1, (time - started) / SCROLL_DURATION_MS)
    window.scrollTo(0, Math.round(from * (1 - easeInOut(progress))))
    if (progress < 1) requestAnimationFrame(step)
  }
  requestAnimationFrame(step)
}
