/**
 * The back office's view of customer accounts (issue 11): search, details with addresses and
 * orders, disabling (sessions end at once, logins are refused: accounts/sessions.ts), the data
 * export, and erasure on request. Erasure removes or anonymises every personal field and keeps of
 * each order only its legal minimum (core's ERASURE_KEEPS): number, date, lines, totals, tax and
 * the billing country.
 */
import {
  type CustomerDetail,
  type CustomerExport,
  type CustomerProfile,
  type CustomerSummary,
  ERASURE_KEEPS,
} from '@fanshop/core'
import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely'
import { revokeUserSessions } from '../../accounts/sessions.ts'
import type { UsersTable } from '../../accounts/tables.ts'
import type { ShopContext } from '../../context.ts'
import { containsWord, wordPatterns } from '../../db/portable.ts'
import type { Database } from '../../db/schema.ts'
import { HttpError, notFound } from '../../http/errors.ts'
import { type Actor, recordAudit } from '../audit.ts'

type UserRow = Selectable<UsersTable>
type Db = Kysely<Database>

const iso = (epochMs: number | null) => (epochMs === null ? null : new Date(Number(epochMs)).toISOString())

/** The customer's orders: their account's, and guest orders placed with their e-mail address. */
const ordersOf = (eb: ExpressionBuilder<Database, 'orders'>, user: Pick<UserRow, 'id' | 'email'>) =>
  eb.or([eb('orders.user_id', '=', user.id), eb(eb.fn('lower', ['orders.email']), '=', user.email)])

const placedOrders = (eb: ExpressionBuilder<Database, 'users'>) =>
  eb
    .selectFrom('orders')
    .select((inner) => inner.fn.countAll<string | number>().as('n'))
    .whereRef('orders.user_id', '=', 'users.id')
    .where('orders.state', '=', 'complete')
    .as('placed')

function summaryOf(row: UserRow, placed: number): CustomerSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.display_name || `${row.first_name} ${row.last_name}`.trim(),
    createdAt: iso(row.created_at)!,
    disabledAt: iso(row.disabled_at),
    erasedAt: iso(row.erased_at),
    orders: placed,
  }
}

export async function searchCustomers(
  db: Db,
  query: { search?: string; page: number; perPage: number },
): Promise<{ items: CustomerSummary[]; total: number }> {
  const base = db
    .selectFrom('users')
    .where((eb) =>
      eb.and(
        wordPatterns(query.search ?? '').map((pattern) =>
          eb.or([
            containsWord(sql.ref('users.email'), pattern),
            containsWord(sql`users.first_name || ' ' || users.last_name`, pattern),
            containsWord(sql.ref('users.display_name'), pattern),
          ]),
        ),
      ),
    )
  const [rows, count] = await Promise.all([
    base
      .selectAll('users')
      .select(placedOrders)
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id', 'desc')
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { total: Number(count.n), items: rows.map((row) => summaryOf(row, Number(row.placed))) }
}

export async function findCustomer(db: Db, id: number): Promise<UserRow> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound('There is no such customer.')
  return row
}

export async function customerProfile(db: Db, row: UserRow, now: number): Promise<CustomerProfile> {
  const [placed, sessions] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', row.id)
      .where('state', '=', 'complete')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('auth_sessions')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', row.id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow(),
  ])
  return {
    ...summaryOf(row, Number(placed.n)),
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    gender: row.gender,
    birthday: row.birthday,
    phone: row.phone,
    activeSessions: Number(sessions.n),
  }
}

async function addressesOf(db: Db, userId: number): Promise<CustomerDetail['addresses']> {
  const rows = await db
    .selectFrom('saved_addresses')
    .innerJoin('countries', 'countries.id', 'saved_addresses.country_id')
    .selectAll('saved_addresses')
    .select('countries.name as country')
    .where('saved_addresses.user_id', '=', userId)
    .orderBy('saved_addresses.used_at', 'desc')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    address1: row.address1,
    address2: row.address2,
    zipcode: row.zipcode,
    city: row.city,
    country: row.country,
    phone: row.phone,
  }))
}

async function orderRowsOf(db: Db, user: UserRow) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => ordersOf(eb, user))
    .where('state', '=', 'complete')
    .orderBy('completed_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

const orderSummaryOf = (order: Awaited<ReturnType<typeof orderRowsOf>>[number]) => ({
  id: order.id,
  number: order.number,
  state: order.state,
  completedAt: iso(order.completed_at),
  itemCount: Number(order.item_count),
  total: Number(order.total),
  paymentState: order.payment_state,
  shipmentState: order.shipment_state,
})

export async function customerDetail(db: Db, row: UserRow, now: number): Promise<CustomerDetail> {
  const [customer, addresses, orders] = await Promise.all([
    customerProfile(db, row, now),
    addressesOf(db, row.id),
    orderRowsOf(db, row),
  ])
  return { customer, addresses, orders: orders.map(orderSummaryOf) }
}

export async function customerExport(db: Db, row: UserRow, now: number): Promise<CustomerExport> {
  const [profile, addresses, orders] = await Promise.all([
    customerProfile(db, row, now),
    addressesOf(db, row.id),
    orderRowsOf(db, row),
  ])
  const lines = orders.length
    ? await db
        .selectFrom('line_items')
        .innerJoin('products', 'products.id', 'line_items.variant_id')
        .select([
          'line_items.order_id',
          'products.name',
          'products.sku',
          'line_items.quantity',
          'line_items.price',
        ])
        .where(
          'line_items.order_id',
          'in',
          orders.map((order) => order.id),
        )
        .orderBy('line_items.id')
        .execute()
    : []
  return {
    exportedAt: new Date(now).toISOString(),
    profile,
    addresses,
    orders: orders.map((order) => ({
      ...orderSummaryOf(order),
      email: order.email,
      billAddress: order.bill_address === null ? null : JSON.parse(order.bill_address),
      shipAddress: order.ship_address === null ? null : JSON.parse(order.ship_address),
      lines: lines
        .filter((line) => line.order_id === order.id)
        .map((line) => ({ name: line.name, sku: line.sku, quantity: line.quantity, price: line.price })),
    })),
  }
}

const erased = () => new HttpError(409, "This customer's personal data has been erased.")

/** Disables the account (ending its sessions in the same transaction) or enables it again. */
export async function setCustomerDisabled(
  ctx: ShopContext,
  actor: Actor,
  id: number,
  disabled: boolean,
): Promise<UserRow> {
  const now = ctx.now()
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findCustomer(trx, id)
    if (before.erased_at !== null) throw erased()
    if ((before.disabled_at !== null) === disabled) return before
    const after = await trx
      .updateTable('users')
      .set({ disabled_at: disabled ? now : null, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
    const ended = disabled ? await revokeUserSessions({ db: trx, now: () => now }, id) : 0
    await recordAudit(trx, actor, now, {
      action: disabled ? 'customer.disable' : 'customer.enable',
      entity: 'customer',
      entityId: id,
      before: { disabledAt: iso(before.disabled_at) },
      after: { disabledAt: iso(after.disabled_at), sessionsEnded: ended },
    })
    return after
  })
}

/** Only the billing address's country stays (VAT: where the buyer is). */
function billingCountryOnly(address: string | null): string | null {
  if (address === null) return null
  const country = (JSON.parse(address) as { country_id?: number | null }).country_id ?? null
  return JSON.stringify({ country_id: country })
}

/** Takes the customer's addresses out of these orders' timelines and audit entries. */
async function scrubOrderRecords(
  trx: Db,
  orders: { id: number; number: string }[],
  emails: string[],
): Promise<void> {
  const events = await trx
    .selectFrom('order_events')
    .select(['id', 'text'])
    .where(
      'order_id',
      'in',
      orders.map((order) => order.id),
    )
    .execute()
  for (const event of events) {
    const text = withoutAddresses(event.text, emails)
    if (text !== event.text) {
      await trx.updateTable('order_events').set({ text }).where('id', '=', event.id).execute()
    }
  }
  const entries = await trx
    .selectFrom('admin_audit')
    .select(['id', 'before', 'after'])
    .where('entity', '=', 'order')
    .where(
      'entity_id',
      'in',
      orders.map((order) => order.number),
    )
    .execute()
  for (const entry of entries) {
    const before = entry.before === null ? null : withoutAddresses(entry.before, emails)
    const after = entry.after === null ? null : withoutAddresses(entry.after, emails)
    if (before !== entry.before || after !== entry.after) {
      await trx.updateTable('admin_audit').set({ before, after }).where('id', '=', entry.id).execute()
    }
  }
}

/** The text with each of these e-mail addresses (in any case) replaced by "the customer". */
function withoutAddresses(text: string, emails: string[]): string {
  return emails.reduce(
    (scrubbed, email) =>
      scrubbed.replace(new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), 'the customer'),
    text,
  )
}

/**
 * Erases the customer's personal data on request, in one transaction: the account becomes an
 * anonymous, disabled row; addresses, sessions, linked logins, reset links, stock alerts, launch
 * sign-ups and contact messages go; each order (the account's and the guest orders with the same
 * e-mail) loses its e-mail, shipping address, card holder and card details, and keeps its number,
 * date, lines, totals, tax and billing country; its timeline and its audit entries keep no address
 * of the customer (staff notes included). The erasure's own audit entry holds no personal data.
 */
export async function eraseCustomer(
  ctx: ShopContext,
  actor: Actor,
  id: number,
): Promise<{ row: UserRow; orders: number; kept: string[] }> {
  const now = ctx.now()
  return ctx.db.transaction().execute(async (trx) => {
    const user = await findCustomer(trx, id)
    if (user.erased_at !== null) throw erased()
    const orders = await trx
      .selectFrom('orders')
      .select(['id', 'number', 'email', 'bill_address'])
      .where((eb) => ordersOf(eb, user))
      .execute()
    for (const order of orders) {
      await trx
        .updateTable('orders')
        .set({
          email: null,
          fan_mailbox: null,
          ship_address: null,
          bill_address: billingCountryOnly(order.bill_address),
        })
        .where('id', '=', order.id)
        .execute()
    }
    if (orders.length) {
      await scrubOrderRecords(trx, orders, [
        ...new Set([user.email, ...orders.flatMap((order) => order.email ?? [])]),
      ])
      await trx
        .updateTable('payments')
        .set({
          card_name: null,
          card_last4: null,
          card_month: null,
          card_year: null,
          gateway_token: null,
        })
        .where(
          'order_id',
          'in',
          orders.map((order) => order.id),
        )
        .execute()
    }
    await trx.deleteFrom('saved_addresses').where('user_id', '=', id).execute()
    await trx.deleteFrom('auth_sessions').where('user_id', '=', id).execute()
    await trx.deleteFrom('user_identities').where('user_id', '=', id).execute()
    await trx.deleteFrom('password_resets').where('user_id', '=', id).execute()
    await trx.deleteFrom('stock_alerts').where('email', '=', user.email).execute()
    await trx.deleteFrom('launch_signups').where('email', '=', user.email).execute()
    await trx.deleteFrom('contact_messages').where(sql<string>`lower(email)`, '=', user.email).execute()
    const row = await trx
      .updateTable('users')
      .set({
        email: `erased-${id}@erased.invalid`,
        username: `erased-${id}`,
        password_hash: null,
        first_name: '',
        last_name: '',
        display_name: 'Erased customer',
        gender: null,
        birthday: null,
        phone: null,
        preferences: '{}',
        terms_accepted_at: null,
        disabled_at: user.disabled_at ?? now,
        erased_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await recordAudit(trx, actor, now, {
      action: 'customer.erase',
      entity: 'customer',
      entityId: id,
      after: { erasedAt: iso(now), orders: orders.length, kept: ERASURE_KEEPS },
    })
    return { row, orders: orders.length, kept: [...ERASURE_KEEPS] }
  })
}
