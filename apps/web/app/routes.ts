/**
 * Every page of the storefront. Each domain lists its own pages (app/<domain>/routes.ts),
 * grouped by the layout of spec 2 they use; any path nobody claims is the 404 page.
 */
import { layout, type RouteConfig, route } from '@react-router/dev/routes'
import { accountsRoutes } from './accounts/routes.ts'
import { cartRoutes } from './cart/routes.ts'
import { catalogRoutes } from './catalog/routes.ts'
import { contentRoutes } from './content/routes.ts'
import { launchRoutes } from './launch/routes.ts'
import type { DomainRoutes } from './site/domain-routes.ts'
import { siteRoutes } from './site/routes.ts'

const domains: DomainRoutes[] = [
  siteRoutes,
  catalogRoutes,
  accountsRoutes,
  cartRoutes,
  contentRoutes,
  launchRoutes,
]
const byLayout = (key: keyof DomainRoutes) => domains.flatMap((d) => d[key] ?? [])

export default [
  layout('site/layouts/default.tsx', byLayout('default')),
  layout('site/layouts/shop.tsx', byLayout('shop')),
  layout('site/layouts/agreements.tsx', byLayout('agreements')),
  route('*', 'site/routes/not-found.tsx'),
] satisfies RouteConfig
