/** The back office's API under /admin/api (issue 11), registered by app.ts. */
import type { FastifyInstance } from 'fastify'
import customerRoutes from './accounts/customers-routes.ts'
import adminAuthRoutes from './auth-routes.ts'
import couponRoutes from './cart/coupons-routes.ts'
import orderRoutes from './cart/orders-routes.ts'
import staleSettlementJob from './cart/stale-settlement.ts'
import adminCatalogPlugin from './catalog/routes.ts'
import stockRoutes from './catalog/stock-routes.ts'
import dashboardRoutes from './dashboard.ts'
import accessCodeRoutes from './launch/access-codes-routes.ts'
import queueSettingsRoutes from './launch/queue-settings-routes.ts'
import staffRoutes from './staff-routes.ts'

export default async function adminPlugin(app: FastifyInstance) {
  // Staff read customers', orders' and staff's data with a cookie, not an Authorization header,
  // which alone keeps an answer out of shared caches: no cache may store one, refusals included.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'private, no-store')
    done()
  })
  await app.register(adminAuthRoutes)
  await app.register(staffRoutes)
  await app.register(dashboardRoutes)
  await app.register(adminCatalogPlugin)
  await app.register(customerRoutes)
  await app.register(couponRoutes)
  await app.register(queueSettingsRoutes)
  await app.register(accessCodeRoutes)
  await app.register(stockRoutes)
  await app.register(orderRoutes)
  await app.register(staleSettlementJob)
}
