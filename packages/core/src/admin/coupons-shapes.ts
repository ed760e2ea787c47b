/**
 * What the back office's coupon calls take and answer (issue 11): percent coupons with a validity
 * window, a total usage limit and a per-customer limit, and the one rule for a coupon's status.
 */
import { z } from 'zod'
import { isoInstant } from '../dates.ts'
import { boundedNumber, emptyAsNull, evenWithOtherIssues, idParam, text } from '../input.ts'

export const couponIdParams = z.object({ id: idParam() })

/** Codes are kept in capitals and matched without regard to case (cart/coupons). */
export const couponCodeSchema = text({ error: 'is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,32}$/, 'must be 3 to 32 letters, digits, - or _')

/** The largest usage limit: far above any real campaign, inside a database integer. */
export const COUPON_LIMIT_MAX = 1_000_000

export const couponInputSchema = z
  .object({
    code: couponCodeSchema,
    amount: boundedNumber(1, 100, 'must be a whole percent from 1 to 100'),
    /** ISO 8601 with offset; null (or empty): valid at once. */
    startsAt: emptyAsNull(isoInstant.nullable()).default(null),
    /** ISO 8601 with offset; null (or empty): never ends. */
    endsAt: emptyAsNull(isoInstant.nullable()).default(null),
    /** Uses over every order; null (or empty): no limit. */
    usageLimit: emptyAsNull(boundedNumber(1, COUPON_LIMIT_MAX).nullable()).default(null),
    /** Uses per customer (an account, or a guest's e-mail address); null (or empty): no limit. */
    perCustomerLimit: emptyAsNull(boundedNumber(1, COUPON_LIMIT_MAX).nullable()).default(null),
  })
  .refine(
    (coupon) => !coupon.startsAt || !coupon.endsAt || Date.parse(coupon.endsAt) > Date.parse(coupon.startsAt),
    // Said beside the other fields' problems (a code left out), not in a second round.
    { message: 'must be after the start', path: ['endsAt'], ...evenWithOtherIssues('startsAt', 'endsAt') },
  )
export type CouponInput = z.output<typeof couponInputSchema>

export const COUPON_STATUSES = ['scheduled', 'active', 'used up', 'ended'] as const
export type CouponStatus = (typeof COUPON_STATUSES)[number]

export const adminCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.literal('percent'),
  amount: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  /** Placed orders (and orders being paid) that used it. */
  uses: z.number().int(),
  status: z.enum(COUPON_STATUSES),
})
export type AdminCoupon = z.output<typeof adminCouponSchema>

export const couponListSchema = z.object({ items: z.array(adminCouponSchema) })

/** Where a coupon stands at `now` (epoch ms); times are epoch ms or null. */
export function couponStatus(
  coupon: {
    active: boolean
    startsAt: number | null
    endsAt: number | null
    usageLimit: number | null
    uses: number
  },
  now: number,
): CouponStatus {
  if (!coupon.active || (coupon.endsAt !== null && coupon.endsAt <= now)) return 'ended'
  if (coupon.usageLimit !== null && coupon.uses >= coupon.usageLimit) return 'used up'
  if (coupon.startsAt !== null && coupon.startsAt > now) return 'scheduled'
  return 'active'
}
