/**
 * Coupons on an order: a percent off the full basket (spec 3). Codes match without regard to case.
 * A coupon holds within its window (starts_at to expires_at) and its limits: a total usage limit
 * and a per-customer limit (an account, or a guest's mailbox as core's mailboxOf reads it, so
 * fan+2@ and f.an@gmail.com are the customer fan@gmail.com is, as for the per-fan cap). Applying checks all of them;
 * placement checks them again and counts the use with one conditional write in its transaction
 * (countCouponUse), so a limit holds under any number of parallel placements; a payment that
 * fails and an order cancelled by staff give the use back (giveCouponUseBack). Every refusal is a
 * 422 naming the code; applying answers it as a WrongCouponCode, which the cart's coupon route
 * counts against guessing (routes/orders.ts).
 */
import { mailboxOf } from '@fanshop/core'
import type { Selectable } from 'kysely'
import type { ShopContext } from '../context.ts'
import { HttpError, notFound, unprocessable } from '../http/errors.ts'
import { assertNotComplete, changeOrder, type Db, type OrderRow } from './orders.ts'
import type { CouponsTable } from './tables.ts'

type CouponRow = Selectable<CouponsTable>

export const couponMessages = {
  unknown: (code: string) => `The coupon code "${code}" does not exist.`,
  expired: (code: string) => `The coupon code "${code}" has expired.`,
  notYet: (code: string) => `The coupon code "${code}" is not valid yet.`,
  usedUp: (code: string) => `The coupon code "${code}" has been used up.`,
  perCustomer: (code: string) => `You have already used the coupon code "${code}" as often as it allows.`,
}

/** A code that applying refused for itself (unknown, ended, not yet valid, used up): a wrong guess. */
export class WrongCouponCode extends HttpError {
  constructor(message: string) {
    super(422, message)
  }
}

/** Why the coupon cannot be used at `now` by the order's customer, or null when it can. */
async function refusalOf(
  db: Db,
  coupon: CouponRow,
  order: OrderRow,
  now: number,
  code = coupon.code,
): Promise<string | null> {
  if (coupon.active !== 1) return couponMessages.unknown(code)
  if (coupon.expires_at !== null && coupon.expires_at <= now) return couponMessages.expired(code)
  if (coupon.starts_at !== null && coupon.starts_at > now) return couponMessages.notYet(code)
  if (coupon.usage_limit !== null && coupon.uses >= coupon.usage_limit) return couponMessages.usedUp(code)
  if (
    coupon.per_customer_limit !== null &&
    (await customerUses(db, coupon.id, order)) >= coupon.per_customer_limit
  ) {
    return couponMessages.perCustomer(code)
  }
  return null
}

/** Other orders of the same account or mailbox placed (or being paid) with the coupon, and not
 *  cancelled since. */
async function customerUses(db: Db, couponId: number, order: OrderRow): Promise<number> {
  const mailbox = order.email ? mailboxOf(order.email) : null
  if (order.user_id === null && mailbox === null) return 0
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('coupon_id', '=', couponId)
    .where('id', '<>', order.id)
    .where((eb) => eb.or([eb('state', '=', 'complete'), eb('frozen_at', 'is not', null)]))
    .where('canceled_at', 'is', null)
    .where((eb) => {
      const same = []
      if (order.user_id !== null) same.push(eb('user_id', '=', order.user_id))
      if (mailbox !== null) same.push(eb('fan_mailbox', '=', mailbox))
      return eb.or(same)
    })
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function applyCoupon(ctx: ShopContext, order: OrderRow, code: string): Promise<OrderRow> {
  const normalised = code.trim().toUpperCase()
  return changeOrder(ctx, order.id, async (trx, current) => {
    assertNotComplete(current)
    const coupon = await trx
      .selectFrom('coupons')
      .selectAll()
      .where('code', '=', normalised)
      .executeTakeFirst()
    if (coupon?.active !== 1) throw new WrongCouponCode(couponMessages.unknown(code.trim()))
    const refusal = await refusalOf(trx, coupon, current, ctx.now(), code.trim())
    if (refusal) throw new WrongCouponCode(refusal)
    await trx.updateTable('orders').set({ coupon_id: coupon.id }).where('id', '=', current.id).execute()
  })
}

/**
 * Counts one use of the order's coupon, inside placement's transaction: the window and the
 * per-customer limit are checked, and the total limit is one conditional UPDATE (uses < limit),
 * which also locks the coupon's row, so parallel placements are counted one after another.
 * Refused with 422; the caller's transaction then rolls back.
 */
export async function countCouponUse(trx: Db, order: OrderRow, now: number): Promise<void> {
  if (order.coupon_id === null) return
  const counted = await trx
    .updateTable('coupons')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', order.coupon_id)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('uses', '<', eb.ref('usage_limit'))]))
    .returningAll()
    .executeTakeFirst()
  const coupon =
    counted ??
    (await trx.selectFrom('coupons').selectAll().where('id', '=', order.coupon_id).executeTakeFirstOrThrow())
  if (!counted) throw unprocessable(couponMessages.usedUp(coupon.code))
  // The row now counts this use too: check the rest against the count before it.
  const refusal = await refusalOf(trx, { ...coupon, uses: coupon.uses - 1 }, order, now)
  if (refusal) throw unprocessable(refusal)
}

/** A placement whose payment failed or was cancelled, or a placed order cancelled by staff, gives
 *  its coupon use back. */
export async function giveCouponUseBack(trx: Db, order: Pick<OrderRow, 'coupon_id'>): Promise<void> {
  if (order.coupon_id === null) return
  await trx
    .updateTable('coupons')
    .set((eb) => ({ uses: eb('uses', '-', 1) }))
    .where('id', '=', order.coupon_id)
    .where('uses', '>', 0)
    .execute()
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
