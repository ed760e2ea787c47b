/**
 * GET /checkout/states?country_id=: the states of a country for the address form's state select.
 * A country_id that is no id is a 400; any other refusal of the store API (a country that is not
 * there: 404) keeps the API's status and message.
 */
import { idParam } from '@fanshop/core'
import { data } from 'react-router'
import { ApiError } from '../../api.server.ts'
import { loadStates } from '../regions.server.ts'
import type { Route } from './+types/checkout-states'

export async function loader({ url, context }: Route.LoaderArgs) {
  const countryId = idParam().safeParse(url.searchParams.get('country_id'))
  if (!countryId.success) throw data({ message: 'country_id must be a country id.' }, { status: 400 })
  try {
    return { states: await loadStates(context, countryId.data) }
  } catch (error) {
    if (error instanceof ApiError && error.statusCode < 500)
      throw data({ message: error.message }, { status: error.statusCode })
    throw error
  }
}
