import { describe, expect, it } from 'vitest'
import {
  analyticsPlan,
  COOKIE_BAR_CLOSED,
  consentCookies,
  consentFromCookies,
  DEFAULT_CONSENT,
  readCookie,
  serializeCookie,
} from './consent.ts'

describe('consent cookies', () => {
  it('starts with every switch on', () => {
    expect(DEFAULT_CONSENT).toEqual({ marketing: true, performance: true, measurement: true })
  })
  it('records cookie-confirmation=true for 604800 s and the allowed categories', () => {
    const cookies = consentCookies({ marketing: false, performance: true, measurement: true })
    expect(cookies.map((c) => serializeCookie(c, { secure: false }))).toEqual([
      'cookie-confirmation=true; Max-Age=604800; Path=/; SameSite=Lax',
      'cookie-consent=performance.measurement; Max-Age=604800; Path=/; SameSite=Lax',
    ])
    expect(serializeCookie(cookies[0]!, { secure: true })).toMatch(/; Secure$/)
  })
  it('records a refusal of everything as none', () => {
    expect(consentCookies({ marketing: false, performance: false, measurement: false })[1]!.value).toBe(
      'none',
    )
  })
  it('reads back what it wrote', () => {
    const header = `theme=dark; ${consentCookies({ marketing: true, performance: false, measurement: true })
      .map((c) => `${c.name}=${encodeURIComponent(c.value)}`)
      .join('; ')}`
    expect(consentFromCookies(header)).toEqual({
      confirmed: true,
      closed: false,
      consent: { marketing: true, performance: false, measurement: true },
    })
  })
  it('reads a bar closed for the browser session without an answer', () => {
    expect(serializeCookie(COOKIE_BAR_CLOSED, { secure: false })).toBe(
      'cookie-bar-closed=true; Path=/; SameSite=Lax',
    )
    expect(consentFromCookies('cookie-bar-closed=true')).toEqual({
      confirmed: false,
      closed: true,
      consent: DEFAULT_CONSENT,
    })
    expect(consentFromCookies(undefined).closed).toBe(false)
  })
  it('is unconfirmed without the cookie, or with another value', () => {
    expect(consentFromCookies(undefined).confirmed).toBe(false)
    expect(consentFromCookies('cookie-confirmation=false').confirmed).toBe(false)
  })
  it('reads one cookie among many and survives bad encoding', () => {
    expect(readCookie('a=1; b=two%20words; c=3', 'b')).toBe('two words')
    expect(readCookie('a=1', 'b')).toBeUndefined()
    expect(readCookie('a=%E0%A4%A', 'a')).toBeUndefined()
  })
})

describe('analyticsPlan', () => {
  const accepted = { confirmed: true, consent: DEFAULT_CONSENT }
  it('loads nothing without an analytics id', () => {
    expect(analyticsPlan(null, accepted)).toBeNull()
  })
  it('loads nothing before the visitor answered', () => {
    expect(analyticsPlan('G-1', { confirmed: false, consent: DEFAULT_CONSENT })).toBeNull()
  })
  it('loads nothing when performance is off', () => {
    expect(
      analyticsPlan('G-1', { confirmed: true, consent: { ...DEFAULT_CONSENT, performance: false } }),
    ).toBeNull()
  })
  it('grants storage per switch', () => {
    expect(analyticsPlan('G-1', accepted)).toEqual({
      id: 'G-1',
      analyticsStorage: 'granted',
      adStorage: 'granted',
    })
    expect(
      analyticsPlan('G-1', {
        confirmed: true,
        consent: { marketing: false, performance: true, measurement: false },
      }),
    ).toEqual({ id: 'G-1', analyticsStorage: 'denied', adStorage: 'denied' })
  })
})
