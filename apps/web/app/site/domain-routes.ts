/** The shape in which each domain hands its routes to app/routes.ts, grouped by the layout they use. */
import type { RouteConfigEntry } from '@react-router/dev/routes'

export interface DomainRoutes {
  default?: RouteConfigEntry[]
  shop?: RouteConfigEntry[]
  agreements?: RouteConfigEntry[]
}
