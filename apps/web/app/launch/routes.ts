/** The launch domain's pages, by layout: the code entry (one-day-left page) and coming soon. */
import { route } from '@react-router/dev/routes'
import type { DomainRoutes } from '../site/domain-routes.ts'

export const launchRoutes: DomainRoutes = {
  default: [
    route('entercode', 'launch/routes/entercode.tsx'),
    route('comingsoon', 'launch/routes/comingsoon.tsx'),
  ],
}
