/** The back office's catalogue API (issue 11): products, categories and size guides, registered by the admin plugin. */
import type { FastifyInstance } from 'fastify'
import categoriesRoutes from './categories-routes.ts'
import productsRoutes from './products-routes.ts'
import sizeGuidesRoutes from './size-guides-routes.ts'

export default async function adminCatalogPlugin(app: FastifyInstance) {
  await app.register(productsRoutes)
  await app.register(categoriesRoutes)
  await app.register(sizeGuidesRoutes)
}
