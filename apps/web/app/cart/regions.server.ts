/** Countries and states for the checkout's address selects, from the store API (spec 7: countries?per_page=999). */
import { cartEndpoints, type StateJson } from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { callData } from '../api.server.ts'

export async function loadCountries(context: AppLoadContext) {
  return (await callData(context, cartEndpoints.countries, { query: { per_page: 999 } })).countries
}

export async function loadStates(context: AppLoadContext, countryId: number): Promise<StateJson[]> {
  return (await callData(context, cartEndpoints.states, { query: { country_id: countryId } })).states
}
