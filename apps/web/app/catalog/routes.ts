/**
 * The catalog domain's pages, by layout: the shop, the product page (under both of spec 2's paths)
 * and the search page (products first, then stories and music).
 */
import { route } from '@react-router/dev/routes'
import type { DomainRoutes } from '../site/domain-routes.ts'

export const catalogRoutes: DomainRoutes = {
  shop: [
    route('shop', 'catalog/routes/shop.tsx'),
    route('search', 'catalog/routes/search.tsx'),
    route('product/:slug?', 'catalog/routes/product.tsx', { id: 'catalog/product' }),
    route('products/:slug?', 'catalog/routes/product.tsx', { id: 'catalog/products' }),
  ],
}
