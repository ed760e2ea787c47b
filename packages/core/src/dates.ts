/**
 * The one rule for a date or a date and time a request carries: strict ISO 8601, a real day of
 * the calendar and a real time of the clock, in a year the shop can mean. Date.parse guesses
 * instead: it read "1" as the year 2001, rolled 31 February over into March and took years such
 * as +275760, so an absurd value was saved and shown rather than refused with a 400.
 */
import { isRealDate } from './accounts/birthday.ts'
import { text } from './input.ts'

/** The first and last year a date the shop takes may fall in. */
export const MIN_YEAR = 2000
export const MAX_YEAR = 2100

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2}))$/

const YEAR_MESSAGE = `must be in the years ${MIN_YEAR} to ${MAX_YEAR}`

/** What a time's groups must hold: a time of the clock and an offset of at most 23:59. */
const isRealTimeOfDay = ([hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0]: number[]) =>
  !(hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59)

/**
 * A text matching `pattern` whose first three groups are a year, a month and a day, checked in that
 * order; `yearMeant` is the year of what a real value stands for, when that is not the year written
 * (an instant's offset moves it across New Year: 2100-12-31T23:59-23:59 is in 2101).
 */
function dated(
  pattern: RegExp,
  formatMessage: string,
  realMessage: string,
  isRealTime = (_: number[]) => true,
  yearMeant?: (value: string) => number,
) {
  return text().superRefine((value, ctx) => {
    const match = pattern.exec(value)
    if (!match) return void ctx.addIssue({ code: 'custom', message: formatMessage })
    // A group left out (the seconds, a Z offset) reads as 0.
    const [year = 0, month = 0, day = 0, ...time] = match.slice(1).map((group) => Number(group ?? 0))
    if (year < MIN_YEAR || year > MAX_YEAR)
      return void ctx.addIssue({ code: 'custom', message: YEAR_MESSAGE })
    if (!isRealDate(year, month, day) || !isRealTime(time))
      return void ctx.addIssue({ code: 'custom', message: realMessage })
    const meant = yearMeant?.(value) ?? year
    if (meant < MIN_YEAR || meant > MAX_YEAR) ctx.addIssue({ code: 'custom', message: YEAR_MESSAGE })
  })
}

/** A day as YYYY-MM-DD (a list filter's `from` and `to`, read as UTC days). */
export const isoDate = dated(
  DATE,
  'must be a date as YYYY-MM-DD, e.g. 2026-12-01',
  'must be a real day of the calendar',
)

/**
 * An instant: a date and time with its offset (Z or ±HH:MM), seconds and up to three decimals
 * optional, e.g. 2026-12-01T09:00:00Z; what the back office's forms send from a local time.
 */
export const isoInstant = dated(
  INSTANT,
  'must be a date and time with its offset, e.g. 2026-12-01T09:00:00Z',
  'must be a real date and time',
  isRealTimeOfDay,
  (value) => new Date(value).getUTCFullYear(),
)

/**
 * A date and time as WordPress's `date-time` parameters take it (rest_parse_date): seconds
 * required, `T`, `t` or a space between date and time, any decimals, and an offset (Z, ±HH or
 * ±HH:MM) that may be left out.
 */
const WORDPRESS_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:Z|([+-])(\d{2})(?::(\d{2}))?)?$/

const WORDPRESS_INSTANT_MESSAGE =
  "must be a date and time, e.g. 2026-12-01T09:00:00 (UTC, as the items' dates are written) or 2026-12-01T09:00:00+01:00"

/**
 * A content list's `before`, `after`, `modified_before` or `modified_after` (WordPress's
 * date-time parameters), as epoch milliseconds; without an offset it is read as UTC, the time the
 * items' `date` and `modified` are written in. Any year of four digits: a bound before or after
 * everything (after=1970-01-01T00:00:00) filters nothing rather than being refused.
 */
export const wordpressInstant = text()
  .superRefine((value, ctx) => {
    const match = WORDPRESS_INSTANT.exec(value)
    if (!match) return void ctx.addIssue({ code: 'custom', message: WORDPRESS_INSTANT_MESSAGE })
    const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match.slice(1, 7).map(Number)
    const offset = [match[9], match[10]].map((group) => Number(group ?? 0))
    if (!isRealDate(year, month, day) || !isRealTimeOfDay([hour, minute, second, ...offset]))
      ctx.addIssue({ code: 'custom', message: 'must be a real date and time' })
  })
  .transform((value) => {
    const [, year, month, day, hour, minute, second, fraction, sign, offsetHours, offsetMinutes] =
      WORDPRESS_INSTANT.exec(value) ?? []
    const instant = new Date(0)
    instant.setUTCFullYear(Number(year), Number(month) - 1, Number(day))
    instant.setUTCHours(
      Number(hour),
      Number(minute),
      Number(second),
      Math.floor(Number(fraction ?? 0) * 1000),
    )
    const offsetMs = (Number(offsetHours ?? 0) * 60 + Number(offsetMinutes ?? 0)) * 60_000
    return instant.getTime() - (sign === '-' ? -offsetMs : offsetMs)
  })
