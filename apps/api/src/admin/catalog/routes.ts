/** The back office's catalogue API (issue 11): products with their images, categories and size guides, registered by the admin plugin. */
import type { FastifyInstance } from 'fastify'
import categoriesRoutes from './categories-routes.ts'
import productImagesRoutes from './product-images-routes.ts'
import productsRoutes from './products-routes.ts'
import sizeGuidesRoutes from './size-guides-routes.ts'

export default async function adminCatalogPlugin(app: FastifyInstance) {
  await app.register(productsRoutes)
  await app.register(productImagesRoutes)
  await app.register(categoriesRoutes)
  await app.register(sizeGuidesRoutes)
}
