import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { isoDate, isoInstant, wordpressInstant } from './dates.ts'

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value)
  return result.success ? null : result.error.issues.map((issue) => issue.message).join('; ')
}

describe('a date (YYYY-MM-DD)', () => {
  it('takes real days of the calendar, 29 February of a leap year included', () => {
    for (const day of ['2026-01-31', '2024-02-29', '2000-02-29', '2000-01-01', '2100-12-31']) {
      expect(isoDate.parse(day)).toBe(day)
    }
  })

  it('refuses days the calendar does not have, with a message saying so', () => {
    for (const day of ['2026-02-31', '2026-02-29', '2100-02-29', '2026-13-01', '2026-04-31', '2026-00-10']) {
      expect(messageOf(isoDate, day)).toBe('must be a real day of the calendar')
    }
  })

  it('refuses anything not written as YYYY-MM-DD', () => {
    for (const value of ['1', 'yesterday', '2026-2-3', '2026-02-03T00:00Z', '+275760-09-13', ' 2026-02-03']) {
      expect(messageOf(isoDate, value)).toBe('must be a date as YYYY-MM-DD, e.g. 2026-12-01')
    }
  })

  it('refuses a year outside the shop’s range', () => {
    for (const day of ['1999-12-31', '2101-01-01', '0001-01-01', '9999-12-31']) {
      expect(messageOf(isoDate, day)).toBe('must be in the years 2000 to 2100')
    }
  })
})

describe('a date and time (ISO 8601 with its offset)', () => {
  it('takes an instant with Z or an offset, with or without seconds and milliseconds', () => {
    for (const value of [
      '2026-12-01T09:00Z',
      '2026-12-01T09:00:30Z',
      '2026-12-01T09:00:30.5+01:00',
      '2026-12-01T23:59:59.999-05:30',
      '2024-02-29T00:00:00.000Z',
    ]) {
      expect(isoInstant.parse(value)).toBe(value)
    }
  })

  it('refuses a day or a time the calendar and the clock do not have', () => {
    for (const value of [
      '2026-02-31T00:00Z',
      '2026-02-29T10:00:00Z',
      '2026-12-01T24:00Z',
      '2026-12-01T09:60Z',
      '2026-12-01T09:00:60Z',
      '2026-12-01T09:00+24:00',
      '2026-12-01T09:00+01:60',
    ]) {
      expect(messageOf(isoInstant, value)).toBe('must be a real date and time')
    }
  })

  it('refuses a number, a date alone, a time without its offset and years past the range', () => {
    for (const value of ['1', '2026-12-01', '2026-12-01T09:00', 'tomorrow', '+275760-09-13T00:00:00Z']) {
      expect(messageOf(isoInstant, value)).toBe(
        'must be a date and time with its offset, e.g. 2026-12-01T09:00:00Z',
      )
    }
    for (const value of ['-271821-04-20T00:00:00Z', 12]) expect(messageOf(isoInstant, value)).not.toBeNull()
    for (const value of ['1999-12-31T23:59:59Z', '2101-01-01T00:00:00Z']) {
      expect(messageOf(isoInstant, value)).toBe('must be in the years 2000 to 2100')
    }
  })

  it('judges the year of the instant, which its offset may move across New Year', () => {
    for (const value of [
      '2100-12-31T23:59:59-23:59',
      '2000-01-01T00:00:00+23:59',
      '2100-12-31T23:30-01:00',
    ]) {
      expect(messageOf(isoInstant, value)).toBe('must be in the years 2000 to 2100')
    }
    for (const value of ['2100-12-31T23:59:59+01:00', '2000-01-01T00:30-01:00', '2100-12-31T23:59:59Z']) {
      expect(isoInstant.parse(value)).toBe(value)
    }
  })
})

describe('wordpressInstant (a content list date filter)', () => {
  it('reads what WordPress reads, as epoch ms; without an offset, as UTC', () => {
    const cases: [string, number][] = [
      ['2026-12-01T09:00:00', Date.UTC(2026, 11, 1, 9)],
      ['2026-12-01 09:00:00Z', Date.UTC(2026, 11, 1, 9)],
      ['2026-12-01t09:00:00.1234+02:00', Date.UTC(2026, 11, 1, 7, 0, 0, 123)],
      ['2026-12-01T09:00:00-05', Date.UTC(2026, 11, 1, 14)],
      ['1970-01-01T00:00:00', 0],
      ['0099-06-01T00:00:00', new Date('0099-06-01T00:00:00Z').getTime()],
    ]
    for (const [value, ms] of cases) expect(wordpressInstant.parse(value), value).toBe(ms)
  })

  it('refuses what WordPress refuses (no seconds, a date alone, a four-digit offset) and dates or times that do not exist', () => {
    for (const value of ['2026-12-01', '2026-12-01T09:00', '2026-12-01T09:00:00+0200', 'now', '1']) {
      expect(messageOf(wordpressInstant, value), value).toMatch(/^must be a date and time, e.g. /)
    }
    for (const value of [
      '2026-02-29T00:00:00',
      '2026-12-01T24:00:00',
      '2026-12-01T09:60:00',
      '2026-12-01T09:00:00+24:00',
    ]) {
      expect(messageOf(wordpressInstant, value), value).toBe('must be a real date and time')
    }
  })
})
