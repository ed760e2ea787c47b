/**
 * The site domain's routes, by layout: the cookie bar's answer, the visitor's own frame parts, and
 * the menu, the social bar and the cookie settings as pages for a tap on their buttons before the
 * page's code runs.
 */
import { route } from '@react-router/dev/routes'
import type { DomainRoutes } from './domain-routes.ts'

export const siteRoutes: DomainRoutes = {
  default: [
    route('cookie-consent', 'site/routes/cookie-consent.ts'),
    route('cookie-settings', 'site/routes/cookie-settings.tsx'),
    route('visitor-frame', 'site/routes/visitor-frame.ts'),
    route('menu', 'site/routes/menu.tsx'),
    route('share', 'site/routes/share.tsx'),
  ],
}
