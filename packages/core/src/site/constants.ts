/**
 * Every timing and fixed number of spec section 9 that the site's behaviour depends on, in one
 * place, so the storefront and its tests read the same values. (Colours, breakpoints and widths
 * are design tokens and live in apps/web/app/site/global.css.)
 */

/** The dark overlay stays this long after the last panel closes (spec 4). */
export const OVERLAY_HIDE_DELAY_MS = 100

/** The page progress bar appears only when a navigation takes longer than this. */
export const PROGRESS_THROTTLE_MS = 200
/** The progress bar fills over about this long. */
export const PROGRESS_DURATION_MS = 5000
/** The progress bar moves in steps this far apart. */
export const PROGRESS_STEP_MS = 100
/** The progress bar's height. */
export const PROGRESS_BAR_HEIGHT_PX = 2

/** "Copied link to clipboard" shows this long, then the panels close. */
export const COPY_CONFIRMATION_MS = 2000

/** Scrolling back to the top happens only when the page is scrolled at least this far. */
export const SCROLL_TOP_OFFSET_PX = 100
/** How long an animated scroll takes. */
export const SCROLL_DURATION_MS = 700

/** Elements fade in over this long when they first scroll into view (once). */
export const ANIMATE_ON_SCROLL_MS = 600

/** Prefetching of linked pages waits for the browser to be idle, at most this long. */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000

/** The cookie that records the visitor's answer to the cookie bar (spec 9). */
export const COOKIE_CONFIRMATION = {
  name: 'cookie-confirmation',
  value: 'true',
  maxAgeSeconds: 604800,
  path: '/',
} as const

/** The number of boxes (and characters) of an access code on /entercode. */
export const ACCESS_CODE_LENGTH = 5
