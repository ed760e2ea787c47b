/**
 * Orders (carts) in the database: creating one, finding it for a request (its order_token or its
 * owner's Bearer, otherwise 404), and changing it under a row lock so that concurrent requests on
 * one cart, and the stock they hold, can never interleave. Every change starts by releasing the
 * cart's expired holds and ends by recomputing the totals and taking the stock it claimed
 * (cart/holds.ts). An order being paid (`frozen_at` set, placement.ts) refuses every change with
 * 409, here, once.
 */
import { randomInt, timingSafeEqual } from 'node:crypto'
import {
  type AddressInput,
  computeTotals,
  isHoldActive,
  isPast,
  linesTotal,
  type OrderState,
  type ReturnedItemJson,
  type Totals,
} from '@fanshop/core'
import type { Kysely, Selectable, Transaction } from 'kysely'
import { type HeadersOf, optionalSession } from '../accounts/sessions.ts'
import type { ShopContext } from '../context.ts'
import { compiledOnce } from '../db/compiled.ts'
import { isUniqueViolation } from '../db/portable.ts'
import type { Database } from '../db/schema.ts'
import { HttpError, notFound, unauthorized, unprocessable } from '../http/errors.ts'
import { releaseExpiredHolds, takeClaimedStock, withStockRetry } from './holds.ts'
import { newOrderToken } from './order-tokens.ts'
import { lockOrderRow } from './row-locks.ts'
import { shippingRatesFor } from './shipping.ts'
import { insertOrderOnSqlite } from './sqlite-hot-path.ts'
import type { OrdersTable } from './tables.ts'

export type OrderRow = Selectable<OrdersTable>
export type Db = Kysely<Database> | Transaction<Database>

export const conflict = (message: string) => new HttpError(409, message)

export const FROZEN_MESSAGE = 'This order is being paid: it cannot change until the payment is decided.'

/** True while a payment of the order is in flight: from placement's claim until it is decided. */
export const isFrozen = (order: OrderRow) => order.frozen_at !== null && order.state !== 'complete'

/** A new order number of ORDER_NUMBER_PATTERN's shape: "R" and nine digits, like Spree's. */
const newNumber = () => `R${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`

const insertOrder = compiledOnce(
  (
    db,
    number: string,
    token: string,
    userId: number | null,
    email: string | null,
    now: number,
    queueTicketId: number | null,
    queueAdmittedAt: number | null,
  ) =>
    db
      .insertInto('orders')
      .values({
        number,
        token,
        state: 'cart',
        user_id: userId,
        email,
        expired_items: '[]',
        created_at: now,
        updated_at: now,
        queue_ticket_id: queueTicketId,
        queue_admitted_at: queueAdmittedAt,
      })
      .returningAll(),
)

/**
 * A new cart, for its owner when logged in; `queueTicketId` when a waiting-room pass of that
 * ticket opens it, which keeps the cart admitted while its first hold lives (launch/queue-gate.ts).
 */
export async function createOrder(
  ctx: ShopContext,
  owner: { userId: number; email: string } | null,
  queueTicketId: number | null = null,
): Promise<OrderRow> {
  const now = ctx.now()
  const admittedAt = queueTicketId === null ? null : now
  for (let attempt = 0; ; attempt++) {
    try {
      const values = {
        number: newNumber(),
        token: newOrderToken(),
        userId: owner?.userId ?? null,
        email: owner?.email ?? null,
        now,
        queueTicketId,
        queueAdmittedAt: admittedAt,
      }
      const { sqlite } = ctx.database
      const inserted = sqlite && (await insertOrderOnSqlite(sqlite, values))
      if (inserted) return inserted
      const { number, token, userId, email } = values
      const [order] = (
        await insertOrder(ctx.db, number, token, userId, email, now, queueTicketId, admittedAt)
      ).rows
      return order!
    } catch (error) {
      // Two random order numbers (or tokens) rarely clash; then another one is drawn.
      if (!isUniqueViolation(error) || attempt >= 4) throw error
    }
  }
}

/** Who is asking: the order_token sent with the request and the logged-in user, if any. */
export interface Requester {
  orderToken: string | null
  user: { id: number; email: string } | null
}

export async function requesterOf(
  ctx: ShopContext,
  request: HeadersOf & { query?: unknown },
): Promise<Requester> {
  const query = request.query as { order_token?: unknown } | undefined
  const header = request.headers['x-spree-order-token']
  const orderToken =
    typeof query?.order_token === 'string' && query.order_token !== ''
      ? query.order_token
      : typeof header === 'string' && header !== ''
        ? header
        : null
  const session = await optionalSession(ctx, request)
  return { orderToken, user: session ? { id: session.user.id, email: session.user.email } : null }
}

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

const orderByNumber = compiledOnce((db, number: string) =>
  db.selectFrom('orders').selectAll().where('number', '=', number),
)

/**
 * The order with this number, if the requester may see it: by its token, or as its owner.
 * Without either credential 401; otherwise any miss is 404, so nobody learns that an order exists.
 */
export async function findOrderFor(db: Db, requester: Requester, number: string): Promise<OrderRow> {
  assertCredentials(requester)
  const [order] = (await orderByNumber(db, number)).rows
  return accessibleOrder(requester, number, order)
}

/** 401 unless the request carries an order token or a logged-in user. */
export function assertCredentials(requester: Requester): void {
  if (!requester.orderToken && !requester.user) {
    throw unauthorized('Send the order_token of this order, or log in as its owner.')
  }
}

/** The order found for this number if the requester may see it; otherwise 404. */
export function accessibleOrder(requester: Requester, number: string, order: OrderRow | undefined): OrderRow {
  const allowed =
    order !== undefined &&
    ((requester.orderToken !== null && sameSecret(requester.orderToken, order.token)) ||
      (requester.user !== null && order.user_id === requester.user.id))
  if (!order || !allowed) throw notFound(`Order ${number} not found.`)
  return order
}

/** The order row as this transaction sees it now (after earlier steps of the same change). */
export const reread = (trx: Transaction<Database>, order: OrderRow): Promise<OrderRow> =>
  trx.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow()

export const parseAddress = (json: string | null): AddressInput | null =>
  json === null ? null : (JSON.parse(json) as AddressInput)

export const parseReturnedItems = (json: string): ReturnedItemJson[] => JSON.parse(json) as ReturnedItemJson[]

/**
 * How a change treats the order: `touch` for every shopper's change (it clears the notices of what
 * went back to the shelves, and counts as the cart's last change); `writesCappedNotice` for a
 * login's merge, which writes the notice of what it gave back over the per-fan cap itself.
 */
export interface ChangeOptions {
  touch: boolean
  writesCappedNotice?: boolean
}

/**
 * Runs `change` on the order inside a transaction that holds the order's row lock, after releasing
 * expired holds; then recomputes the totals and, when `touch` is set (every shopper's change),
 * clears the notices of what went back to the shelves; last, takes the stock the change claimed (a
 * shortage rolls it all back, and it is tried once more after the product's expired holds are
 * given back).
 * Returns the order as it is afterwards. A frozen order is not changed: a shopper's change answers
 * 409, a settling read leaves it as it is (its holds do not expire while the payment is in flight).
 */
export async function changeOrder(
  ctx: ShopContext,
  orderId: number,
  change: Change,
  options: ChangeOptions = { touch: true },
): Promise<OrderRow> {
  const changed = await changeLockedOrder(
    ctx,
    (trx) => lockOrderRow(trx, ctx.database.dialect, orderId),
    change,
    options,
  )
  return changed!
}

/** The order's lines (price and quantity) and when its earliest hold ends, as a change left them. */
export interface KnownLines {
  lines: { unitPrice: number; quantity: number }[]
  holdEnds: number | null
}

/**
 * A change to a locked order. It may answer the lines and hold end it leaves when it read them
 * anyway (an add does): the totals are then worked out from those instead of reading them again.
 */
type Change = (trx: Transaction<Database>, order: OrderRow) => Promise<KnownLines> | Promise<void>

/**
 * changeOrder on the order that `lock` finds and locks, as the transaction's first statement;
 * when `lock` answers null, nothing is changed and the answer is null.
 */
export async function changeLockedOrder(
  ctx: ShopContext,
  lock: (trx: Transaction<Database>) => Promise<OrderRow | null>,
  change: Change,
  options: ChangeOptions = { touch: true },
): Promise<OrderRow | null> {
  return withStockRetry(ctx, () =>
    ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now()
      let order = await lock(trx)
      if (!order) return null
      if (isFrozen(order)) {
        if (options.touch) throw conflict(FROZEN_MESSAGE)
        return order
      }
      const released = await releaseExpiredHold(trx, order, now)
      if (released) order = await reread(trx, order)
      const known = await change(trx, order)
      const after = await recompute(trx, order, now, {
        touch: options.touch,
        keepExpiredNotice: released,
        writesCappedNotice: options.writesCappedNotice ?? false,
        known: known || null,
      })
      await takeClaimedStock(trx)
      return after
    }),
  )
}

/** Whether the order may have holds to release: its earliest hold ended and it is not being paid. */
export const holdRanOut = (order: OrderRow, now: number) =>
  order.state !== 'complete' &&
  !isFrozen(order) &&
  order.hold_expires_at !== null &&
  !isHoldActive(order.hold_expires_at, now)

/** Settles expired holds of the order (if any) and returns the order as it is now. */
export async function settleOrder(ctx: ShopContext, order: OrderRow): Promise<OrderRow> {
  if (!holdRanOut(order, ctx.now())) return order
  return changeOrder(ctx, order.id, async () => {}, { touch: false })
}

/**
 * When holds have run out, their units go back to the shelves: they leave the lines, are listed in
 * `expired_items` for the owner to read, and the checkout restarts from the cart.
 * Returns true when it released something.
 */
async function releaseExpiredHold(
  trx: Transaction<Database>,
  order: OrderRow,
  now: number,
): Promise<boolean> {
  if (!holdRanOut(order, now)) return false
  const expired = await releaseExpiredHolds(trx, order, now)
  if (expired.length === 0) return false
  await trx.deleteFrom('payments').where('order_id', '=', order.id).where('state', '=', 'checkout').execute()
  await trx
    .updateTable('orders')
    .set({ state: 'cart', expired_items: JSON.stringify(expired) })
    .where('id', '=', order.id)
    .execute()
  return true
}

/** The order, its lines and when its earliest hold ends, in one query. */
const orderWithLines = compiledOnce((db, orderId: number) =>
  db
    .selectFrom('orders')
    .leftJoin('line_items', 'line_items.order_id', 'orders.id')
    .selectAll('orders')
    .select(['line_items.price', 'line_items.quantity'])
    .select((eb) =>
      eb
        .selectFrom('holds')
        .select((hold) => hold.fn.min<number>('holds.expires_at').as('ends'))
        .where('holds.order_id', '=', orderId)
        .as('hold_ends'),
    )
    .where('orders.id', '=', orderId),
)

const saveTotals = compiledOnce(
  (
    db,
    orderId: number,
    itemCount: number,
    itemTotal: number,
    adjustmentTotal: number,
    shipTotal: number,
    total: number,
    shippingMethodId: number | null,
    holdExpiresAt: number | null,
    updatedAt: number,
    expiredItems: string,
    cappedItems: string,
  ) =>
    db
      .updateTable('orders')
      .set({
        item_count: itemCount,
        item_total: itemTotal,
        adjustment_total: adjustmentTotal,
        ship_total: shipTotal,
        total,
        shipping_method_id: shippingMethodId,
        hold_expires_at: holdExpiresAt,
        updated_at: updatedAt,
        expired_items: expiredItems,
        capped_items: cappedItems,
      })
      .where('id', '=', orderId)
      .returningAll(),
)

/** The order (as the change left it), its lines and when its earliest hold ends. */
async function readLines(
  trx: Transaction<Database>,
  orderId: number,
): Promise<{ order: OrderRow } & KnownLines> {
  const { rows } = await orderWithLines(trx, orderId)
  const { hold_ends, price: _price, quantity: _quantity, ...order } = rows[0]!
  const lines = rows.flatMap((row) =>
    row.quantity === null || row.price === null ? [] : [{ unitPrice: row.price, quantity: row.quantity }],
  )
  return { order, lines, holdEnds: hold_ends === null ? null : Number(hold_ends) }
}

/**
 * Recomputes the stored totals from the lines, the coupon and the chosen shipping rate (packages/core
 * does the arithmetic), drops a shipping choice the address no longer allows, and notes when the
 * earliest hold ends: from the lines the change answered (`known`, with the order as it was locked:
 * a change that answers them alters none of the fields read here), else read. Returns the order as
 * it is afterwards.
 */
async function recompute(
  trx: Transaction<Database>,
  locked: OrderRow,
  now: number,
  options: Required<ChangeOptions> & { keepExpiredNotice: boolean; known: KnownLines | null },
): Promise<OrderRow> {
  const { order, lines, holdEnds } = options.known
    ? { order: locked, ...options.known }
    : await readLines(trx, locked.id)
  if (order.state === 'complete') return order
  const { totals, shippingMethodId } = await priced(trx, order, lines)
  const clearNotice = options.touch && !options.keepExpiredNotice
  const [after] = (
    await saveTotals(
      trx,
      order.id,
      totals.itemCount,
      totals.itemTotal,
      totals.adjustmentTotal,
      totals.shipTotal,
      totals.total,
      shippingMethodId,
      holdEnds,
      options.touch ? now : order.updated_at,
      clearNotice ? '[]' : order.expired_items,
      clearNotice && !options.writesCappedNotice ? '[]' : order.capped_items,
    )
  ).rows
  return after!
}

/** The totals of these lines with the order's coupon and shipping rate as they are now, and that rate. */
async function priced(
  trx: Transaction<Database>,
  order: OrderRow,
  lines: KnownLines['lines'],
): Promise<{ totals: Totals; shippingMethodId: number | null }> {
  const coupon =
    order.coupon_id === null
      ? undefined
      : await trx
          .selectFrom('coupons')
          .select(['type', 'amount'])
          .where('id', '=', order.coupon_id)
          .executeTakeFirst()
  const itemTotal = linesTotal(lines)
  const rates = await shippingRatesFor(trx, parseAddress(order.ship_address), itemTotal)
  const rate = rates.find((r) => r.shipping_method_id === order.shipping_method_id)
  const totals = computeTotals({
    lines,
    discount: coupon ? { type: coupon.type, amount: coupon.amount } : null,
    shipping: lines.length > 0 && rate ? rate.cost : 0,
  })
  return { totals, shippingMethodId: rate ? order.shipping_method_id : null }
}

/**
 * Whether the order's stored totals are still what its lines, coupon and shipping rate make now:
 * false when something they were worked out from changed since (a coupon's percentage edited by
 * staff), which the change's recompute then stores.
 */
export async function totalsHold(trx: Transaction<Database>, orderId: number): Promise<boolean> {
  const { order, lines } = await readLines(trx, orderId)
  const { totals, shippingMethodId } = await priced(trx, order, lines)
  return totals.total === order.total && shippingMethodId === order.shipping_method_id
}

/** Moves a checkout that has passed `step` back to it (editing a step rewinds the checkout). */
export async function rewindTo(trx: Transaction<Database>, order: OrderRow, step: OrderState): Promise<void> {
  if (isPast(order.state, step)) {
    await trx.updateTable('orders').set({ state: step }).where('id', '=', order.id).execute()
  }
}

export function assertNotComplete(order: OrderRow): void {
  if (order.state === 'complete') throw unprocessable(`Order ${order.number} is already complete.`)
}

/** The user's placed orders for their history, newest first (at most 200). */
export function completedOrdersOf(db: Db, userId: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('state', '=', 'complete')
    .orderBy('completed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute()
}
