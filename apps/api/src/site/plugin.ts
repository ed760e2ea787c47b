/** The site domain's HTTP routes: the navigation menus (spec 7: GET /wp-json/wp/v2/menu). */
import { siteEndpoints } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import { readRoute } from '../http/route.ts'
import { readMenus } from './menus.ts'

export default async function sitePlugin(app: FastifyInstance) {
  readRoute(app, siteEndpoints.menu, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60')
    return { data: await readMenus(app.shop) }
  })
}
