/**
 * The store API's create-a-cart and add-to-cart on SQLite, run straight on better-sqlite3 (issue
 * 13, fifth pass):
 * the generic change (orders.changeLockedOrder through Kysely) cost a promise chain per statement
 * and materialised the whole `orders` row three times, and on drop day this is the one write
 * every fan makes. Here the add is synchronous statements prepared once, rows read as arrays and
 * only the columns it needs: find the order by number, the product with the order's lines, the
 * hold, the line, the totals (written, not read back), the conditional stock write. They run in a
 * savepoint of a group commit (group-commit.ts, BEGIN IMMEDIATE around the turn's creates and
 * adds); being synchronous, nothing else runs on the connection in between, so this gives the
 * same guarantees as the generic change; it runs only when no other (asynchronous)
 * transaction is open on the connection, and leaves to the generic path every order that is not a
 * plain open cart (being paid, a hold ran out, a coupon or a shipping address to price), so
 * every rule that path enforces for those stays in one place. The checks themselves are the
 * generic path's (holds.assertAddable) and the arithmetic core's.
 */
import {
  CART_HOLD_MS,
  computeTotals,
  countedProductId,
  isPast,
  type OrderJson,
  type OrderState,
} from '@fanshop/core'
import type SQLite from 'better-sqlite3'
import type { ShopContext } from '../context.ts'
import { unprocessable } from '../http/errors.ts'
import { COUNTED_PRODUCT_SQL, OWNED_UNITS_SQL, refuseOverFanCap } from '../launch/fan-cap.ts'
import { refuseIfQueueStandingLost } from '../launch/queue-gate.ts'
import { inGroupCommit } from './group-commit.ts'
import { assertAddable, otherUnitsOfProduct, type RaisedLine, StockShortage } from './holds.ts'
import { buildOrderJson, type PaymentMethodRow } from './order-json.ts'
import { accessibleOrder, holdRanOut, isFrozen, type OrderRow, type Requester } from './orders.ts'
import { activePaymentMethodsOnSqlite, keptPaymentMethodsOnSqlite } from './sqlite-payment-methods.ts'

/** The statements of the create and the add, prepared once per database handle. */
interface Statements {
  order: SQLite.Statement
  productWithLines: SQLite.Statement
  ownedElsewhere: SQLite.Statement
  insertHold: SQLite.Statement
  updateLine: SQLite.Statement
  insertLine: SQLite.Statement
  saveTotals: SQLite.Statement
  takeStock: SQLite.Statement
  insertOrder: SQLite.Statement
  /** The names of the columns `insertOrder` returns, in their order. */
  orderColumns: string[]
}

const prepared = new WeakMap<SQLite.Database, Statements>()

function statementsOf(database: SQLite.Database): Statements {
  let statements = prepared.get(database)
  if (statements) return statements
  const raw = (sql: string) => database.prepare(sql).raw(true)
  statements = {
    order: raw(
      `select id, token, user_id, state, frozen_at, hold_expires_at, coupon_id, ship_address,
         queue_ticket_id, queue_admitted_at
       from orders where number = ?`,
    ),
    productWithLines: raw(
      `select products.name, products.type, products.status, products.regular_price, products.sale_price,
         products.sku, products.slug, products.parent_id, products.publish_at,
         parent.status, parent.publish_at, parent.name, parent.slug,
         media.id, media.alt, media.width, media.height,
         line_items.id, line_items.variant_id, line_items.quantity, line_items.price,
         products.limited, products.max_per_fan, parent.limited, parent.max_per_fan,
         (select min(holds.expires_at) from holds where holds.order_id = ?),
         line_product.parent_id
       from products
       left join products as parent on parent.id = products.parent_id
       left join media on media.id = coalesce(products.image_id, parent.image_id)
       left join line_items on line_items.order_id = ?
       left join products as line_product on line_product.id = line_items.variant_id
       where products.id = ?
       order by line_items.id`,
    ),
    ownedElsewhere: raw(
      `select ${OWNED_UNITS_SQL} from line_items
       inner join orders on orders.id = line_items.order_id
       inner join products on products.id = line_items.variant_id
       where orders.user_id = ? and ${COUNTED_PRODUCT_SQL} = ? and orders.id <> ?`,
    ),
    insertHold: database.prepare(
      'insert into holds (order_id, variant_id, quantity, expires_at, created_at) values (?, ?, ?, ?, ?)',
    ),
    updateLine: database.prepare('update line_items set quantity = ?, price = ? where id = ?'),
    insertLine: database.prepare(
      'insert into line_items (order_id, variant_id, quantity, price, created_at) values (?, ?, ?, ?, ?)',
    ),
    saveTotals: database.prepare(
      `update orders set state = ?, item_count = ?, item_total = ?, adjustment_total = ?, ship_total = ?,
         total = ?, shipping_method_id = null, hold_expires_at = ?, updated_at = ?, expired_items = '[]',
         capped_items = '[]'
       where id = ?`,
    ),
    takeStock: database.prepare(
      `update products set stock_held = stock_held + ?
       where id = ? and stock_on_hand - stock_sold - stock_held >= ?`,
    ),
    insertOrder: raw(
      `insert into orders (number, token, state, user_id, email, expired_items, created_at, updated_at,
         queue_ticket_id, queue_admitted_at)
       values (?, ?, 'cart', ?, ?, '[]', ?, ?, ?, ?) returning *`,
    ),
    orderColumns: [],
  }
  statements.orderColumns = statements.insertOrder.columns().map((column) => column.name)
  prepared.set(database, statements)
  return statements
}

// Columns of the order's row as `order` reads it.
const O_ID = 0
const O_TOKEN = 1
const O_USER = 2
const O_STATE = 3
const O_FROZEN = 4
const O_HOLD_ENDS = 5
const O_COUPON = 6
const O_SHIP_ADDRESS = 7
const O_QUEUE_TICKET = 8
const O_QUEUE_ADMITTED = 9
// Columns of `productWithLines`: the product (and its parent and picture), one of the order's lines, the hold end.
const P = {
  name: 0,
  type: 1,
  status: 2,
  regularPrice: 3,
  salePrice: 4,
  sku: 5,
  slug: 6,
  parentId: 7,
  publishAt: 8,
  parentStatus: 9,
  parentPublishAt: 10,
  parentName: 11,
  parentSlug: 12,
  imageId: 13,
  imageAlt: 14,
  imageWidth: 15,
  imageHeight: 16,
  lineId: 17,
  lineVariant: 18,
  lineQuantity: 19,
  linePrice: 20,
  limited: 21,
  maxPerFan: 22,
  parentLimited: 23,
  parentMaxPerFan: 24,
  holdEnds: 25,
  lineParentId: 26,
} as const

/**
 * Adds `quantity` units of `variantId` to the order with this number for the requester, in this
 * turn's group commit. Answers the added line and what the order holds afterwards, or null when
 * the add must go the generic way (another transaction is open on the connection, or the order is
 * not a plain open cart); throws the generic path's errors (404, 422, StockShortage), its own
 * writes undone.
 */
export function addOnSqlite(
  ctx: ShopContext,
  database: SQLite.Database,
  requester: Requester,
  wanted: AddWanted,
): Promise<RaisedLine | null> {
  const s = statementsOf(database)
  return inGroupCommit(database, () => addInTransaction(ctx, s, requester, wanted))
}

/** What an add asks for (carts.ts, addToOrderNumbered). */
export interface AddWanted {
  number: string
  variantId: number
  quantity: number
  queueStanding: boolean
}

function addInTransaction(
  ctx: ShopContext,
  s: Statements,
  requester: Requester,
  { number, variantId, quantity, queueStanding }: AddWanted,
): RaisedLine | null {
  const now = ctx.now()
  const row = s.order.get(number) as unknown[] | undefined
  const order = accessibleOrder(
    requester,
    number,
    row && ({ token: row[O_TOKEN], user_id: row[O_USER] } as OrderRow),
  )
  const state = row![O_STATE] as OrderState
  const seen = {
    state,
    frozen_at: row![O_FROZEN],
    hold_expires_at: row![O_HOLD_ENDS],
  } as OrderRow
  if (isFrozen(seen) || holdRanOut(seen, now) || row![O_COUPON] !== null || row![O_SHIP_ADDRESS] !== null)
    return null
  if (state === 'complete') throw unprocessable(`Order ${number} is already complete.`)
  refuseIfQueueStandingLost(queueStanding, {
    queue_ticket_id: row![O_QUEUE_TICKET] as number | null,
    queue_admitted_at: row![O_QUEUE_ADMITTED] as number | null,
  })
  const orderId = row![O_ID] as number
  const userId = order.user_id

  const rows = s.productWithLines.all(orderId, orderId, variantId) as unknown[][]
  const p = rows[0]
  const mine = rows.find((r) => r[P.lineVariant] === variantId)
  const had = (mine?.[P.lineQuantity] as number | undefined) ?? 0
  const wanted = had + quantity
  const product = p && {
    name: p[P.name] as string,
    type: p[P.type] as string,
    status: p[P.status] as string,
    regular_price: p[P.regularPrice] as number,
    sale_price: p[P.salePrice] as number | null,
    publish_at: p[P.publishAt] as number | null,
    parent_status: p[P.parentStatus] as string | null,
    parent_publish_at: p[P.parentPublishAt] as number | null,
    limited: p[P.limited] as number,
    max_per_fan: p[P.maxPerFan] as number | null,
    parent_limited: p[P.parentLimited] as number | null,
    parent_max_per_fan: p[P.parentMaxPerFan] as number | null,
  }
  const parentId = (p?.[P.parentId] as number | null | undefined) ?? null
  const otherUnits = otherUnitsOfProduct(
    rows.map((r) => ({
      variantId: r[P.lineVariant] as number | null,
      parentId: r[P.lineParentId] as number | null,
      quantity: r[P.lineQuantity] as number | null,
    })),
    variantId,
    parentId,
  )
  const { price, fanCap } = assertAddable(ctx, product, variantId, had, wanted, otherUnits, now)
  if (fanCap !== null) {
    const productId = countedProductId({ id: variantId, parent_id: parentId })
    const owned =
      userId === null ? 0 : Number((s.ownedElsewhere.get(userId, productId, orderId) as unknown[])[0])
    refuseOverFanCap(owned, otherUnits + wanted, fanCap)
  }

  s.insertHold.run(orderId, variantId, quantity, now + CART_HOLD_MS, now)
  let lineId = mine?.[P.lineId] as number | undefined
  if (lineId) s.updateLine.run(wanted, price, lineId)
  else lineId = Number(s.insertLine.run(orderId, variantId, wanted, price, now).lastInsertRowid)

  const lines = rows.flatMap((r) =>
    r[P.lineVariant] === null || r[P.lineVariant] === variantId
      ? []
      : [{ unitPrice: r[P.linePrice] as number, quantity: r[P.lineQuantity] as number }],
  )
  lines.push({ unitPrice: price, quantity: wanted })
  const holdEnds = Math.min((p![P.holdEnds] as number | null) ?? Number.POSITIVE_INFINITY, now + CART_HOLD_MS)
  // No coupon and no shipping address here (those go the generic way): nothing off, no rate.
  const totals = computeTotals({ lines, discount: null, shipping: 0 })
  s.saveTotals.run(
    isPast(state, 'cart') ? 'cart' : state,
    totals.itemCount,
    totals.itemTotal,
    totals.adjustmentTotal,
    totals.shipTotal,
    totals.total,
    holdEnds,
    now,
    orderId,
  )
  if (s.takeStock.run(quantity, variantId, quantity).changes === 0) throw new StockShortage([variantId])
  return {
    line: {
      id: lineId,
      variant_id: variantId,
      quantity: wanted,
      price,
      bought_name: p![P.name] as string,
      bought_sku: p![P.sku] as string,
      bought_slug: p![P.slug] as string,
      parent_id: p![P.parentId] as number | null,
      parent_name: p![P.parentName] as string | null,
      parent_slug: p![P.parentSlug] as string | null,
      image_id: p![P.imageId] as number | null,
      image_alt: p![P.imageAlt] as string | null,
      image_width: p![P.imageWidth] as number | null,
      image_height: p![P.imageHeight] as number | null,
      fan_cap: fanCap,
      other_units: otherUnits,
    },
    after: { lines, holdEnds },
  }
}

/**
 * A new cart's row (orders.createOrder draws its number and token), inserted in this turn's group
 * commit, or null when a transaction is open on the connection.
 */
export function insertOrderOnSqlite(
  database: SQLite.Database,
  values: {
    number: string
    token: string
    userId: number | null
    email: string | null
    now: number
    queueTicketId: number | null
    queueAdmittedAt: number | null
  },
): Promise<OrderRow | null> {
  const { number, token, userId, email, now, queueTicketId, queueAdmittedAt } = values
  const s = statementsOf(database)
  return inGroupCommit(database, () => {
    const row = s.insertOrder.get(
      number,
      token,
      userId,
      email,
      now,
      now,
      queueTicketId,
      queueAdmittedAt,
    ) as unknown[]
    // Read as an array and named here: better-sqlite3 looked each of the two dozen column names up
    // in V8's string table for every row it built as an object (3% of an iteration's CPU, issue 13).
    const order: Record<string, unknown> = {}
    for (let i = 0; i < row.length; i++) order[s.orderColumns[i]!] = row[i]
    const methods = keptPaymentMethodsOnSqlite(database)
    if (methods) methodsAtCreate.set(order, methods)
    return order as unknown as OrderRow
  })
}

/** The payment methods kept per connection, checked still current inside a new cart's transaction. */
const methodsAtCreate = new WeakMap<object, PaymentMethodRow[]>()

/**
 * A cart just created, as its JSON: it has no lines, addresses, payments or coupon, so only the
 * payment methods are shown (kept per connection, sqlite-payment-methods.ts). Null when a
 * transaction is open on the connection (orderJson then).
 */
export function newCartJsonOnSqlite(database: SQLite.Database, order: OrderRow): OrderJson | null {
  if (database.inTransaction) return null
  const paymentMethods = methodsAtCreate.get(order) ?? activePaymentMethodsOnSqlite(database)
  return buildOrderJson(order, {
    lines: [],
    billAddress: null,
    shipAddress: null,
    payments: [],
    paymentMethods,
    coupon: undefined,
    rates: [],
  })
}
