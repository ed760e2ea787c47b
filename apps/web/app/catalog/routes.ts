/** The catalog domain's pages, by layout. */
import type { DomainRoutes } from '../site/domain-routes.ts'

export const catalogRoutes: DomainRoutes = {}
