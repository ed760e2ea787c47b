/** The content domain's HTTP routes, registered by app.ts. */
import type { FastifyInstance } from 'fastify'

export default async function contentPlugin(_app: FastifyInstance) {}
