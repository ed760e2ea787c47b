/** The content domain's pages, by layout. */
import type { DomainRoutes } from '../site/domain-routes.ts'

export const contentRoutes: DomainRoutes = {}
