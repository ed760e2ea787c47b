/**
 * GET /checkout/states?country_id=: the states of a country for the address form's state select.
 * A country_id that is no id is a 400; any other refusal of the store API (a country that is not
 * there: 404) keeps the API's status and message, each in `{ message, statusCode }`; a post is a 405.
 */
import { idParam } from '@fanshop/core'
import { ApiError } from '../../api.server.ts'
import { getOnly, refusal } from '../../site/resource-route.server.ts'
import { loadStates } from '../regions.server.ts'
import type { Route } from './+types/checkout-states'

export async function loader({ url, context }: Route.LoaderArgs) {
  const countryId = idParam().safeParse(url.searchParams.get('country_id'))
  if (!countryId.success) throw refusal(400, 'country_id must be a country id.')
  try {
    return { states: await loadStates(context, countryId.data) }
  } catch (error) {
    if (error instanceof ApiError && error.statusCode < 500) throw refusal(error.statusCode, error.message)
    throw error
  }
}

export const action = getOnly
