import { describe, expect, it } from 'vitest'
import {
  birthdayFields,
  dayChoices,
  daysInMonth,
  isLeapYear,
  isRealDate,
  MONTHS,
  monthKey,
  toIsoDate,
  yearChoices,
} from './birthday.ts'

describe('year choices', () => {
  it('are the last 100 years counting back from the current year, newest first', () => {
    const years = yearChoices(2026)
    expect(years).toHaveLength(100)
    expect(years[0]).toBe(2026)
    expect(years.at(-1)).toBe(1927)
  })
  it("keep a stored birthday's year that the years have passed, last", () => {
    expect(yearChoices(2027, 1927).slice(-2)).toEqual([1928, 1927])
    expect(yearChoices(2027, 1990)).toEqual(yearChoices(2027))
  })
})

describe('day choices', () => {
  it('follow the number of days in the month', () => {
    expect(dayChoices(1, 2023)).toHaveLength(31)
    expect(dayChoices(4, 2023)).toHaveLength(30)
    expect(dayChoices(12, 2023).at(-1)).toBe(31)
  })
  it('offer 29 February only in leap years', () => {
    expect(dayChoices(2, 2024)).toHaveLength(29)
    expect(dayChoices(2, 2023)).toHaveLength(28)
    expect(dayChoices(2, 1900)).toHaveLength(28)
    expect(dayChoices(2, 2000)).toHaveLength(29)
  })
  it('keep 29 February while no year is chosen, and all 31 days while no month is', () => {
    expect(daysInMonth(2)).toBe(29)
    expect(dayChoices()).toHaveLength(31)
  })
})

describe('dates', () => {
  it('knows leap years', () => {
    expect([1996, 2000, 2024].map(isLeapYear)).toEqual([true, true, true])
    expect([1900, 2023, 2100].map(isLeapYear)).toEqual([false, false, false])
  })
  it('knows which dates exist', () => {
    expect(isRealDate(2024, 2, 29)).toBe(true)
    expect(isRealDate(2023, 2, 29)).toBe(false)
    expect(isRealDate(2023, 13, 1)).toBe(false)
    expect(isRealDate(2023, 6, 0)).toBe(false)
  })
  it('names the twelve months with key numbers', () => {
    expect(MONTHS.map((m) => m.key)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(monthKey('March')).toBe(3)
    expect(monthKey('march')).toBeUndefined()
  })
  it('turns the three choices into an ISO date and back', () => {
    expect(toIsoDate(1990, 3, 7)).toBe('1990-03-07')
    expect(birthdayFields('1990-03-07')).toEqual({ birthDay: '7', birthMonth: 'March', birthYear: '1990' })
    expect(birthdayFields(null)).toEqual({ birthDay: '', birthMonth: '', birthYear: '' })
  })
})
