/**
 * The birthday choices of the registration and details forms (spec 5): years are the last 100
 * counting back from the current year, days follow the chosen month and year (29 February only
 * in leap years). Months travel by name (spec 3: birthMonth has a name and a key number).
 */

const YEAR_CHOICE_COUNT = 100

export const MONTHS = [
  { key: 1, name: 'January' },
  { key: 2, name: 'February' },
  { key: 3, name: 'March' },
  { key: 4, name: 'April' },
  { key: 5, name: 'May' },
  { key: 6, name: 'June' },
  { key: 7, name: 'July' },
  { key: 8, name: 'August' },
  { key: 9, name: 'September' },
  { key: 10, name: 'October' },
  { key: 11, name: 'November' },
  { key: 12, name: 'December' },
] as const

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

/** The key number (1-12) of a month name, or undefined when it names no month. */
export function monthKey(name: string): number | undefined {
  return MONTHS.find((month) => month.name === name)?.key
}

/**
 * Days in a month; while the year is not chosen yet February may still be a leap February,
 * so it offers 29 until a year says otherwise.
 */
export function daysInMonth(month: number, year?: number): number {
  if (month === 2) return year === undefined || isLeapYear(year) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/**
 * The year choices, newest first: the current year and the 99 before it, then `keptYear` (the
 * fan's stored birthday) when the years have passed it, so that a birthday once chosen stays one.
 */
export function yearChoices(currentYear: number, keptYear?: number): number[] {
  const years = Array.from({ length: YEAR_CHOICE_COUNT }, (_, i) => currentYear - i)
  return keptYear !== undefined && !isYearChoice(keptYear, currentYear) ? [...years, keptYear] : years
}

/** The day choices for a month and year; all 31 while no month is chosen. */
export function dayChoices(month?: number, year?: number): number[] {
  const count = month === undefined ? 31 : daysInMonth(month, year)
  return Array.from({ length: count }, (_, i) => i + 1)
}

export function isYearChoice(year: number, currentYear: number, keptYear?: number): boolean {
  return year === keptYear || (year <= currentYear && year > currentYear - YEAR_CHOICE_COUNT)
}

export function isRealDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(month, year)
}

/** "1990-03-07" from the three choices. */
export function toIsoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** The three form values (day and year as digits, the month by name) of an ISO date. */
export function birthdayFields(isoDate: string | null): {
  birthDay: string
  birthMonth: string
  birthYear: string
} {
  const match = isoDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate) : null
  if (!match) return { birthDay: '', birthMonth: '', birthYear: '' }
  const month = MONTHS[Number(match[2]) - 1]
  return {
    birthDay: String(Number(match[3])),
    birthMonth: month?.name ?? '',
    birthYear: match[1]!,
  }
}
