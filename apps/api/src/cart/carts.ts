/**
 * What a shopper does with a cart: add a product (the quantity adds to a line already there),
 * change or remove a line, and on login hand a guest cart to the account, merged into the cart
 * the account already has. A change to the lines sends a checkout back to the cart step.
 * The quantity of one product in one order never goes past MAX_PER_ORDER (422 on an add).
 */

import { countedProductId, type LineItemJson, type ReturnedItemJson } from '@fanshop/core'
import type { Transaction } from 'kysely'
import type { ShopContext } from '../context.ts'
import type { Database } from '../db/schema.ts'
import { notFound, unprocessable } from '../http/errors.ts'
import { overFanCapAtLogin } from '../launch/fan-cap.ts'
import { refuseIfQueueStandingLost } from '../launch/queue-gate.ts'
import { saveOrderAttributes } from './checkout.ts'
import { moveHolds, type RaisedLine, setLineQuantity, sweepWhenDue, withStockRetry } from './holds.ts'
import { oneLineJson } from './order-json.ts'
import { newOrderToken } from './order-tokens.ts'
import {
  accessibleOrder,
  assertCredentials,
  assertNotComplete,
  changeLockedOrder,
  changeOrder,
  conflict,
  FROZEN_MESSAGE,
  holdRanOut,
  isFrozen,
  type OrderRow,
  type Requester,
  rewindTo,
  settleOrder,
} from './orders.ts'
import { lockOrderByNumber } from './row-locks.ts'
import { type AddWanted, addOnSqlite } from './sqlite-hot-path.ts'

type Trx = Transaction<Database>

/**
 * A cart created by this request gets its first lines (and a guest's e-mail) in one transaction:
 * one refused line refuses them all, and the cart, which nobody was answered yet, is deleted, so a
 * refused create holds no stock.
 */
export async function fillNewCart(
  ctx: ShopContext,
  order: OrderRow,
  lines: readonly { variant_id: number; quantity: number }[],
  email: string | undefined,
): Promise<OrderRow> {
  try {
    const filled = await changeOrder(ctx, order.id, async (trx, current) => {
      if (email !== undefined) await saveOrderAttributes(trx, current, { email })
      for (const line of lines) await addUnits(ctx, trx, current, line.variant_id, line.quantity)
    })
    await sweepWhenDue(ctx)
    return filled
  } catch (error) {
    await ctx.db.deleteFrom('orders').where('id', '=', order.id).execute()
    throw error
  }
}

async function addUnits(ctx: ShopContext, trx: Trx, order: OrderRow, variantId: number, quantity: number) {
  assertNotComplete(order)
  const raised = await setLineQuantity(ctx, trx, order, variantId, (had) => had + quantity)
  await rewindToCart(trx, order)
  // An add always raises its line, so setLineQuantity answers it.
  return raised!
}

/**
 * The store API's add to the order with this number: found, checked against the requester's
 * credentials and locked in one statement, then changed, and answered as the added line's JSON
 * from the rows the add read and wrote in its own transaction (a removal committed just after
 * cannot take it out of the answer). An order that must be opened first (being paid, or its
 * earliest hold ran out) is left as it is and goes the long way: `open` finds and opens it as
 * every other request does, then the same add is made to it and answered the same way.
 * `queueStanding`: the waiting room let the add through for the cart's standing, which it must
 * still have under the lock (refuseIfQueueStandingLost).
 */
export async function addToOrderNumbered(
  ctx: ShopContext,
  requester: Requester,
  wanted: AddWanted,
  open: () => Promise<OrderRow>,
): Promise<LineItemJson> {
  assertCredentials(requester)
  const { number, variantId, quantity, queueStanding } = wanted
  const { sqlite } = ctx.database
  if (sqlite) {
    const fast = await withStockRetry(ctx, () => addOnSqlite(ctx, sqlite, requester, wanted))
    if (fast) {
      await sweepWhenDue(ctx)
      return oneLineJson(ctx.db, fast.line, ctx.config.MAX_PER_ORDER)
    }
  }
  let added: RaisedLine | undefined
  const add = async (trx: Trx, current: OrderRow) => {
    refuseIfQueueStandingLost(queueStanding, current)
    added = await addUnits(ctx, trx, current, variantId, quantity)
    return added.after
  }
  const changed = await changeLockedOrder(
    ctx,
    async (trx) => {
      const found = await lockOrderByNumber(trx, ctx.database.dialect, number)
      const order = accessibleOrder(requester, number, found)
      return isFrozen(order) || holdRanOut(order, ctx.now()) ? null : order
    },
    add,
  )
  if (!changed) await changeOrder(ctx, (await open()).id, add)
  await sweepWhenDue(ctx)
  return oneLineJson(ctx.db, added!.line, ctx.config.MAX_PER_ORDER)
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
 * Refuses to give `order` to the login of `userId`: one another account holds is not there for
 * it (404), and a placed order is no cart (422). The login's request checks the cart it read, and
 * associateCart again under the cart's lock: a payment or another login may take it in between
 * (on PostgreSQL, or with several instances on one SQLite file), and the merge would otherwise
 * delete a paid order, or hand one cart and its token to two accounts.
 */
export function refuseToAssociate(order: OrderRow, userId: number) {
  if (order.user_id !== null && order.user_id !== userId) throw notFound(`Order ${order.number} not found.`)
  if (order.state === 'complete') throw unprocessable(`Order ${order.number} is already complete.`)
}

/**
 * Gives a guest cart to a user who just logged in. Without an open cart of their own the guest cart
 * simply becomes theirs; otherwise its lines move into their cart (quantities of the same product
 * add up, to at most MAX_PER_ORDER units of a product, its variations together: the newest units
 * beyond it go back to the shelves) and the
 * guest cart is deleted; a guest cart that becomes theirs gets a new token, answered to this login
 * alone (whoever else held the guest's token does not hold the account's cart). The holds move
 * with the lines, each unit keeping its own hour, and so does the guest cart's admission through
 * the drop's waiting room (and the pass it is bound to).
 * Capped items then keep only what the account may still have (the per-fan cap over its other
 * orders and carts); the units beyond it go back to the shelves, and the kept cart lists them
 * (`capped_items`) until its next change.
 */
export async function associateCart(
  ctx: ShopContext,
  guest: OrderRow,
  user: { id: number; email: string },
): Promise<OrderRow> {
  /**
   * Trims a merged cart to MAX_PER_ORDER units of each product (the lines added first keep
   * theirs), giving the newest units beyond it back to the shelves.
   */
  const trimToOrderLimit = async (trx: Trx, order: OrderRow) => {
    const lines = await trx
      .selectFrom('line_items')
      .innerJoin('products', 'products.id', 'line_items.variant_id')
      .select(['line_items.variant_id', 'line_items.quantity', 'products.parent_id'])
      .where('line_items.order_id', '=', order.id)
      .orderBy('line_items.id')
      .execute()
    const kept = new Map<number, number>()
    for (const line of lines) {
      const productId = countedProductId({ id: line.variant_id, parent_id: line.parent_id })
      const keptBefore = kept.get(productId) ?? 0
      const keep = Math.min(line.quantity, Math.max(0, ctx.config.MAX_PER_ORDER - keptBefore))
      kept.set(productId, keptBefore + keep)
      if (keep < line.quantity) await setLineQuantity(ctx, trx, order, line.variant_id, () => keep)
    }
  }
  /**
   * Trims the capped lines the account may no longer have (launch/fan-cap.ts), newest units first,
   * and notes them on the order; answers whether it trimmed any.
   */
  const trimToFanCap = async (trx: Trx, order: OrderRow): Promise<boolean> => {
    const capped: ReturnedItemJson[] = []
    for (const line of await overFanCapAtLogin(trx, ctx.database.dialect, order.id, user.id)) {
      await setLineQuantity(ctx, trx, order, line.variantId, () => line.keep)
      capped.push({ variant_id: line.variantId, name: line.name, quantity: line.excess })
    }
    await trx
      .updateTable('orders')
      .set({ capped_items: JSON.stringify(capped) })
      .where('id', '=', order.id)
      .execute()
    return capped.length > 0
  }
  const options = { touch: true, writesCappedNotice: true }
  const existing = await currentCartOf(ctx, user.id)
  if (!existing || existing.id === guest.id) {
    const becomeTheirs = async (trx: Trx, current: OrderRow) => {
      refuseToAssociate(current, user.id)
      // Becoming the account's, the cart gets a token only this login is answered (order-tokens.ts).
      const token = current.user_id === null ? newOrderToken() : current.token
      await trx
        .updateTable('orders')
        .set({ user_id: user.id, email: current.email ?? user.email, token })
        .where('id', '=', current.id)
        .execute()
      if (await trimToFanCap(trx, current)) await rewindToCart(trx, current)
    }
    return changeOrder(ctx, guest.id, becomeTheirs, options)
  }
  const own = await settleOrder(ctx, existing)
  const mergeInto = async (trx: Trx, current: OrderRow) => {
    const lockedGuest = await lockOrderByNumber(trx, ctx.database.dialect, guest.number)
    // Gone: a merge of the same cart (a login sent twice) ran first, so it is merged already.
    if (!lockedGuest) return
    refuseToAssociate(lockedGuest, user.id)
    if (isFrozen(lockedGuest)) throw conflict(FROZEN_MESSAGE)
    // The waiting room's admission travels with the lines: the later of the two carts' is kept;
    // so does the pass the guest cart is bound to, when the account's cart has none.
    const admittedAt = lockedGuest.queue_admitted_at
    const later = admittedAt !== null && admittedAt > (current.queue_admitted_at ?? Number.NEGATIVE_INFINITY)
    const ticketId = lockedGuest.queue_ticket_id
    if (later || (ticketId !== null && current.queue_ticket_id === null)) {
      await trx
        .updateTable('orders')
        .set({ queue_ticket_id: ticketId, queue_admitted_at: later ? admittedAt : current.queue_admitted_at })
        .where('id', '=', current.id)
        .execute()
    }
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
          .set({ quantity: mine.quantity + line.quantity, price: line.price })
          .where('id', '=', mine.id)
          .execute()
      } else {
        await trx
          .insertInto('line_items')
          .values({ order_id: current.id, ...line, created_at: ctx.now() })
          .execute()
      }
    }
    await moveHolds(trx, guest.id, current.id)
    await trx.deleteFrom('orders').where('id', '=', guest.id).execute()
    await trimToOrderLimit(trx, current)
    await trimToFanCap(trx, current)
    if (guestLines.length > 0) await rewindToCart(trx, current)
  }
  return changeOrder(ctx, own.id, mergeInto, options)
}
