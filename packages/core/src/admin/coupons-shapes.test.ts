import { describe, expect, it } from 'vitest'
import { couponInputSchema, couponStatus } from './coupons-shapes.ts'

const base = { active: true, startsAt: null, endsAt: null, usageLimit: null, uses: 0 }

describe('a coupon’s status', () => {
  it('is active without a window or a limit, whatever its uses', () => {
    expect(couponStatus({ ...base, uses: 10_000 }, 1000)).toBe('active')
  })

  it('follows its window: scheduled before the start, ended from the end on', () => {
    const window = { ...base, startsAt: 100, endsAt: 200 }
    expect(couponStatus(window, 99)).toBe('scheduled')
    expect(couponStatus(window, 100)).toBe('active')
    expect(couponStatus(window, 200)).toBe('ended')
  })

  it('is used up once its uses reach the limit, and ended when switched off', () => {
    expect(couponStatus({ ...base, usageLimit: 3, uses: 2 }, 0)).toBe('active')
    expect(couponStatus({ ...base, usageLimit: 3, uses: 3 }, 0)).toBe('used up')
    expect(couponStatus({ ...base, active: false }, 0)).toBe('ended')
  })
})

describe('a coupon’s input', () => {
  it('keeps the code in capitals and leaves what is not sent unlimited', () => {
    expect(couponInputSchema.parse({ code: ' spring-10 ', amount: '10' })).toEqual({
      code: 'SPRING-10',
      amount: 10,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      perCustomerLimit: null,
    })
  })

  it('refuses an end before the start, a time without its offset, and a percent past 100', () => {
    const errors = (input: object) =>
      couponInputSchema
        .safeParse({ code: 'GOOD', amount: 10, ...input })
        .error?.issues.map((i) => i.path.join('.'))
    expect(errors({ startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' })).toEqual(['endsAt'])
    expect(errors({ startsAt: '2026-12-02T10:00' })).toEqual(['startsAt'])
    expect(errors({ amount: 101 })).toEqual(['amount'])
  })

  it("says an end before the start beside another field's problem, in one answer", () => {
    const issues = couponInputSchema
      .safeParse({ amount: 101, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' })
      .error?.issues.map((issue) => issue.path.join('.'))
    expect(issues).toEqual(['code', 'amount', 'endsAt'])
  })

  it('names a code left out in words, as the form shows it under the field', () => {
    // The form sends no code for an empty field; Zod's own message was 'Invalid input: expected string, received undefined'.
    const issues = couponInputSchema.safeParse({ amount: 10 }).error?.issues
    expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['code', 'is required']])
  })
})
