/**
 * The reference data the checkout's forms need, cacheable by anyone: countries and their states
 * (Spree v1 shapes) and the shipping zones (WooCommerce's shape). Read-only, no gate.
 */
import { countryJsonSchema, idParam, pageParam, perPageParam, stateJsonSchema } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { countriesPage, statesOfCountry } from '../countries.ts'
import { shippingZones } from '../shipping.ts'
import { errors, STORE } from './schemas.ts'

export default async function referenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ctx = app.shop

  app.get(
    '/api/v1/countries',
    {
      schema: {
        tags: [STORE],
        summary: 'Every country with its ISO code (page through with page and per_page, up to 999)',
        querystring: z.object({
          page: pageParam,
          per_page: perPageParam(999, 25),
        }),
        response: {
          200: z.object({
            countries: z.array(countryJsonSchema),
            count: z.number(),
            current_page: z.number(),
            pages: z.number(),
            per_page: z.number(),
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { page, per_page } = request.query
      const { countries, count } = await countriesPage(ctx.db, page, per_page)
      reply.header('cache-control', 'public, max-age=3600')
      return {
        countries,
        count,
        current_page: page,
        pages: Math.max(1, Math.ceil(count / per_page)),
        per_page,
      }
    },
  )

  app.get(
    '/api/v1/states',
    {
      schema: {
        tags: [STORE],
        summary:
          'The states (provinces, regions) of a country; empty for a country whose addresses name none',
        querystring: z.object({ country_id: idParam() }),
        response: {
          200: z.object({ states: z.array(stateJsonSchema), states_required: z.boolean() }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const answer = await statesOfCountry(ctx.db, request.query.country_id)
      reply.header('cache-control', 'public, max-age=3600')
      return answer
    },
  )

  app.get(
    '/wp-json/wc/v3/shipping/zones',
    {
      schema: {
        tags: ['shipping'],
        summary: 'Shipping zones; zone 0 is "Locations not covered by your other zones"',
        response: { 200: z.array(z.object({ id: z.number(), name: z.string(), order: z.number() })) },
      },
    },
    async (_request, reply) => {
      const zones = await shippingZones(ctx.db)
      reply.header('cache-control', 'public, max-age=300')
      return zones
    },
  )
}
