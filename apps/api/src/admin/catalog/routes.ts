/** The back office's catalogue API (issue 11): products with their images and categories, registered by the admin plugin. */
import type { FastifyInstance } from 'fastify'
import categoriesRoutes from './categories-routes.ts'
import productImagesRoutes from './product-images-routes.ts'
import productsRoutes from './products-routes.ts'

export default async function adminCatalogPlugin(app: FastifyInstance) {
  await app.register(productsRoutes)
  await app.register(productImagesRoutes)
  await app.register(categoriesRoutes)
}
