/** The cart domain's HTTP routes, registered by app.ts. */
import type { FastifyInstance } from 'fastify'

export default async function cartPlugin(_app: FastifyInstance) {}
