/**
 * The waiting room's rules at the drop: when the pre-queue opens, the fair draw of places at the
 * launch instant (a seeded Fisher–Yates shuffle, so arriving early or scripting gives no edge),
 * arrival order after it, and the admission schedule that never lets in more fans per minute than
 * the rate nor more at once than the cap. Pure: the clock and the seed are the caller's.
 */
import { holdExpiresAt, isHoldActive } from '../cart/hold.ts'

const MINUTE_MS = 60_000

export interface QueueSettings {
  /** The launch instant (epoch ms): places in the pre-queue are drawn at it. */
  launchAt: number
  /** When visitors may start waiting (epoch ms), at or before the launch. */
  opensAt: number
  /** Fans let in per minute. */
  ratePerMinute: number
  /** Most fans shopping at once (holding a pass that has not expired); null for no cap. */
  maxShopping: number | null
  /** How long a pass lets its holder shop after their turn comes (ms). */
  passMs: number
}

export interface QueueSettingsInput {
  launchAt: number
  /** Minutes before the launch that the pre-queue opens (default 30). */
  preQueueMinutes?: number | undefined
  /** Fans let in per minute; without it the queue is off. */
  ratePerMinute?: number | undefined
  maxShopping?: number | undefined
  /** Minutes a pass lasts (default 15). */
  passMinutes?: number | undefined
}

/** The queue's settings, or null when no admission rate is set (the queue is off). */
export function queueSettings(input: QueueSettingsInput): QueueSettings | null {
  if (input.ratePerMinute === undefined) return null
  if (!(input.ratePerMinute > 0)) throw new RangeError('the admission rate must be above 0')
  if (input.maxShopping !== undefined && !(input.maxShopping >= 1)) {
    throw new RangeError('the cap of fans shopping at once must be at least 1')
  }
  const preQueueMinutes = input.preQueueMinutes ?? 30
  if (!(preQueueMinutes >= 0)) throw new RangeError('the pre-queue opening cannot be after the launch')
  const passMinutes = input.passMinutes ?? 15
  if (!(passMinutes > 0)) throw new RangeError('a pass must last some time')
  return {
    launchAt: input.launchAt,
    opensAt: input.launchAt - preQueueMinutes * MINUTE_MS,
    ratePerMinute: input.ratePerMinute,
    maxShopping: input.maxShopping ?? null,
    passMs: passMinutes * MINUTE_MS,
  }
}

export type QueuePhase =
  /** Before the pre-queue opens: nobody may wait yet. */
  | 'closed'
  /** Between the opening and the launch: arrivals wait for the draw. */
  | 'pre-queue'
  /** From the launch on: places are drawn and later arrivals queue in order. */
  | 'open'

export function queuePhase(settings: QueueSettings, now: number): QueuePhase {
  if (now >= settings.launchAt) return 'open'
  return now >= settings.opensAt ? 'pre-queue' : 'closed'
}

/**
 * The time between two admissions (ms). Every admitted fan counts as shopping for the whole of
 * their pass, so spacing admissions by passMs / cap keeps at most `cap` passes alive at once.
 */
export function admissionIntervalMs(settings: QueueSettings): number {
  const byRate = MINUTE_MS / settings.ratePerMinute
  const byCap = settings.maxShopping === null ? 0 : settings.passMs / settings.maxShopping
  return Math.ceil(Math.max(byRate, byCap))
}

/** When the fan with this drawn place (1-based) in the pre-queue is let in. */
export function preQueueAdmitAt(settings: QueueSettings, place: number): number {
  return settings.launchAt + (place - 1) * admissionIntervalMs(settings)
}

/**
 * When a fan who joins after the draw is let in: one interval after the fan before them, and
 * never before they arrived (an empty line does not bank admissions for a later burst).
 */
export function nextAdmitAt(settings: QueueSettings, previousAdmitAt: number | null, now: number): number {
  const earliest = Math.max(now, settings.launchAt)
  if (previousAdmitAt === null) return earliest
  return Math.max(previousAdmitAt + admissionIntervalMs(settings), earliest)
}

export interface QueueStanding {
  /** 1 for the next fan to be let in; 0 once this fan's turn has come. */
  place: number
  /** Milliseconds until this fan is let in (0 once in). */
  waitMs: number
  admitted: boolean
}

/** Where a fan who is let in at `admitAt` stands at `now`. */
export function queueStanding(settings: QueueSettings, admitAt: number, now: number): QueueStanding {
  const waitMs = Math.max(0, admitAt - now)
  if (waitMs === 0) return { place: 0, waitMs: 0, admitted: true }
  return { place: Math.ceil(waitMs / admissionIntervalMs(settings)), waitMs, admitted: false }
}

/**
 * When the pass of a fan let in at `admitAt` stops letting them shop: on the whole second at or
 * before the end of its life, as signed tokens count expiry in seconds.
 */
export function passExpiresAt(settings: QueueSettings, admitAt: number): number {
  return Math.floor((admitAt + settings.passMs) / 1000) * 1000
}

/**
 * Whether a cart opened under a pass at `admittedAt` is still admitted: for as long as the hold of
 * that first add lives (an hour), whatever is left of the pass, so a fan let in can check out
 * without hurrying (docs/decisions/0011). Null: the cart was not opened under a pass.
 */
export const isCartAdmitted = (admittedAt: number | null, now: number): boolean =>
  admittedAt !== null && isHoldActive(holdExpiresAt(admittedAt), now)

/**
 * A seeded pseudo-random generator (xoshiro128**) over a 128-bit seed given as 32 hex digits.
 * The server draws the seed from its CSPRNG at the launch instant; tests pass their own.
 */
export function seededRandom(seedHex: string): () => number {
  if (!/^[0-9a-f]{32}$/i.test(seedHex)) throw new RangeError('a seed is 32 hex digits')
  // The seed's words are mixed (splitmix32, chained twice over all four) into the state, so that
  // every state word depends on the whole seed: xoshiro's first outputs, which a draw uses most,
  // are far from random from a sparse or nearly equal seed.
  const seedWords = [0, 1, 2, 3].map((i) => Number.parseInt(seedHex.slice(i * 8, i * 8 + 8), 16))
  let h = 0
  for (const word of seedWords) h = splitmix32(h ^ word)
  const state = seedWords.map((word) => {
    h = splitmix32(h ^ word)
    return h
  })
  let [a, b, c, d] = state as [number, number, number, number]
  if ((a | b | c | d) === 0) a = 1
  const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0
  return () => {
    const result = Math.imul(rotl(Math.imul(b, 5) >>> 0, 7), 9) >>> 0
    const t = (b << 9) >>> 0
    c = (c ^ a) >>> 0
    d = (d ^ b) >>> 0
    b = (b ^ c) >>> 0
    a = (a ^ d) >>> 0
    c = (c ^ t) >>> 0
    d = rotl(d, 11)
    return result
  }
}

function splitmix32(seed: number): number {
  const z = (seed + 0x9e3779b9) | 0
  let t = Math.imul(z ^ (z >>> 16), 0x21f0aaad)
  t = Math.imul(t ^ (t >>> 15), 0x735a2d97)
  return (t ^ (t >>> 15)) >>> 0
}

/** An integer in [0, bound) without modulo bias (rejection of the uneven tail). */
function uniformBelow(next: () => number, bound: number): number {
  const limit = 2 ** 32 - (2 ** 32 % bound)
  for (;;) {
    const value = next()
    if (value < limit) return value % bound
  }
}

/** The pre-queue's draw: a uniformly random permutation of `items` (Fisher–Yates) under the seed. */
export function fairShuffle<T>(items: readonly T[], seedHex: string): T[] {
  const next = seededRandom(seedHex)
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = uniformBelow(next, i + 1)
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}
