/**
 * The cart domain's HTTP routes: the store API of spec 7 in Spree v1 shapes, one plugin per
 * resource (orders, line items, checkout, reference data, the guest order lookup, back-in-stock
 * requests), plus WooCommerce's shipping zones and
 * the account's order history. Shared checks (the launch gate on every cart write, the order's
 * credentials) are preHandler hooks on the routes they guard (routes/guards.ts).
 */
import type { FastifyInstance } from 'fastify'
import backInStockRoutes from './back-in-stock.ts'
import checkoutRoutes from './routes/checkout.ts'
import { decorateCartRequests } from './routes/guards.ts'
import lineItemRoutes from './routes/line-items.ts'
import orderLookupRoutes from './routes/lookup.ts'
import orderRoutes from './routes/orders.ts'
import referenceRoutes from './routes/reference.ts'

export default async function cartPlugin(app: FastifyInstance) {
  decorateCartRequests(app)
  await app.register(orderRoutes)
  await app.register(lineItemRoutes)
  await app.register(checkoutRoutes)
  await app.register(referenceRoutes)
  await app.register(orderLookupRoutes)
  await app.register(backInStockRoutes)
}
