/** Demo content of the cart domain: the demo percent coupon (spec 3: "N% on full basket"). */
import type { SeedContext } from './seed.ts'

export const DEMO_COUPON = { code: 'FANS15', amount: 15 } as const

export async function seedCart(ctx: SeedContext): Promise<void> {
  await ctx.db
    .insertInto('coupons')
    .values({
      code: DEMO_COUPON.code,
      type: 'percent',
      amount: DEMO_COUPON.amount,
      active: 1,
      expires_at: null,
    })
    .execute()
}
