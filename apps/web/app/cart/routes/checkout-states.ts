/** GET /checkout/states?country_id=: the states of a country for the address form's state select. */
import { data } from 'react-router'
import { z } from 'zod'
import { ApiError } from '../../api.server.ts'
import { loadStates } from '../regions.server.ts'
import type { Route } from './+types/checkout-states'

export async function loader({ url, context }: Route.LoaderArgs) {
  const countryId = z.coerce.number().int().positive().safeParse(url.searchParams.get('country_id'))
  if (!countryId.success) throw data({ message: 'country_id must be a country id.' }, { status: 400 })
  try {
    return { states: await loadStates(context, countryId.data) }
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404)
      throw data({ message: error.message }, { status: 404 })
    throw error
  }
}
