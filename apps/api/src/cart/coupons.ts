/**
 * Coupons on an order: a percent off the full basket (spec 3). Codes match without regard to case;
 * a code that does not exist or has expired answers 422 saying exactly that.
 */
import type { ShopContext } from '../context.ts'
import { notFound, unprocessable } from '../http/errors.ts'
import { assertNotComplete, changeOrder, type OrderRow } from './orders.ts'

export async function applyCoupon(ctx: ShopContext, order: OrderRow, code: string): Promise<OrderRow> {
  const normalised = code.trim().toUpperCase()
  return changeOrder(ctx, order.id, async (trx, current) => {
    assertNotComplete(current)
    const coupon = await trx
      .selectFrom('coupons')
      .select(['id', 'active', 'expires_at'])
      .where('code', '=', normalised)
      .executeTakeFirst()
    if (coupon?.active !== 1) throw unprocessable(`The coupon code "${code.trim()}" does not exist.`)
    if (coupon.expires_at !== null && coupon.expires_at <= ctx.now()) {
      throw unprocessable(`The coupon code "${code.trim()}" has expired.`)
    }
    await trx.updateTable('orders').set({ coupon_id: coupon.id }).where('id', '=', current.id).execute()
  })
}

export async function removeCoupon(ctx: ShopContext, order: OrderRow, code: string): Promise<OrderRow> {
  return changeOrder(ctx, order.id, async (trx, current) => {
    assertNotComplete(current)
    const applied =
      current.coupon_id === null
        ? undefined
        : await trx
            .selectFrom('coupons')
            .select('code')
            .where('id', '=', current.coupon_id)
            .executeTakeFirst()
    if (!applied || applied.code !== code.trim().toUpperCase()) {
      throw notFound(`The coupon code "${code}" is not applied to this order.`)
    }
    await trx.updateTable('orders').set({ coupon_id: null }).where('id', '=', current.id).execute()
  })
}
