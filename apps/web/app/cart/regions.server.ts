/** Countries and states for the checkout's address selects, from the store API (spec 7: countries?per_page=999). */
import { countryJsonSchema, type StateJson, stateJsonSchema } from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { z } from 'zod'
import { apiGet } from '../api.server.ts'

const countriesSchema = z.object({ countries: z.array(countryJsonSchema) })
const statesSchema = z.object({ states: z.array(stateJsonSchema), states_required: z.boolean() })

export async function loadCountries(context: AppLoadContext) {
  const body = await apiGet(context, '/api/v1/countries', { query: { per_page: 999 } })
  return countriesSchema.parse(body).countries
}

export async function loadStates(context: AppLoadContext, countryId: number): Promise<StateJson[]> {
  return statesSchema.parse(await apiGet(context, '/api/v1/states', { query: { country_id: countryId } }))
    .states
}
