/**
 * The countries and states of the checkout's address selects, read from the reference tables
 * (reference-data.ts writes them): a page of countries, and the states of one country. Every
 * checkout page asks for all 250 countries, so each instance keeps them for the hour the API tells
 * its clients they may (REFERENCE_MAX_AGE_SECONDS).
 */
import { keptRead } from '@fanshop/core'
import type { ShopContext } from '../context.ts'
import { notFound } from '../http/errors.ts'

/** How long a client, and an instance, may keep the countries and states (Cache-Control's max-age). */
export const REFERENCE_MAX_AGE_SECONDS = 3600

type ReferenceContext = Pick<ShopContext, 'db'>

/** Each instance keeps them per database handle for as long as its clients may. */
const keptReference = { ms: REFERENCE_MAX_AGE_SECONDS * 1000, sourceOf: ({ db }: ReferenceContext) => db }

const countriesByName = keptRead(keptReference, async ({ db }: ReferenceContext) => {
  const rows = await db.selectFrom('countries').selectAll().orderBy('name').execute()
  return rows.map((row) => ({ ...row, states_required: row.states_required === 1 }))
})

/** One page of countries by name, with the total count for the pager. */
export async function countriesPage(ctx: ReferenceContext, page: number, perPage: number) {
  const countries = await countriesByName(ctx)
  return { countries: countries.slice((page - 1) * perPage, page * perPage), count: countries.length }
}

/** The states of a country by name, and whether its addresses must name one; 404 for an unknown country. */
export const statesOfCountry = keptRead(keptReference, readStates)

async function readStates({ db }: ReferenceContext, countryId: number) {
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
