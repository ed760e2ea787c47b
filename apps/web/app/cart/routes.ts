/** The cart domain's pages, by layout. */
import type { DomainRoutes } from '../site/domain-routes.ts'

export const cartRoutes: DomainRoutes = {}
