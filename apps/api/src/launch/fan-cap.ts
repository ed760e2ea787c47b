/**
 * The per-fan cap on the add path, at login and at checkout (core's launch/fan-cap.ts has the
 * rule): a capped product (a variable product's variations together, core's countedProductId: a
 * tee limited to 1 is one tee, not one of each size) is counted across the fan's account (its
 * other orders and open carts), or for a guest in the cart; at checkout, across the orders placed
 * or being paid for the same mailbox (an e-mail address without its +tag, Gmail's without dots)
 * or by the same account;
 * less the units that went back to the shelf (a cancelled order). Only capped items pay for it:
 * one indexed sum, counted one fan at a time
 * (PostgreSQL first locks the fan's account row when adding, or the mailbox with a
 * transaction-scoped advisory lock at checkout; SQLite's write transactions run one at a time
 * anyway), so two carts or two checkouts of one fan at once are counted one after the other.
 */
import { mailboxOf, perFanCap, perFanCapMessage, withinPerFanCap } from '@fanshop/core'
import { sql } from 'kysely'
import type { Db, OrderRow } from '../cart/orders.ts'
import type { Dialect } from '../db/database.ts'
import { overLimit } from '../http/errors.ts'

/**
 * The fan's units of the lines summed: what they hold or bought, less what came back to the shelf
 * (an order cancelled, units refunded and restocked), which is the shop's again to sell; SQLite's
 * add path (cart/sqlite-hot-path.ts) sums the same expression.
 */
export const OWNED_UNITS_SQL = 'coalesce(sum(line_items.quantity - line_items.restocked_quantity), 0)'
const ownedUnits = sql.raw<number>(OWNED_UNITS_SQL).as('owned')

/** The product a line's units count toward (core's countedProductId), on `products` joined to the line. */
export const COUNTED_PRODUCT_SQL = 'coalesce(products.parent_id, products.id)'
const countedProduct = sql.raw<number>(COUNTED_PRODUCT_SQL)

/** Locks the account's row until the transaction ends, so its capped items are counted in turn. */
async function lockFan(trx: Db, dialect: Dialect, userId: number): Promise<void> {
  if (dialect === 'postgres') {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute()
  }
}

/**
 * Refuses (422) `wanted` units of an item capped at `cap` when the fan owns `ownedElsewhere` in
 * other orders; `name` names the item where the refusal concerns a whole cart (the checkout).
 */
export function refuseOverFanCap(ownedElsewhere: number, wanted: number, cap: number, name?: string): void {
  if (!withinPerFanCap(ownedElsewhere, wanted, cap)) {
    throw overLimit({ kind: 'per-fan', max: cap }, perFanCapMessage(cap, name))
  }
}

/** The units a fan owns of a product (countedProductId): its lines summed, their orders joined for the caller's conditions. */
const linesOfProduct = (db: Db, productId: number) =>
  db
    .selectFrom('line_items')
    .innerJoin('orders', 'orders.id', 'line_items.order_id')
    .innerJoin('products', 'products.id', 'line_items.variant_id')
    .select(ownedUnits)
    .where(countedProduct, '=', productId)

/**
 * Refuses the add when the order would hold `quantity` units of a product capped at `cap` (all of
 * its lines of that product, counted by the caller) that the fan's other orders and carts leave no
 * room for.
 */
export async function assertWithinFanCap(
  trx: Db,
  dialect: Dialect,
  order: OrderRow,
  productId: number,
  quantity: number,
  cap: number,
): Promise<void> {
  refuseOverFanCap(0, quantity, cap)
  if (order.user_id === null) return
  await lockFan(trx, dialect, order.user_id)
  const { owned } = await linesOfProduct(trx, productId)
    .where('orders.user_id', '=', order.user_id)
    .where('orders.id', '<>', order.id)
    .executeTakeFirstOrThrow()
  refuseOverFanCap(Number(owned), quantity, cap)
}

/**
 * The capped items among the order's lines, in the order they were added, each with its cap, its
 * product (countedProductId) and the units the order holds of that product in all its lines.
 */
async function cappedLines(db: Db, orderId: number) {
  const lines = await db
    .selectFrom('line_items')
    .innerJoin('products', 'products.id', 'line_items.variant_id')
    .leftJoin('products as parent', 'parent.id', 'products.parent_id')
    .select([
      'line_items.variant_id',
      'line_items.quantity',
      'products.name',
      'products.limited',
      'products.max_per_fan',
      'parent.limited as parent_limited',
      'parent.max_per_fan as parent_max_per_fan',
    ])
    .select(countedProduct.as('product_id'))
    .where('line_items.order_id', '=', orderId)
    .orderBy('line_items.id')
    .execute()
  const inOrder = new Map<number, number>()
  for (const line of lines) {
    const productId = Number(line.product_id)
    inOrder.set(productId, (inOrder.get(productId) ?? 0) + line.quantity)
  }
  return lines.flatMap((line) => {
    const cap = perFanCap(line, { limited: line.parent_limited, max_per_fan: line.parent_max_per_fan })
    const productId = Number(line.product_id)
    return cap === null
      ? []
      : [
          {
            variantId: line.variant_id,
            productId,
            name: line.name,
            quantity: line.quantity,
            productUnits: inOrder.get(productId)!,
            cap,
          },
        ]
  })
}

/** Answers `count(productId)` once per product, however many lines ask. */
function oncePerProduct(count: (productId: number) => Promise<number>) {
  const counted = new Map<number, Promise<number>>()
  return (productId: number) => {
    let units = counted.get(productId)
    if (units === undefined) {
      units = count(productId)
      counted.set(productId, units)
    }
    return units
  }
}

/**
 * At placement, inside the transaction that freezes the order for payment (so the count and the
 * claim are one step): each capped product of the order counted with the orders placed or being paid
 * for the same mailbox (core's mailboxOf: fan+1@ and f.an@gmail.com are fan@gmail.com), or by the
 * same account, so a fan's guest orders and their account's count together whichever came first,
 * and one mailbox is one fan (docs/decisions/0019). Two checkouts with one address at the same
 * instant are counted one after the other: the second sees the first frozen and gets 422.
 */
export async function assertWithinFanCapAtPlacement(
  trx: Db,
  dialect: Dialect,
  order: OrderRow,
): Promise<void> {
  if (!order.email) return
  const lines = await cappedLines(trx, order.id)
  if (lines.length === 0) return
  const mailbox = mailboxOf(order.email)
  const userId = order.user_id
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${mailbox}))`.execute(trx)
  const ownedElsewhere = oncePerProduct(async (productId) => {
    const { owned } = await linesOfProduct(trx, productId)
      .where((eb) =>
        eb.or([
          eb('orders.fan_mailbox', '=', mailbox),
          ...(userId === null ? [] : [eb('orders.user_id', '=', userId)]),
        ]),
      )
      .where((eb) => eb.or([eb('orders.state', '=', 'complete'), eb('orders.frozen_at', 'is not', null)]))
      .where('orders.id', '<>', order.id)
      .executeTakeFirstOrThrow()
    return Number(owned)
  })
  for (const line of lines) {
    refuseOverFanCap(await ownedElsewhere(line.productId), line.productUnits, line.cap, line.name)
  }
}

/** A capped line of a merged cart that holds more than its fan may have: keep `keep` of it. */
export interface OverFanCap {
  variantId: number
  name: string
  keep: number
  excess: number
}

/**
 * When a guest cart becomes (or is merged into) an account's cart at login: the capped lines of
 * the order that go past what the account may still have of their product, counted over its
 * other orders and open carts with the account's row locked; the lines added first keep their
 * units. The caller trims them; nothing under the cap is touched.
 */
export async function overFanCapAtLogin(
  trx: Db,
  dialect: Dialect,
  orderId: number,
  userId: number,
): Promise<OverFanCap[]> {
  const lines = await cappedLines(trx, orderId)
  if (lines.length === 0) return []
  await lockFan(trx, dialect, userId)
  const ownedElsewhere = oncePerProduct(async (productId) => {
    const { owned } = await linesOfProduct(trx, productId)
      .where('orders.user_id', '=', userId)
      .where('orders.id', '<>', orderId)
      .executeTakeFirstOrThrow()
    return Number(owned)
  })
  const kept = new Map<number, number>()
  const over: OverFanCap[] = []
  for (const line of lines) {
    const keptBefore = kept.get(line.productId) ?? 0
    const room = Math.max(0, line.cap - (await ownedElsewhere(line.productId)) - keptBefore)
    const keep = Math.min(line.quantity, room)
    kept.set(line.productId, keptBefore + keep)
    if (line.quantity > keep) {
      over.push({ variantId: line.variantId, name: line.name, keep, excess: line.quantity - keep })
    }
  }
  return over
}
