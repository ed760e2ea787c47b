/**
 * The customer's address book (issue 9): the addresses a logged-in customer keeps, so that their
 * checkout is filled in. Edited in /profile (list, add, change, remove), and filled from their
 * orders: every address a customer's checkout completes is remembered (the migration brings in
 * those of orders placed before the book existed). An address is kept once, however often used,
 * and a book keeps at most ADDRESS_BOOK_LIMIT (core): adding to a full one is refused, and a
 * checkout's new address is then not kept (its order has its own copy), so nothing the fan kept
 * goes away.
 */
import {
  ADDRESS_BOOK_FULL_MESSAGE,
  ADDRESS_BOOK_LIMIT,
  type AddressInput,
  accountEndpoints,
  addressFormatErrors,
  type SavedAddressInput,
  type SavedAddressJson,
  stateProblem,
} from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import type { Kysely, Migration, Selectable } from 'kysely'
import type { ShopContext } from '../context.ts'
import { dialectOf, withIdColumn } from '../db/portable.ts'
import type { Database } from '../db/schema.ts'
import { notFound, unprocessable } from '../http/errors.ts'
import type { AnswerHeaders } from '../http/in-process-api.ts'
import { readRoute, route } from '../http/route.ts'
import { type HeadersOf, requireSession } from './sessions.ts'
import type { SavedAddressesTable } from './tables.ts'

type Db = Kysely<Database>
type Row = Selectable<SavedAddressesTable>

const FIELDS = ['firstname', 'lastname', 'address1', 'address2', 'zipcode', 'city', 'phone'] as const

export const addressBookMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await withIdColumn(db.schema.createTable('saved_addresses'), dialectOf(db))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('firstname', 'text', (c) => c.notNull())
      .addColumn('lastname', 'text', (c) => c.notNull())
      .addColumn('address1', 'text', (c) => c.notNull())
      .addColumn('address2', 'text', (c) => c.notNull())
      .addColumn('zipcode', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('country_id', 'integer', (c) => c.notNull())
      .addColumn('state_id', 'integer')
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('saved_addresses_user_idx').on('saved_addresses').column('user_id').execute()
    const shop = db as unknown as Db
    // An existing shop's profile links gain the address book after "My orders" (a new one is seeded so).
    const orders = await shop
      .selectFrom('user_menu_items')
      .select('position')
      .where('url', '=', '/profile/orders')
      .executeTakeFirst()
    if (orders) {
      await shop
        .updateTable('user_menu_items')
        .set((eb) => ({ position: eb('position', '+', 1) }))
        .where('position', '>', orders.position)
        .execute()
      await shop
        .insertInto('user_menu_items')
        .values({ title: 'My addresses', url: '/profile/addresses', position: orders.position + 1 })
        .execute()
    }
    const placed = await shop
      .selectFrom('orders')
      .select(['user_id', 'ship_address', 'completed_at'])
      .where('user_id', 'is not', null)
      .where('state', '=', 'complete')
      .where('ship_address', 'is not', null)
      .orderBy('completed_at')
      .execute()
    for (const order of placed) {
      const address = JSON.parse(order.ship_address!) as AddressInput
      await remember(shop, order.user_id!, address, order.completed_at ?? 0)
    }
  },
}

/**
 * Whether the user's book has room for one more address. Read in the transaction that adds it,
 * after PostgreSQL has locked the account's row, so two additions at once are counted in turn
 * (SQLite's write transactions run one at a time anyway).
 */
async function hasRoom(trx: Db, userId: number): Promise<boolean> {
  if (dialectOf(trx) === 'postgres') {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute()
  }
  const { count } = await trx
    .selectFrom('saved_addresses')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(count) < ADDRESS_BOOK_LIMIT
}

/** Runs `work` in the caller's transaction when `db` is one, else in a new one. */
const inTransaction = <T>(db: Db, work: (trx: Db) => Promise<T>) =>
  db.isTransaction ? work(db) : db.transaction().execute(work)

/**
 * Remembers an address a customer's checkout completed: a new entry, or the same one moved to
 * the top of the book. An incomplete address is not kept, nor a new one when the book is full.
 */
export async function remember(db: Db, userId: number, address: AddressInput, now: number): Promise<void> {
  const values = {
    firstname: address.firstname ?? '',
    lastname: address.lastname ?? '',
    address1: address.address1 ?? '',
    address2: address.address2 ?? '',
    zipcode: address.zipcode ?? '',
    city: address.city ?? '',
    phone: address.phone ?? '',
    country_id: address.country_id ?? 0,
    state_id: address.state_id ?? null,
  }
  if (!values.firstname || !values.address1 || !values.city || !values.country_id) return
  let same = db.selectFrom('saved_addresses').select('id').where('user_id', '=', userId)
  for (const field of FIELDS) same = same.where(field, '=', values[field])
  same = same.where('country_id', '=', values.country_id)
  same =
    values.state_id === null
      ? same.where('state_id', 'is', null)
      : same.where('state_id', '=', values.state_id)
  const existing = await same.executeTakeFirst()
  if (existing) {
    await db.updateTable('saved_addresses').set({ used_at: now }).where('id', '=', existing.id).execute()
    return
  }
  await inTransaction(db, async (trx) => {
    if (!(await hasRoom(trx, userId))) return
    await trx
      .insertInto('saved_addresses')
      .values({ ...values, user_id: userId, created_at: now, used_at: now })
      .execute()
  })
}

async function labelled(db: Db, rows: Row[]) {
  const countryIds = [...new Set(rows.map((row) => row.country_id))]
  const countries = countryIds.length
    ? await db.selectFrom('countries').select(['id', 'name']).where('id', 'in', countryIds).execute()
    : []
  const nameOf = new Map(countries.map((country) => [country.id, country.name]))
  return rows.map((row) => ({
    id: row.id,
    ...Object.fromEntries(FIELDS.map((field) => [field, row[field]])),
    country_id: row.country_id,
    state_id: row.state_id,
    label: [
      `${row.firstname} ${row.lastname}`,
      [row.address1, row.address2].filter(Boolean).join(' '),
      `${row.zipcode} ${row.city}`,
      nameOf.get(row.country_id),
    ]
      .filter(Boolean)
      .join(', '),
  })) as SavedAddressJson[]
}

/** The country and state must exist and belong together; the phone and postcode fit the country. */
async function checked(db: Db, input: SavedAddressInput) {
  const country = await db
    .selectFrom('countries')
    .select(['id', 'iso', 'name', 'states_required'])
    .where('id', '=', input.country_id)
    .executeTakeFirst()
  if (!country) throw unprocessable('Choose a country from the list.')
  const problems = Object.values(addressFormatErrors(input, country))
  if (problems.length > 0) throw unprocessable(problems.join(' '))
  if (!country.states_required) return { ...input, state_id: null, address2: input.address2 ?? '' }
  const states = input.state_id
    ? await db
        .selectFrom('states')
        .select('id')
        .where('id', '=', input.state_id)
        .where('country_id', '=', country.id)
        .execute()
    : []
  const problem = stateProblem(country, input.state_id, states)
  if (problem) throw unprocessable(problem)
  return { ...input, address2: input.address2 ?? '' }
}

export default async function addressBookRoutes(app: FastifyInstance) {
  const ctx: ShopContext = app.shop

  async function userOf(request: HeadersOf, reply: AnswerHeaders): Promise<number> {
    reply.header('cache-control', 'private, no-store')
    return (await requireSession(ctx, request)).user.id
  }

  async function ownRow(userId: number, id: number): Promise<Row> {
    const row = await ctx.db
      .selectFrom('saved_addresses')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (!row) throw notFound('That address is not in your address book.')
    return row
  }

  readRoute(app, accountEndpoints.addressBook, async (request, reply) => {
    const userId = await userOf(request, reply)
    const rows = await ctx.db
      .selectFrom('saved_addresses')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('used_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
    return { addresses: await labelled(ctx.db, rows) }
  })

  route(app, accountEndpoints.addAddress, async (request, reply) => {
    const userId = await userOf(request, reply)
    const values = await checked(ctx.db, request.body)
    const now = ctx.now()
    const { id } = await inTransaction(ctx.db, async (trx) => {
      if (!(await hasRoom(trx, userId))) throw unprocessable(ADDRESS_BOOK_FULL_MESSAGE)
      return trx
        .insertInto('saved_addresses')
        .values({
          ...values,
          state_id: values.state_id ?? null,
          user_id: userId,
          created_at: now,
          used_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    })
    const [json] = await labelled(ctx.db, [await ownRow(userId, id)])
    return reply.status(201).send(json!)
  })

  route(app, accountEndpoints.changeAddress, async (request, reply) => {
    const userId = await userOf(request, reply)
    const row = await ownRow(userId, request.params.id)
    const values = await checked(ctx.db, request.body)
    await ctx.db
      .updateTable('saved_addresses')
      .set({ ...values, state_id: values.state_id ?? null, used_at: ctx.now() })
      .where('id', '=', row.id)
      .execute()
    const [json] = await labelled(ctx.db, [await ownRow(userId, row.id)])
    return json!
  })

  route(app, accountEndpoints.removeAddress, async (request, reply) => {
    const userId = await userOf(request, reply)
    const row = await ownRow(userId, request.params.id)
    await ctx.db.deleteFrom('saved_addresses').where('id', '=', row.id).execute()
    return reply.status(204).send(null)
  })
}
