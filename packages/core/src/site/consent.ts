/**
 * Cookie consent (spec 2 and 9): the cookie bar's three switches, the cookies that remember the
 * answer (cookie-confirmation=true for 7 days, and which categories were allowed), and what the
 * analytics may do with that answer. The storefront's server and its browser code share these.
 */
import { COOKIE_CONFIRMATION } from './constants.ts'

export const CONSENT_CATEGORIES = [
  { key: 'marketing', label: 'Marketing' },
  { key: 'performance', label: 'Performance' },
  { key: 'measurement', label: 'Performance measurement' },
] as const

type ConsentCategory = (typeof CONSENT_CATEGORIES)[number]['key']
export type Consent = Record<ConsentCategory, boolean>

/** Every switch starts on (spec 2). */
export const DEFAULT_CONSENT: Consent = { marketing: true, performance: true, measurement: true }

/** The cookie that holds which categories the visitor allowed, beside cookie-confirmation. */
const CONSENT_COOKIE_NAME = 'cookie-consent'

interface CookieToSet {
  name: string
  value: string
  /** Without it, the cookie lasts the browser session. */
  maxAgeSeconds?: number
  path: string
}

/**
 * The cookie bar closed with × and no answer (spec 4: hidden on close), recorded where the page's
 * code cannot keep it hidden (without JavaScript every page is a new load): for the browser
 * session, without confirming anything.
 */
export const COOKIE_BAR_CLOSED: CookieToSet = { name: 'cookie-bar-closed', value: 'true', path: '/' }

/** The cookies that record an accepted cookie bar. */
export function consentCookies(consent: Consent): CookieToSet[] {
  const allowed = CONSENT_CATEGORIES.map((c) => c.key).filter((key) => consent[key])
  return [
    { ...COOKIE_CONFIRMATION },
    {
      name: CONSENT_COOKIE_NAME,
      value: allowed.length ? allowed.join('.') : 'none',
      maxAgeSeconds: COOKIE_CONFIRMATION.maxAgeSeconds,
      path: COOKIE_CONFIRMATION.path,
    },
  ]
}

/** A Set-Cookie / document.cookie line; `secure` on https sites. */
export function serializeCookie(cookie: CookieToSet, options: { secure: boolean }): string {
  return [
    `${cookie.name}=${encodeURIComponent(cookie.value)}`,
    ...(cookie.maxAgeSeconds === undefined ? [] : [`Max-Age=${cookie.maxAgeSeconds}`]),
    `Path=${cookie.path}`,
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ')
}

/** One cookie's value from a Cookie header (or document.cookie); undefined when absent. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue
    try {
      return decodeURIComponent(part.slice(eq + 1).trim())
    } catch {
      return undefined
    }
  }
  return undefined
}

interface ConsentState {
  /** The visitor answered the cookie bar (cookie-confirmation=true). */
  confirmed: boolean
  /** The visitor closed the bar this browser session without answering (COOKIE_BAR_CLOSED). */
  closed: boolean
  consent: Consent
}

/** What a request's cookies say about consent. Without an answer the defaults apply but nothing loads. */
export function consentFromCookies(header: string | null | undefined): ConsentState {
  const confirmed = readCookie(header, COOKIE_CONFIRMATION.name) === COOKIE_CONFIRMATION.value
  const closed = readCookie(header, COOKIE_BAR_CLOSED.name) === COOKIE_BAR_CLOSED.value
  if (!confirmed) return { confirmed, closed, consent: DEFAULT_CONSENT }
  const allowed = new Set((readCookie(header, CONSENT_COOKIE_NAME) ?? '').split('.'))
  const consent = Object.fromEntries(CONSENT_CATEGORIES.map((c) => [c.key, allowed.has(c.key)])) as Consent
  return { confirmed, closed, consent }
}

interface AnalyticsPlan {
  id: string
  /** Google consent mode signals. */
  analyticsStorage: 'granted' | 'denied'
  adStorage: 'granted' | 'denied'
}

/**
 * Whether and how the analytics script may load: only when an ANALYTICS_ID is configured, the
 * visitor accepted the cookie bar and allowed performance. Measurement cookies follow the second
 * performance switch, advertising signals follow marketing.
 */
export function analyticsPlan(
  analyticsId: string | null,
  state: Pick<ConsentState, 'confirmed' | 'consent'>,
): AnalyticsPlan | null {
  if (!analyticsId || !state.confirmed || !state.consent.performance) return null
  return {
    id: analyticsId,
    analyticsStorage: state.consent.measurement ? 'granted' : 'denied',
    adStorage: state.consent.marketing ? 'granted' : 'denied',
  }
}
