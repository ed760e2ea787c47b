/**
 * Countries and states for the address forms' selects (the checkout's and the address book's), from
 * the store API (spec 7: countries?per_page=999).
 */
import { type CountryJson, cartEndpoints, type StateJson } from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { callData } from '../api.server.ts'

export async function loadCountries(context: AppLoadContext) {
  return (await callData(context, cartEndpoints.countries, { query: { per_page: 999 } })).countries
}

export async function loadStates(context: AppLoadContext, countryId: number): Promise<StateJson[]> {
  return (await callData(context, cartEndpoints.states, { query: { country_id: countryId } })).states
}

/** A country an address form names and its states: what the form's state select lists. */
export interface CountryStates {
  countryId: number
  states: StateJson[]
}

/**
 * The country a posted address form names, when it is one of `countries`, with its states: the
 * form's state is checked against them, and a refused form is drawn again with them. Without
 * JavaScript the page could not list the states of a country picked after it was drawn.
 */
export async function postedCountryStates(
  context: AppLoadContext,
  countries: readonly CountryJson[],
  form: FormData,
): Promise<CountryStates | undefined> {
  const country = countries.find((each) => String(each.id) === form.get('country_id'))
  return country && { countryId: country.id, states: await loadStates(context, country.id) }
}
