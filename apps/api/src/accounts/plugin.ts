/** The accounts domain's HTTP routes (spec 7's account and auth calls), registered by app.ts. */
import type { FastifyInstance } from 'fastify'
import { closeRateLimiter } from '../http/rate-limit.ts'
import addressBookRoutes from './address-book.ts'
import authRoutes from './auth-routes.ts'
import profileRoutes from './profile-routes.ts'

export default async function accountsPlugin(app: FastifyInstance) {
  await app.register(authRoutes)
  await app.register(profileRoutes)
  await app.register(addressBookRoutes)
  // The shared rate limiter may hold a Redis connection; the accounts domain, which always runs, closes it.
  app.addHook('onClose', async () => closeRateLimiter(app.shop))
}
