/**
 * Stock holds, the heart of a drop. Each add holds its units for one hour from that add (spec 9)
 * as a row of `holds`, and the product row counts what the holds take (`stock_held`), so taking
 * stock is one conditional write whose cost does not grow with the crowd:
 *   UPDATE products SET stock_held = stock_held + q WHERE id = ? AND on_hand - sold - held >= q
 * It is the last statement of the cart's transaction, so a hot product's row is locked only for
 * that statement and the commit. Expired holds go back to the shelf (held down, the hold marked
 * returned) in bounded sweeps that any instance runs when due, claimed so that two sweepers never
 * give back one hold twice; a write that finds too little sweeps that product's expired holds at
 * once and tries again, so nobody waits for the periodic sweep. The cart takes note of its own
 * expired holds on its next read or change (expired_items). Holds of an order being paid
 * (orders.frozen_at set) never expire while it is set. ADR 0006 tells the whole design.
 */
import {
  CART_HOLD_MS,
  countedProductId,
  currentPrice,
  perFanCap,
  type ReturnedItemJson,
  withinPerOrderLimit,
} from '@fanshop/core'
import { type Kysely, sql, type Transaction } from 'kysely'
import { isShownInShop } from '../catalog/visibility.ts'
import type { ShopContext } from '../context.ts'
import { compiledOnce } from '../db/compiled.ts'
import type { Dialect } from '../db/database.ts'
import { limitRows } from '../db/portable.ts'
import type { Database } from '../db/schema.ts'
import { HttpError, notFound, overLimit, unprocessable } from '../http/errors.ts'
import { assertWithinFanCap } from '../launch/fan-cap.ts'
import type { LineRow } from './order-json.ts'
import type { KnownLines, OrderRow } from './orders.ts'

type Trx = Transaction<Database>

export const OUT_OF_STOCK = 'Product is out of stock for requested quantity.'

/** The 422 for too little stock; names the products so that the caller can sweep them and retry. */
export class StockShortage extends HttpError {
  constructor(readonly variantIds: number[]) {
    super(422, OUT_OF_STOCK)
  }
}

/** Units each open transaction has yet to take, per product (taken last, by takeClaimedStock). */
const claims = new WeakMap<Trx, Map<number, number>>()

function claimStock(trx: Trx, variantId: number, quantity: number): void {
  const mine = claims.get(trx) ?? new Map<number, number>()
  claims.set(trx, mine)
  mine.set(variantId, (mine.get(variantId) ?? 0) + quantity)
}

/** The conditional write: held up by `quantity` only if that many are on the shelf. */
const takeStock = compiledOnce((db, variantId: number, quantity: number) =>
  db
    .updateTable('products')
    .set((eb) => ({ stock_held: eb('stock_held', '+', quantity) }))
    .where('id', '=', variantId)
    .where(sql<number>`stock_on_hand - stock_sold - stock_held`, '>=', quantity),
)

/**
 * The conditional writes, as the transaction's last statements (products in id order, so two
 * transactions never wait on each other crosswise). Throws StockShortage when one finds too little.
 */
export async function takeClaimedStock(trx: Trx): Promise<void> {
  const mine = claims.get(trx)
  if (!mine) return
  claims.delete(trx)
  for (const [variantId, quantity] of [...mine].sort((a, b) => a[0] - b[0])) {
    const taken = await takeStock(trx, variantId, quantity)
    if (!taken.numAffectedRows) throw new StockShortage([variantId])
  }
}

/**
 * Gives units back to the shelves: one statement per product, in id order like every other write
 * to product rows, so that no two transactions can wait on each other's products crosswise.
 */
async function giveBack(trx: Trx, units: Map<number, number>): Promise<void> {
  for (const id of [...units.keys()].sort((a, b) => a - b)) {
    const quantity = units.get(id)!
    if (quantity <= 0) continue
    await trx
      .updateTable('products')
      .set((eb) => ({ stock_held: eb('stock_held', '-', quantity) }))
      .where('id', '=', id)
      .execute()
  }
}

const addUp = (rows: readonly { variant_id: number; quantity: number }[]) => {
  const units = new Map<number, number>()
  for (const row of rows) units.set(row.variant_id, (units.get(row.variant_id) ?? 0) + row.quantity)
  return units
}

/**
 * Claims up to `limit` expired holds of these products that are still counted as held (of orders
 * not being paid) and marks them returned, through holds_variant_due_idx. A hold is claimed once:
 * a second sweeper finds it returned already. On PostgreSQL the periodic sweep (`wait` false)
 * skips holds another sweeper is giving back, and holds of orders locked by a change in progress
 * (which takes note of its own); a product's own sweep waits for them, so that the write retried
 * after it sees those units back on the shelf.
 */
async function claimExpired(
  trx: Trx,
  dialect: Dialect,
  now: number,
  limit: number,
  variantIds: readonly number[],
  wait: boolean,
): Promise<{ variant_id: number; quantity: number }[]> {
  const holdsLock = wait ? sql`for update of holds` : sql`for update of holds skip locked`
  const locking = dialect === 'postgres' ? sql`${holdsLock} for share of orders skip locked` : sql``
  const { rows } = await sql<{ variant_id: number; quantity: number }>`
    update holds set returned_at = ${now}
    where id in (
      select holds.id from holds join orders on orders.id = holds.order_id
      where holds.variant_id in (${sql.join(variantIds)}) and holds.returned_at is null
        and holds.expires_at <= ${now} and orders.frozen_at is null
      order by holds.expires_at ${limitRows(dialect, limit)} ${locking}
    ) and returned_at is null
    returning variant_id, quantity`.execute(trx)
  return rows
}

/** Claims expired holds as `claim` finds them and gives their units back, in one transaction. */
function giveBackClaimed(
  ctx: Pick<ShopContext, 'db'>,
  claim: (trx: Trx) => Promise<{ variant_id: number; quantity: number }[]>,
): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const claimed = await claim(trx)
    await giveBack(trx, addUp(claimed))
    return claimed.length
  })
}

const SWEEP_BATCH = 500
const SWEEP_EVERY_MS = 30_000

/**
 * The periodic sweep's walk: the products with live holds after product `after`, in id order, at
 * most `bound` of them, found by a loose index scan of holds_variant_due_idx (live holds by product,
 * then by end): one probe steps to the next product, one more reads when its earliest live hold
 * ends. So its cost grows with the products walked, never with their holds. One row per product
 * walked (`step` counts them), and a last one without a product when the walk reached the end.
 */
export function productsWithLiveHolds(after: number, bound: number) {
  return sql<{ variant_id: number | null; step: number; ends: number | null }>`
    with recursive walk (variant_id, step) as (
      select (select variant_id from holds where returned_at is null and variant_id > ${after}
          order by variant_id limit 1), 1
      union all
      select (select holds.variant_id from holds
          where holds.returned_at is null and holds.variant_id > walk.variant_id
          order by holds.variant_id limit 1), walk.step + 1
      from walk where walk.variant_id is not null and walk.step < ${bound}
    )
    select walk.variant_id, walk.step, (select holds.expires_at from holds
        where holds.returned_at is null and holds.variant_id = walk.variant_id
        order by holds.expires_at limit 1) as ends
    from walk`
}

/** Where each process's periodic sweep walks on from (a hint only: any sweep may claim anything). */
const walkedUpTo = new WeakMap<object, number>()

/**
 * One bounded batch of the periodic sweep: walks at most SWEEP_BATCH products with live holds,
 * from where the last batch stopped, and claims and gives back at most `limit` expired holds of
 * those due, product by product. `more` says the batch stopped at a bound, so another should
 * follow soon.
 */
async function sweepDueProducts(
  ctx: Pick<ShopContext, 'db' | 'database' | 'now'>,
  limit: number,
): Promise<{ swept: number; more: boolean }> {
  const now = ctx.now()
  const { rows } = await productsWithLiveHolds(walkedUpTo.get(ctx.db) ?? 0, SWEEP_BATCH).execute(ctx.db)
  const walked = rows.sort((a, b) => a.step - b.step)
  // The last product walked when the walk stopped at the bound; none when it reached the end.
  const stop = walked.at(-1)?.variant_id ?? null
  let next = stop ?? 0
  const due = walked.flatMap((row) =>
    row.variant_id !== null && row.ends !== null && row.ends <= now ? [row.variant_id] : [],
  )
  const swept =
    due.length === 0
      ? 0
      : await giveBackClaimed(ctx, async (trx) => {
          const claimed: { variant_id: number; quantity: number }[] = []
          for (const variantId of due) {
            const left = limit - claimed.length
            claimed.push(...(await claimExpired(trx, ctx.database.dialect, now, left, [variantId], false)))
            if (claimed.length === limit) {
              // The product may have more: the next batch starts with it.
              next = variantId - 1
              break
            }
          }
          return claimed
        })
  walkedUpTo.set(ctx.db, next)
  return { swept, more: swept === limit || stop !== null }
}

/**
 * Gives back up to `limit` expired holds: of these products when given (waiting for whoever is
 * giving them back on PostgreSQL), else one batch of the periodic sweep (which answers 0 too when
 * its walk stopped at its bound before a due product). Answers how many.
 */
export async function sweepExpiredHolds(
  ctx: Pick<ShopContext, 'db' | 'database' | 'now'>,
  options: { variantIds?: readonly number[]; limit?: number } = {},
): Promise<number> {
  const limit = options.limit ?? SWEEP_BATCH
  const { variantIds } = options
  if (!variantIds) return (await sweepDueProducts(ctx, limit)).swept
  const now = ctx.now()
  return giveBackClaimed(ctx, (trx) => claimExpired(trx, ctx.database.dialect, now, limit, variantIds, true))
}

/** Asked before every catalogue page's stock is read: compiled once per number of products. */
const anyExpiredHold = compiledOnce((db, variantIds: readonly number[], now: number) =>
  db
    .selectFrom('holds')
    .select('id')
    .where('variant_id', 'in', variantIds)
    .where('returned_at', 'is', null)
    .where('expires_at', '<=', now)
    .limit(1),
)

/** Whether any of these products has expired holds still counted as held (an index probe). */
async function hasExpiredHolds(db: Kysely<Database>, variantIds: readonly number[], now: number) {
  return (await anyExpiredHold(db, variantIds, now)).rows.length > 0
}

/**
 * Gives back every expired hold of these products before their stock is read or refused, so that
 * what the shop says is available never waits for the periodic sweep. Cheap when there is none.
 * Says whether there was any (stock read before then is stale).
 */
export async function sweepProducts(
  ctx: Pick<ShopContext, 'db' | 'database' | 'now'>,
  variantIds: readonly number[],
): Promise<boolean> {
  if (variantIds.length === 0 || !(await hasExpiredHolds(ctx.db, variantIds, ctx.now()))) return false
  while ((await sweepExpiredHolds(ctx, { variantIds })) === SWEEP_BATCH) {}
  return true
}

/**
 * Runs `write` (a cart transaction that takes stock); when it finds too little, gives back the
 * product's expired holds (or waits for whoever is giving them back) and runs it once more.
 */
export async function withStockRetry<T>(ctx: ShopContext, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (!(error instanceof StockShortage)) throw error
    await sweepProducts(ctx, error.variantIds)
    return write()
  }
}

/** When each instance next sweeps (a schedule hint only: sweeps are claimed, so any may run). */
const nextSweepAt = new WeakMap<object, number>()

/** The periodic sweep, run by an add when it is due: one batch, then again soon if it stopped at a bound. */
export async function sweepWhenDue(ctx: ShopContext): Promise<void> {
  const now = ctx.now()
  if (now < (nextSweepAt.get(ctx) ?? 0)) return
  nextSweepAt.set(ctx, now + SWEEP_EVERY_MS)
  try {
    if ((await sweepDueProducts(ctx, SWEEP_BATCH)).more) nextSweepAt.set(ctx, now)
  } catch (error) {
    // Opportunistic: the shopper's add has succeeded; the next due write sweeps again.
    ctx.log.warn({ err: error }, 'sweeping expired holds failed')
  }
}

/** Deletes holds and gives back those still counted as held. */
async function dropHolds(
  trx: Trx,
  holds: readonly { id: number; variant_id: number; quantity: number; returned_at: number | null }[],
): Promise<void> {
  if (holds.length === 0) return
  await trx
    .deleteFrom('holds')
    .where(
      'id',
      'in',
      holds.map((hold) => hold.id),
    )
    .execute()
  await giveBack(trx, addUp(holds.filter((hold) => hold.returned_at === null)))
}

/**
 * The order takes note of its expired holds (inside its locked transaction): their units leave
 * the lines and go back to the shelves (unless a sweep gave them back already). Answers what
 * went back, for expired_items; nothing while the order is being paid.
 */
export async function releaseExpiredHolds(
  trx: Trx,
  order: OrderRow,
  now: number,
): Promise<ReturnedItemJson[]> {
  if (order.frozen_at !== null) return []
  const expired = await trx
    .selectFrom('holds')
    .select(['id', 'variant_id', 'quantity', 'returned_at'])
    .where('order_id', '=', order.id)
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('returned_at', 'is not', null)]))
    .execute()
  if (expired.length === 0) return []
  await dropHolds(trx, expired)
  const units = addUp(expired)
  for (const [variantId, quantity] of units) {
    await trx
      .updateTable('line_items')
      .set((eb) => ({ quantity: eb('quantity', '-', quantity) }))
      .where('order_id', '=', order.id)
      .where('variant_id', '=', variantId)
      .execute()
  }
  await trx.deleteFrom('line_items').where('order_id', '=', order.id).where('quantity', '<=', 0).execute()
  const names = await trx
    .selectFrom('products')
    .select(['id', 'name'])
    .where('id', 'in', [...units.keys()])
    .execute()
  const nameOf = new Map(names.map((row) => [row.id, row.name]))
  return [...units].map(([variantId, quantity]) => ({
    variant_id: variantId,
    name: nameOf.get(variantId) ?? '',
    quantity,
  }))
}

/** Releases `units` of the order's holds on a product, newest first (lowering a quantity). */
export async function releaseNewest(trx: Trx, orderId: number, variantId: number, units: number) {
  const holds = await trx
    .selectFrom('holds')
    .select(['id', 'variant_id', 'quantity', 'returned_at'])
    .where('order_id', '=', orderId)
    .where('variant_id', '=', variantId)
    .orderBy('id', 'desc')
    .execute()
  const whole: typeof holds = []
  let left = units
  for (const hold of holds) {
    if (left <= 0) break
    if (hold.quantity <= left) {
      whole.push(hold)
      left -= hold.quantity
    } else {
      await trx
        .updateTable('holds')
        .set({ quantity: hold.quantity - left })
        .where('id', '=', hold.id)
        .execute()
      if (hold.returned_at === null) await giveBack(trx, new Map([[variantId, left]]))
      left = 0
    }
  }
  await dropHolds(trx, whole)
}

const insertHold = compiledOnce(
  (db, orderId: number, variantId: number, quantity: number, expiresAt: number, now: number) =>
    db.insertInto('holds').values({
      order_id: orderId,
      variant_id: variantId,
      quantity,
      expires_at: expiresAt,
      created_at: now,
    }),
)

/** Holds `quantity` more units for an hour from now; the stock itself is taken at commit. */
async function holdMore(trx: Trx, orderId: number, variantId: number, quantity: number, now: number) {
  await insertHold(trx, orderId, variantId, quantity, now + CART_HOLD_MS, now)
  claimStock(trx, variantId, quantity)
}

/**
 * The product (its parent's status and name, its picture: what the line's JSON shows), with every
 * line of the order and when the order's earliest hold ends: one row per line (one with no line
 * when the order has none). An add then knows the order's lines and holds after its change
 * without reading them again (orders.recompute), and answers its line from this row.
 */
const productWithLines = compiledOnce((db, variantId: number, orderId: number) =>
  db
    .selectFrom('products')
    .leftJoin('products as parent', 'parent.id', 'products.parent_id')
    .leftJoin('media', (join) =>
      join.on((eb) => eb('media.id', '=', eb.fn.coalesce('products.image_id', 'parent.image_id'))),
    )
    .leftJoin('line_items', (join) => join.on('line_items.order_id', '=', orderId))
    .leftJoin('products as line_product', 'line_product.id', 'line_items.variant_id')
    .select([
      'products.name',
      'products.type',
      'products.status',
      'products.regular_price',
      'products.sale_price',
      'products.sku',
      'products.slug',
      'products.parent_id',
      'products.publish_at',
      'parent.status as parent_status',
      'parent.publish_at as parent_publish_at',
      'parent.name as parent_name',
      'parent.slug as parent_slug',
      'media.id as image_id',
      'media.alt as image_alt',
      'media.width as image_width',
      'media.height as image_height',
      'line_items.id as line_id',
      'line_items.variant_id as line_variant_id',
      'line_items.quantity as line_quantity',
      'line_items.price as line_price',
      'line_product.parent_id as line_parent_id',
      'products.limited',
      'products.max_per_fan',
      'parent.limited as parent_limited',
      'parent.max_per_fan as parent_max_per_fan',
    ])
    .select((eb) =>
      eb
        .selectFrom('holds')
        .select((hold) => hold.fn.min<number>('holds.expires_at').as('ends'))
        .where('holds.order_id', '=', orderId)
        .as('hold_ends'),
    )
    .where('products.id', '=', variantId)
    .orderBy('line_items.id'),
)

const updateLine = compiledOnce((db, lineId: number, quantity: number, price: number) =>
  db.updateTable('line_items').set({ quantity, price }).where('id', '=', lineId),
)

const insertLine = compiledOnce(
  (db, orderId: number, variantId: number, quantity: number, price: number, now: number) =>
    db
      .insertInto('line_items')
      .values({ order_id: orderId, variant_id: variantId, quantity, price, created_at: now })
      .returning('id'),
)

/** What a line's change needs to know of its product (the generic path's and the SQLite add's reads). */
export interface AddableProduct {
  name: string
  type: string
  status: string
  publish_at: number | string | null
  parent_status: string | null
  parent_publish_at: number | string | null
  regular_price: number
  sale_price: number | null
  limited: number | boolean | null
  max_per_fan: number | null
  parent_limited: number | boolean | null
  parent_max_per_fan: number | null
}

/**
 * The units of the product `variantId` counts toward (core's countedProductId) in the order's other
 * lines: a variable product's other variations.
 */
export function otherUnitsOfProduct(
  lines: readonly { variantId: number | null; parentId: number | null; quantity: number | null }[],
  variantId: number,
  parentId: number | null,
): number {
  if (parentId === null) return 0
  let units = 0
  for (const line of lines) {
    if (line.variantId !== variantId && line.parentId === parentId) units += line.quantity!
  }
  return units
}

/**
 * The checks of a line's new quantity (`had` units before, `otherUnits` of the same product in the
 * order's other lines): the product is for sale (and its parent), not a variable product, within
 * the per-order maximum when raised. Answers its unit price and its per-fan cap (null when it has
 * none), which the caller counts in its transaction.
 */
export function assertAddable(
  ctx: ShopContext,
  product: AddableProduct | undefined,
  variantId: number,
  had: number,
  quantity: number,
  otherUnits: number,
  now: number,
): { price: number; fanCap: number | null } {
  const onSale =
    product !== undefined &&
    isShownInShop(product, now) &&
    (product.parent_status === null ||
      isShownInShop({ status: product.parent_status, publish_at: product.parent_publish_at }, now))
  if (!onSale) {
    throw notFound(`Product ${variantId} is not for sale.`)
  }
  if (product.type === 'variable') {
    throw unprocessable(`Choose the options of "${product.name}" first: add one of its variations.`)
  }
  const max = ctx.config.MAX_PER_ORDER
  if (quantity > had && !withinPerOrderLimit(otherUnits + quantity, max))
    throw overLimit({ kind: 'per-order', max })
  const fanCap = perFanCap(product, {
    limited: product.parent_limited,
    max_per_fan: product.parent_max_per_fan,
  })
  return { price: currentPrice(product), fanCap }
}

/** What a raise of a line leaves: the line as its JSON shows it, and the order's lines and hold end. */
export interface RaisedLine {
  line: LineRow
  after: KnownLines
}

/**
 * Sets the order's line for `variantId` to `quantity(units it holds now)` (0 removes it): raising holds the new units
 * for an hour from now (stock taken at commit, 422 when too little is left), lowering releases the
 * newest units first. Runs inside the order's locked transaction (orders.changeOrder).
 * A raise answers the line and what the order holds afterwards (RaisedLine); nothing otherwise.
 */
export async function setLineQuantity(
  ctx: ShopContext,
  trx: Trx,
  order: OrderRow,
  variantId: number,
  wanted: (had: number) => number,
): Promise<RaisedLine | null> {
  const { rows } = await productWithLines(trx, variantId, order.id)
  const product = rows[0]
  const mine = rows.find((row) => row.line_variant_id === variantId)
  const had = mine?.line_quantity ?? 0
  const quantity = wanted(had)
  if (quantity === 0) {
    if (mine?.line_id) {
      await trx.deleteFrom('line_items').where('id', '=', mine.line_id).execute()
      await releaseNewest(trx, order.id, variantId, had)
    }
    return null
  }
  const now = ctx.now()
  const parentId = product?.parent_id ?? null
  const otherUnits = otherUnitsOfProduct(
    rows.map((row) => ({
      variantId: row.line_variant_id,
      parentId: row.line_parent_id,
      quantity: row.line_quantity,
    })),
    variantId,
    parentId,
  )
  // Fewer units of a line keep the price they were held at, and need nothing of the product now:
  // a fan can always take units out, also of a product taken off sale or repriced since.
  const { price, fanCap } =
    mine && quantity < had
      ? { price: mine.line_price!, fanCap: null }
      : assertAddable(ctx, product, variantId, had, quantity, otherUnits, now)
  if (fanCap !== null && quantity > had) {
    const productId = countedProductId({ id: variantId, parent_id: parentId })
    await assertWithinFanCap(trx, ctx.database.dialect, order, productId, otherUnits + quantity, fanCap)
  }

  if (quantity > had) await holdMore(trx, order.id, variantId, quantity - had, now)
  else if (quantity < had) await releaseNewest(trx, order.id, variantId, had - quantity)

  let lineId = mine?.line_id
  if (lineId) await updateLine(trx, lineId, quantity, price)
  else lineId = (await insertLine(trx, order.id, variantId, quantity, price, now)).rows[0]!.id
  if (quantity < had) return null

  const holdEnds = product!.hold_ends === null ? null : Number(product!.hold_ends)
  const lines = rows.flatMap((row) =>
    row.line_variant_id === null || row.line_variant_id === variantId
      ? []
      : [{ unitPrice: row.line_price!, quantity: row.line_quantity! }],
  )
  lines.push({ unitPrice: price, quantity })
  return {
    line: {
      id: lineId,
      variant_id: variantId,
      quantity,
      price,
      bought_name: product!.name,
      bought_sku: product!.sku,
      bought_slug: product!.slug,
      parent_id: product!.parent_id,
      parent_name: product!.parent_name,
      parent_slug: product!.parent_slug,
      image_id: product!.image_id,
      image_alt: product!.image_alt,
      image_width: product!.image_width,
      image_height: product!.image_height,
      fan_cap: fanCap,
      other_units: otherUnits,
    },
    after: {
      lines,
      holdEnds:
        quantity > had ? Math.min(holdEnds ?? Number.POSITIVE_INFINITY, now + CART_HOLD_MS) : holdEnds,
    },
  }
}

/** Moves a guest cart's holds to the cart it is merged into, keeping each unit's own hour. */
export async function moveHolds(trx: Trx, fromOrderId: number, toOrderId: number): Promise<void> {
  await trx.updateTable('holds').set({ order_id: toOrderId }).where('order_id', '=', fromOrderId).execute()
}

/**
 * On completion the order's held units become sold: per product, held down and sold up in one
 * statement (units a sweep had given back are taken from the shelf again), and the holds end.
 * The statement sells only what is on hand (the products_stock_not_oversold check), so an on hand
 * lowered under the holds by hand throws StockShortage instead of failing the transaction.
 */
export async function holdsBecomeSales(trx: Trx, orderId: number): Promise<void> {
  const [lines, holds] = await Promise.all([
    trx.selectFrom('line_items').select(['variant_id', 'quantity']).where('order_id', '=', orderId).execute(),
    trx
      .selectFrom('holds')
      .select(['variant_id', 'quantity'])
      .where('order_id', '=', orderId)
      .where('returned_at', 'is', null)
      .execute(),
  ])
  const held = addUp(holds)
  await trx.deleteFrom('holds').where('order_id', '=', orderId).execute()
  for (const line of [...lines].sort((a, b) => a.variant_id - b.variant_id)) {
    const fromHeld = Math.min(held.get(line.variant_id) ?? 0, line.quantity)
    const sold = await trx
      .updateTable('products')
      .set((eb) => ({
        stock_held: eb('stock_held', '-', fromHeld),
        stock_sold: eb('stock_sold', '+', line.quantity),
      }))
      .where('id', '=', line.variant_id)
      .where(sql<number>`stock_on_hand - stock_sold`, '>=', line.quantity)
      .executeTakeFirst()
    if (!sold.numUpdatedRows) throw new StockShortage([line.variant_id])
  }
}
