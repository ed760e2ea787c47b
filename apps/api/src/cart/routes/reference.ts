/**
 * The reference data the checkout's forms need, cacheable by anyone: countries and their states
 * (Spree v1 shapes) and the shipping zones (WooCommerce's shape). Read-only, no gate; the
 * checkout's pages read them in-process (http/in-process-api.ts).
 */
import { cartEndpoints } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import { readRoute } from '../../http/route.ts'
import { countriesPage, REFERENCE_MAX_AGE_SECONDS, statesOfCountry } from '../countries.ts'
import { shippingZones } from '../shipping.ts'

export default async function referenceRoutes(app: FastifyInstance) {
  const ctx = app.shop

  readRoute(app, cartEndpoints.countries, async (request, reply) => {
    const { page, per_page } = request.query
    const { countries, count } = await countriesPage(ctx, page, per_page)
    reply.header('cache-control', `public, max-age=${REFERENCE_MAX_AGE_SECONDS}`)
    return {
      countries,
      count,
      current_page: page,
      pages: Math.max(1, Math.ceil(count / per_page)),
      per_page,
    }
  })

  readRoute(app, cartEndpoints.states, async (request, reply) => {
    const answer = await statesOfCountry(ctx, request.query.country_id)
    reply.header('cache-control', `public, max-age=${REFERENCE_MAX_AGE_SECONDS}`)
    return answer
  })

  readRoute(app, cartEndpoints.shippingZones, async (_request, reply) => {
    const zones = await shippingZones(ctx.db)
    reply.header('cache-control', 'public, max-age=300')
    return zones
  })
}
