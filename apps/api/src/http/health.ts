/** `/healthz`: 200 when the database answers, 503 otherwise (for load balancers and orchestrators). */
import type { FastifyInstance } from 'fastify'

export default async function healthPlugin(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await app.shop.database.ping()
      return { status: 'ok', database: app.shop.database.dialect }
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable')
      return reply.status(503).send({ statusCode: 503, message: 'Database unreachable.' })
    }
  })
}
