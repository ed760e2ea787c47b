/** The site domain's HTTP routes: the navigation menus (spec 7: GET /wp-json/wp/v2/menu). */
import { menuResponseSchema } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { readMenus } from './menus.ts'

export default async function sitePlugin(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/wp-json/wp/v2/menu',
    {
      schema: {
        tags: ['site'],
        summary: 'The navigation menus: the main menu and the legal sub-menus, as groups of links',
        response: { 200: menuResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60')
      return { data: await readMenus(app.shop) }
    },
  )
}
