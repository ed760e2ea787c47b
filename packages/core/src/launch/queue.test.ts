import { describe, expect, it } from 'vitest'
import {
  admissionIntervalMs,
  fairShuffle,
  nextAdmitAt,
  passExpiresAt,
  preQueueAdmitAt,
  queuePhase,
  queueSettings,
  queueStanding,
  seededRandom,
} from './queue.ts'

const LAUNCH = Date.parse('2026-12-01T07:00:00Z')
const MIN = 60_000
const seed = (n: number) => n.toString(16).padStart(32, '0')

describe('queue settings', () => {
  it('are off without an admission rate (the shop behaves as without a queue)', () => {
    expect(queueSettings({ launchAt: LAUNCH })).toBeNull()
  })

  it('open the pre-queue 30 minutes before the launch and give a 15-minute pass by default', () => {
    const s = queueSettings({ launchAt: LAUNCH, ratePerMinute: 60 })!
    expect(s.opensAt).toBe(LAUNCH - 30 * MIN)
    expect(s.passMs).toBe(15 * MIN)
    expect(s.maxShopping).toBeNull()
  })

  it('refuse nonsense', () => {
    expect(() => queueSettings({ launchAt: LAUNCH, ratePerMinute: 0 })).toThrow(RangeError)
    expect(() => queueSettings({ launchAt: LAUNCH, ratePerMinute: 5, maxShopping: 0 })).toThrow(RangeError)
    expect(() => queueSettings({ launchAt: LAUNCH, ratePerMinute: 5, preQueueMinutes: -1 })).toThrow(
      RangeError,
    )
    expect(() => queueSettings({ launchAt: LAUNCH, ratePerMinute: 5, passMinutes: 0 })).toThrow(RangeError)
  })
})

describe('the queue phase', () => {
  const s = queueSettings({ launchAt: LAUNCH, ratePerMinute: 60, preQueueMinutes: 10 })!
  it('is closed, then pre-queue from the opening, then open from the launch instant', () => {
    expect(queuePhase(s, LAUNCH - 10 * MIN - 1)).toBe('closed')
    expect(queuePhase(s, LAUNCH - 10 * MIN)).toBe('pre-queue')
    expect(queuePhase(s, LAUNCH - 1)).toBe('pre-queue')
    expect(queuePhase(s, LAUNCH)).toBe('open')
  })
})

describe('the admission schedule', () => {
  it('spaces admissions by the rate', () => {
    const s = queueSettings({ launchAt: LAUNCH, ratePerMinute: 120 })!
    expect(admissionIntervalMs(s)).toBe(500)
    expect(preQueueAdmitAt(s, 1)).toBe(LAUNCH)
    expect(preQueueAdmitAt(s, 3)).toBe(LAUNCH + 1000)
  })

  it('slows down to keep the cap of fans shopping at once when the cap binds', () => {
    // 100 a minute with 15-minute passes would be 1,500 at once; a cap of 300 allows 20 a minute.
    const s = queueSettings({ launchAt: LAUNCH, ratePerMinute: 100, maxShopping: 300 })!
    expect(admissionIntervalMs(s)).toBe(3000)
  })

  it('never admits more than the rate in any minute nor more than the cap at once', () => {
    const s = queueSettings({ launchAt: LAUNCH, ratePerMinute: 37, maxShopping: 200, passMinutes: 5 })!
    const admits: number[] = []
    for (let place = 1; place <= 300; place++) admits.push(preQueueAdmitAt(s, place))
    // Later arrivals, some in bursts and some after idle stretches.
    let previous = admits.at(-1)!
    let now = LAUNCH + 2 * MIN
    for (let i = 0; i < 500; i++) {
      now += i % 50 === 0 ? 20 * MIN : i % 3 === 0 ? 0 : 700
      previous = nextAdmitAt(s, previous, now)
      expect(previous).toBeGreaterThanOrEqual(now)
      admits.push(previous)
    }
    for (const start of admits) {
      const inMinute = admits.filter((t) => t >= start && t < start + MIN).length
      expect(inMinute).toBeLessThanOrEqual(37)
      const shopping = admits.filter((t) => t <= start && passExpiresAt(s, t) > start).length
      expect(shopping).toBeLessThanOrEqual(200)
    }
  })

  it('lets the first arrival after the launch in at once when nobody waits, never before the launch', () => {
    const s = queueSettings({ launchAt: LAUNCH, ratePerMinute: 10 })!
    expect(nextAdmitAt(s, null, LAUNCH + 5000)).toBe(LAUNCH + 5000)
    expect(nextAdmitAt(s, LAUNCH, LAUNCH + 1000)).toBe(LAUNCH + 6000)
    expect(nextAdmitAt(s, LAUNCH, LAUNCH + 60_000)).toBe(LAUNCH + 60_000)
  })
})

describe('a fan standing in the queue', () => {
  const s = queueSettings({ launchAt: LAUNCH, ratePerMinute: 60 })!
  it('sees the place drop and the wait shrink as the clock runs, then is let in', () => {
    const admitAt = preQueueAdmitAt(s, 11)
    expect(queueStanding(s, admitAt, LAUNCH)).toEqual({ place: 10, waitMs: 10_000, admitted: false })
    expect(queueStanding(s, admitAt, LAUNCH + 4500)).toEqual({ place: 6, waitMs: 5500, admitted: false })
    expect(queueStanding(s, admitAt, admitAt)).toEqual({ place: 0, waitMs: 0, admitted: true })
  })
})

describe('the fair draw', () => {
  it('is a permutation, the same for the same seed and different for another', () => {
    const items = Array.from({ length: 1000 }, (_, i) => i)
    const a = fairShuffle(items, seed(1))
    expect([...a].sort((x, y) => x - y)).toEqual(items)
    expect(fairShuffle(items, seed(1))).toEqual(a)
    expect(fairShuffle(items, seed(2))).not.toEqual(a)
    expect(items[0]).toBe(0)
  })

  it('rejects a seed that is not 128 bits of hex', () => {
    expect(() => seededRandom('abc')).toThrow(RangeError)
  })

  it('gives no edge to arriving early: places are independent of arrival order', () => {
    // 2,000 arrivals in order; for 20 seeds, the rank correlation between arrival and drawn place
    // stays within 4 standard errors of 0, and a 4x4 table of arrival quarter against place quarter
    // passes a chi-square test (9 degrees of freedom, p = 0.001 bound 27.88).
    const n = 2000
    const arrivals = Array.from({ length: n }, (_, i) => i)
    for (let k = 1; k <= 20; k++) {
      const places = fairShuffle(arrivals, seed(k * 7919))
      let sumSq = 0
      const table = Array.from({ length: 4 }, () => [0, 0, 0, 0])
      places.forEach((arrival, place) => {
        sumSq += (arrival - place) ** 2
        table[Math.floor((arrival * 4) / n)]![Math.floor((place * 4) / n)]! += 1
      })
      const rho = 1 - (6 * sumSq) / (n * (n * n - 1))
      expect(Math.abs(rho)).toBeLessThan(4 / Math.sqrt(n - 1))
      const expected = n / 16
      const chi = table.flat().reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0)
      expect(chi).toBeLessThan(27.88)
    }
  })

  it('puts every arrival in first place about equally often', () => {
    const counts = [0, 0, 0, 0, 0]
    for (let k = 0; k < 5000; k++) {
      counts[fairShuffle([0, 1, 2, 3, 4], seed(k))[0]!]! += 1
    }
    const chi = counts.reduce((sum, c) => sum + (c - 1000) ** 2 / 1000, 0)
    expect(chi).toBeLessThan(18.47) // 4 degrees of freedom, p = 0.001
  })
})

describe('a pass', () => {
  it('expires on a whole second, never after the end of its life', () => {
    const s = queueSettings({ launchAt: LAUNCH, ratePerMinute: 60, passMinutes: 1 })!
    expect(passExpiresAt(s, LAUNCH + 1500)).toBe(LAUNCH + 61_000)
    expect(passExpiresAt(s, LAUNCH)).toBe(LAUNCH + 60_000)
  })
})
