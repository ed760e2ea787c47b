/**
 * The back office's list of placed orders: the filters (state, payment, fulfilment, placed days,
 * customer), the search by number or e-mail, sorting and paging, all done by the database; and
 * the same filtered list, every page of it, as CSV for a spreadsheet (csv-stringify).
 */
import { type AdminOrderSummary, neutraliseCsvCell, type OrderFilter } from '@fanshop/core'
import { stringify } from 'csv-stringify/sync'
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely'
import { containsPattern } from '../../db/portable.ts'
import type { Database } from '../../db/schema.ts'
import { orderSummary } from './order-view.ts'

const DAY = 24 * 60 * 60 * 1000
/** The CSV holds at most this many orders: a bigger export is narrowed by its filters. */
export const CSV_MAX_ROWS = 50_000

const SORT_COLUMNS = {
  placed: 'completed_at',
  number: 'number',
  email: 'email',
  total: 'total',
} as const

type OrdersQuery = SelectQueryBuilder<Database, 'orders', object>

function filtered(db: Kysely<Database>, filter: OrderFilter): OrdersQuery {
  // Every placed order has its completed_at; saying so lets the database sort and page through
  // the partial index on it instead of reading every cart.
  let query: OrdersQuery = db
    .selectFrom('orders')
    .where('state', '=', 'complete')
    .where('completed_at', 'is not', null)
  if (filter.state === 'placed') query = query.where('canceled_at', 'is', null)
  if (filter.state === 'canceled') query = query.where('canceled_at', 'is not', null)
  if (filter.payment) query = query.where('payment_state', '=', filter.payment)
  if (filter.fulfilment) query = query.where('shipment_state', '=', filter.fulfilment)
  if (filter.customer !== undefined) query = query.where('user_id', '=', filter.customer)
  if (filter.from) query = query.where('completed_at', '>=', Date.parse(filter.from))
  if (filter.to) query = query.where('completed_at', '<', Date.parse(filter.to) + DAY)
  const q = filter.q?.trim()
  if (q) {
    const number = q.toUpperCase()
    const like = containsPattern(q.toLowerCase())
    query = query.where((eb) =>
      eb.or([
        eb('number', '=', number),
        eb('number', '=', `R${number.replace(/^R/, '')}`),
        sql<boolean>`lower(email) like ${like} escape '\\'`,
      ]),
    )
  }
  return query
}

function sorted(query: OrdersQuery, filter: OrderFilter) {
  return query.selectAll().orderBy(SORT_COLUMNS[filter.sort], filter.dir).orderBy('id', filter.dir)
}

export async function listOrders(
  db: Kysely<Database>,
  filter: OrderFilter & { page: number; per_page: number },
): Promise<{ items: AdminOrderSummary[]; total: number }> {
  const query = filtered(db, filter)
  const [rows, count] = await Promise.all([
    sorted(query, filter)
      .limit(filter.per_page)
      .offset((filter.page - 1) * filter.per_page)
      .execute(),
    query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { items: rows.map(orderSummary), total: Number(count.n) }
}

const euros = (cents: number) => (cents / 100).toFixed(2)

/** The filtered list as CSV: a header row, then one row per order in the list's order. */
export async function ordersCsv(
  db: Kysely<Database>,
  filter: OrderFilter,
): Promise<{ csv: string; rows: number }> {
  const rows = await sorted(filtered(db, filter), filter).limit(CSV_MAX_ROWS).execute()
  const csv = stringify(
    rows.map(orderSummary).map((order) => ({
      number: order.number,
      placed_at: order.placedAt,
      email: order.email ?? '',
      customer_id: order.customerId ?? '',
      items: order.itemCount,
      total: euros(order.total),
      refunded: euros(order.refundedTotal),
      state: order.state,
      payment_state: order.paymentState ?? '',
      fulfilment_state: order.shipmentState ?? '',
    })),
    {
      header: true,
      columns: [
        'number',
        'placed_at',
        'email',
        'customer_id',
        'items',
        'total',
        'refunded',
        'state',
        'payment_state',
        'fulfilment_state',
      ],
      // A cell a spreadsheet would run as a formula starts with a quote instead (CSV injection).
      cast: { string: neutraliseCsvCell },
    },
  )
  return { csv, rows: rows.length }
}
