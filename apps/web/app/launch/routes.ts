/** The launch domain's pages, by layout: the code entry (one-day-left page), coming soon and the drop's waiting room. */
import { route } from '@react-router/dev/routes'
import type { DomainRoutes } from '../site/domain-routes.ts'

export const launchRoutes: DomainRoutes = {
  default: [
    route('entercode', 'launch/routes/entercode.tsx'),
    route('comingsoon', 'launch/routes/comingsoon.tsx'),
    route('queue', 'launch/routes/queue.tsx'),
  ],
}
