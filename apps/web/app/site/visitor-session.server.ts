/**
 * The visitor's one session cookie (docs/decisions/0003): their login, cart, last placed order,
 * launch access grant and waiting-room ticket and pass, signed with SESSION_SECRET, httpOnly, SameSite=Lax, Secure over https, set
 * only by the storefront's server. A cookie whose signature does not verify is an empty session.
 * A field is one line of `sessionSchema`. The separate cookies it replaced are read once, moved in
 * and cleared, so a deploy logs no one out and loses no cart.
 *
 * Every personal request reads it, so it is signed and checked with Node's HMAC (cookie-signature)
 * rather than React Router's createCookie, which imports the secret into WebCrypto on every read
 * (152 µs a read against 19 µs, issue 15). The value is written as createCookie wrote it, the JSON
 * in base64 signed HMAC-SHA256, so the cookies fans hold keep working.
 */
import { ORDER_NUMBER_PATTERN } from '@fanshop/core'
import { parse, type SerializeOptions, serialize } from 'cookie'
import { sign, unsign } from 'cookie-signature'
import { z } from 'zod'

const THIRTY_DAYS = 30 * 24 * 60 * 60

export const orderRefSchema = z.object({
  number: z.string().regex(ORDER_NUMBER_PATTERN),
  token: z.string().min(16),
})
export type OrderRef = z.infer<typeof orderRefSchema>

/** A value kept until its own expiry (epoch milliseconds; null when it was never told). */
const expiring = z.object({ value: z.string().min(1), expiresAt: z.number().nullable() })
export type Expiring = z.infer<typeof expiring>

const sessionSchema = z.object({
  /** The API's login token. */
  auth: expiring.optional(),
  /** The visitor's open cart. */
  cart: orderRefSchema.optional(),
  /** The order this browser placed last (its confirmation, details and thank-you pages). */
  placedOrder: orderRefSchema.optional(),
  /** The launch access grant from a valid code on /entercode. */
  accessGrant: expiring.optional(),
  /** The fan's ticket in the drop's waiting room (their place in line). */
  queueTicket: expiring.optional(),
  /** The waiting room's admission pass, sent with every cart write until it expires. */
  queuePass: expiring.optional(),
})
export type SessionData = z.infer<typeof sessionSchema>

/**
 * What a login holds in the browser: the login, and the cart and last order that were the
 * account's under it. They end together, however the login ends (a logout, its expiry, the API no
 * longer accepting it): the orders' tokens would otherwise open the account's bag, address and
 * phone to whoever uses this browser next (the account's cart comes back at its next login).
 */
export const LOGIN_FIELDS = ['auth', 'cart', 'placedOrder'] as const satisfies readonly (keyof SessionData)[]

export interface SessionSettings {
  sessionSecret: string
  secureCookies: boolean
}

const SESSION_COOKIE = 'session'

const cookieOptions = (settings: SessionSettings): SerializeOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure: settings.secureCookies,
})

/** A cookie's value as React Router's createCookie encodes it: the JSON's UTF-8 in base64. */
const encodeValue = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64')

/** The value `encodeValue` wrote; what is not JSON reads as `{}`, as createCookie reads it. */
function decodeValue(text: string): unknown {
  try {
    return JSON.parse(Buffer.from(text, 'base64').toString('utf8'))
  } catch {
    return {}
  }
}

/** The session cookie's value when its signature verifies, else null. */
function verifiedSession(sent: string | undefined, settings: SessionSettings): unknown {
  if (!sent) return null
  const value = unsign(sent, settings.sessionSecret)
  return value === false ? null : decodeValue(value)
}

/** The cookies the session replaced, and how each one's value becomes a session field. */
const legacyCookies = {
  'auth-token': (value: unknown): SessionData => {
    const token = z.string().min(1).safeParse(value)
    return token.success ? { auth: { value: token.data, expiresAt: null } } : {}
  },
  cart: (value: unknown): SessionData => {
    const ref = orderRefSchema.safeParse(value)
    return ref.success ? { cart: ref.data } : {}
  },
  'placed-order': (value: unknown): SessionData => {
    const ref = orderRefSchema.safeParse(value)
    return ref.success ? { placedOrder: ref.data } : {}
  },
  'access-grant': (value: unknown): SessionData => {
    const grant = z.string().min(1).safeParse(value)
    return grant.success ? { accessGrant: { value: grant.data, expiresAt: null } } : {}
  },
}
type LegacyName = keyof typeof legacyCookies

const legacyNames = Object.keys(legacyCookies) as LegacyName[]

function isCurrent(field: Expiring | undefined, now: number): boolean {
  return field !== undefined && (field.expiresAt === null || field.expiresAt > now)
}

/** What was read: the session, and the Set-Cookie headers owed when old cookies were moved in. */
export interface ReadSession {
  data: SessionData
  /** True when the session must be written back (old cookies moved in, or something expired). */
  changed: boolean
  /** Old cookies found in the request, to be cleared once the session is written. */
  legacy: LegacyName[]
}

/** The session this request carries; empty when it has none or its signature does not verify. */
export function readSession(request: Request, settings: SessionSettings, now: number): ReadSession {
  const header = request.headers.get('cookie')
  const cookies = header ? parse(header) : {}
  const signed = sessionSchema.safeParse(verifiedSession(cookies[SESSION_COOKIE], settings))
  const data: SessionData = signed.success ? signed.data : {}
  let changed = false
  const legacy: LegacyName[] = []
  for (const name of legacyNames) {
    const sent = cookies[name]
    if (sent === undefined) continue
    const value = sent === '' ? '' : decodeValue(sent)
    legacy.push(name)
    changed = true
    for (const [field, moved] of Object.entries(legacyCookies[name](value))) {
      const key = field as keyof SessionData
      if (data[key] === undefined) Object.assign(data, { [key]: moved })
    }
  }
  if (data.auth !== undefined && !isCurrent(data.auth, now)) {
    for (const key of LOGIN_FIELDS) delete data[key]
    changed = true
  }
  for (const key of ['accessGrant', 'queueTicket', 'queuePass'] as const) {
    if (data[key] !== undefined && !isCurrent(data[key], now)) {
      delete data[key]
      changed = true
    }
  }
  return { data, changed, legacy }
}

/** Whether the session holds what a page's frame shows of its visitor: a login, a cart, an access grant. */
export const showsInFrame = (data: SessionData) =>
  data.auth !== undefined || data.cart !== undefined || data.accessGrant !== undefined

/**
 * When what the frame shows of the visitor ends by itself (their login or access grant expiring;
 * epoch milliseconds, the server's clock), or null when nothing it shows expires by time. A browser
 * keeping its frame across moves loads it again from then (site/kept-frame.ts).
 */
export function frameEndsAt(data: SessionData): number | null {
  const ends = [data.auth?.expiresAt, data.accessGrant?.expiresAt].filter((at) => typeof at === 'number')
  return ends.length > 0 ? Math.min(...ends) : null
}

/**
 * The Set-Cookie headers that keep the session: the session itself (kept as long as its longest
 * value, at least thirty days for the cart; an empty one is removed), and the clearing of old cookies.
 */
export function writeSession(
  data: SessionData,
  legacy: readonly LegacyName[],
  settings: SessionSettings,
  now: number,
): string[] {
  const options = cookieOptions(settings)
  const empty = Object.values(data).every((value) => value === undefined)
  const expiries = [data.auth?.expiresAt, data.accessGrant?.expiresAt, data.queueTicket?.expiresAt].filter(
    (at) => typeof at === 'number',
  )
  const maxAge = Math.max(THIRTY_DAYS, ...expiries.map((at) => Math.ceil((at - now) / 1000)))
  const session = empty
    ? serialize(SESSION_COOKIE, '', { ...options, maxAge: 0 })
    : serialize(SESSION_COOKIE, sign(encodeValue(data), settings.sessionSecret), { ...options, maxAge })
  return [session, ...legacy.map((name) => serialize(name, '', { ...options, maxAge: 0 }))]
}
