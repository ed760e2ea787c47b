/** The site domain's HTTP routes, registered by app.ts. */
import type { FastifyInstance } from 'fastify'

export default async function sitePlugin(_app: FastifyInstance) {}
