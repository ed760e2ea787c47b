/**
 * What a shopper does with a cart: add a product (the quantity adds to a line already there),
 * change or remove a line, and on login hand a guest cart to the account, merged into the cart
 * the account already has. A change to the lines sends a checkout back to the cart step.
 */
import type { Transaction } from 'kysely'
import type { ShopContext } from '../context.ts'
import type { Database } from '../db/schema.ts'
import { notFound, unprocessable } from '../http/errors.ts'
import { setLineQuantity } from './holds.ts'
import {
  assertNotComplete,
  changeOrder,
  conflict,
  FROZEN_MESSAGE,
  isFrozen,
  type OrderRow,
  rewindTo,
  settleOrder,
} from './orders.ts'
import { lockOrderRow } from './row-locks.ts'

/** The most a cart line may hold (the same bound as the API's quantity field). */
const MAX_LINE_QUANTITY = 99

type Trx = Transaction<Database>

export async function addToCart(
  ctx: ShopContext,
  order: OrderRow,
  variantId: number,
  quantity: number,
): Promise<OrderRow> {
  return changeOrder(ctx, order.id, async (trx, current) => {
    assertNotComplete(current)
    const existing = await trx
      .selectFrom('line_items')
      .select('quantity')
      .where('order_id', '=', current.id)
      .where('variant_id', '=', variantId)
      .executeTakeFirst()
    const wanted = (existing?.quantity ?? 0) + quantity
    if (wanted > MAX_LINE_QUANTITY)
      throw unprocessable(`A cart line can hold at most ${MAX_LINE_QUANTITY} units.`)
    await setLineQuantity(ctx, trx, current, variantId, wanted)
    await rewindToCart(trx, current)
  })
}

/** The line with this id in the order; 404 when it is not there. */
export async function lineOf(trx: Trx, order: OrderRow, lineItemId: number) {
  const line = await trx
    .selectFrom('line_items')
    .select(['id', 'variant_id', 'quantity'])
    .where('id', '=', lineItemId)
    .where('order_id', '=', order.id)
    .executeTakeFirst()
  if (!line) throw notFound(`Line item ${lineItemId} not found in order ${order.number}.`)
  return line
}

/** A change to the lines invalidates shipping and payment choices: the checkout starts again. */
export const rewindToCart = (trx: Trx, order: OrderRow) => rewindTo(trx, order, 'cart')

/** The logged-in user's open cart, the most recently changed one. */
export async function currentCartOf(ctx: ShopContext, userId: number): Promise<OrderRow | undefined> {
  return ctx.db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('state', '!=', 'complete')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

/**
 * Gives a guest cart to a user who just logged in. Without an open cart of their own the guest cart
 * simply becomes theirs; otherwise its lines move into their cart (quantities of the same product
 * add up) and the guest cart is deleted. Moving lines between two live carts moves their holds
 * with them, so no stock changes hands.
 */
export async function associateCart(
  ctx: ShopContext,
  guest: OrderRow,
  user: { id: number; email: string },
): Promise<OrderRow> {
  const existing = await currentCartOf(ctx, user.id)
  if (!existing || existing.id === guest.id) {
    return changeOrder(ctx, guest.id, async (trx, current) => {
      await trx
        .updateTable('orders')
        .set({ user_id: user.id, email: current.email ?? user.email })
        .where('id', '=', current.id)
        .execute()
    })
  }
  const own = await settleOrder(ctx, existing)
  return changeOrder(ctx, own.id, async (trx, current) => {
    await lockOrderRow(trx, ctx.database.dialect, guest.id)
    const lockedGuest = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', guest.id)
      .executeTakeFirst()
    if (lockedGuest && isFrozen(lockedGuest)) throw conflict(FROZEN_MESSAGE)
    const guestLines = await trx
      .selectFrom('line_items')
      .select(['variant_id', 'quantity', 'price'])
      .where('order_id', '=', guest.id)
      .execute()
    for (const line of guestLines) {
      const mine = await trx
        .selectFrom('line_items')
        .select(['id', 'quantity'])
        .where('order_id', '=', current.id)
        .where('variant_id', '=', line.variant_id)
        .executeTakeFirst()
      if (mine) {
        await trx
          .updateTable('line_items')
          .set({ quantity: Math.min(MAX_LINE_QUANTITY, mine.quantity + line.quantity), price: line.price })
          .where('id', '=', mine.id)
          .execute()
      } else {
        await trx
          .insertInto('line_items')
          .values({ order_id: current.id, ...line, created_at: ctx.now() })
          .execute()
      }
    }
    await trx.deleteFrom('orders').where('id', '=', guest.id).execute()
    if (guestLines.length > 0) await rewindToCart(trx, current)
  })
}
