/** The back office's API under /admin/api (issue 11), registered by app.ts. */
import type { FastifyInstance } from 'fastify'
import adminAuthRoutes from './auth-routes.ts'
import orderRoutes from './cart/orders-routes.ts'
import dashboardRoutes from './dashboard.ts'
import staffRoutes from './staff-routes.ts'

export default async function adminPlugin(app: FastifyInstance) {
  await app.register(adminAuthRoutes)
  await app.register(staffRoutes)
  await app.register(dashboardRoutes)
  await app.register(orderRoutes)
}
