/** The site domain's pages, by layout. */
import type { DomainRoutes } from './domain-routes.ts'

export const siteRoutes: DomainRoutes = {}
