/**
 * The countries and states of the checkout's address selects, read from the reference tables
 * (reference-data.ts writes them): a page of countries, and the states of one country.
 */
import { notFound } from '../http/errors.ts'
import type { Db } from './orders.ts'

/** One page of countries by name, with the total count for the pager. */
export async function countriesPage(db: Db, page: number, perPage: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('countries')
      .selectAll()
      .orderBy('name')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('countries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return {
    countries: rows.map((row) => ({ ...row, states_required: row.states_required === 1 })),
    count: Number(total.n),
  }
}

/** The states of a country by name, and whether its addresses must name one; 404 for an unknown country. */
export async function statesOfCountry(db: Db, countryId: number) {
  const country = await db
    .selectFrom('countries')
    .select(['id', 'states_required'])
    .where('id', '=', countryId)
    .executeTakeFirst()
  if (!country) throw notFound(`Country ${countryId} not found.`)
  const states = await db
    .selectFrom('states')
    .select(['id', 'name', 'abbr', 'country_id'])
    .where('country_id', '=', country.id)
    .orderBy('name')
    .execute()
  return { states, states_required: country.states_required === 1 }
}
