import { describe, expect, it } from 'vitest'
import { launchInstant } from './launch-instant.ts'

describe('launchInstant', () => {
  it('reads a wall-clock time in the shop time zone', () => {
    // 29 Oct 2020 07:00 in Madrid is CET (UTC+1), after the October change.
    expect(new Date(launchInstant('2020-10-29T07:00', 'Europe/Madrid')).toISOString()).toBe(
      '2020-10-29T06:00:00.000Z',
    )
    expect(new Date(launchInstant('2020-07-01T07:00', 'Europe/Madrid')).toISOString()).toBe(
      '2020-07-01T05:00:00.000Z',
    )
  })
  it('accepts an ISO instant with an offset', () => {
    expect(launchInstant('2030-01-01T00:00:00Z', 'Europe/Madrid')).toBe(Date.UTC(2030, 0, 1))
  })
  it('answers each setting and zone for itself, asked in turn', () => {
    const madrid = launchInstant('2020-10-29T07:00', 'Europe/Madrid')
    expect(launchInstant('2020-10-29T07:00', 'UTC')).toBe(madrid + 60 * 60 * 1000)
    expect(launchInstant('2020-10-29T08:00', 'Europe/Madrid')).toBe(madrid + 60 * 60 * 1000)
    expect(launchInstant('2020-10-29T07:00', 'Europe/Madrid')).toBe(madrid)
    expect(() => launchInstant('tomorrow', 'Europe/Madrid')).toThrow(RangeError)
    expect(launchInstant('2020-10-29T07:00', 'Europe/Madrid')).toBe(madrid)
  })
  it('refuses anything else', () => {
    expect(() => launchInstant('tomorrow', 'Europe/Madrid')).toThrow(RangeError)
    expect(() => launchInstant('2030-01-01', 'Europe/Madrid')).toThrow(RangeError)
  })
})
