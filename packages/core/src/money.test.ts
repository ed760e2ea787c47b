import { describe, expect, it } from 'vitest'
import { formatEuro, toCents, toDecimalString } from './money.ts'

describe('formatEuro', () => {
  it('shows a euro sign and two decimals', () => {
    expect(formatEuro(2990)).toBe('€29.90')
    expect(formatEuro(5)).toBe('€0.05')
    expect(formatEuro(0)).toBe('€0.00')
    expect(formatEuro(123456)).toBe('€1234.56')
  })
  it('puts the minus before the sign', () => {
    expect(formatEuro(-500)).toBe('-€5.00')
  })
})

describe('toDecimalString', () => {
  it('writes WooCommerce decimal strings', () => {
    expect(toDecimalString(2990)).toBe('29.90')
    expect(toDecimalString(7)).toBe('0.07')
  })
  it('refuses fractional cents', () => {
    expect(() => toDecimalString(1.5)).toThrow(RangeError)
  })
})

describe('toCents', () => {
  it('rounds to two decimals', () => {
    expect(toCents('29.9')).toBe(2990)
    expect(toCents(1.005)).toBe(101)
    expect(toCents('19.999')).toBe(2000)
    expect(toCents(9.99)).toBe(999)
  })
  it('refuses what is not a number', () => {
    expect(() => toCents('abc')).toThrow(RangeError)
  })
})
