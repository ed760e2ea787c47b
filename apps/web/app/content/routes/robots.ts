/**
 * /robots.txt: search engines may read the public pages, not the personal ones (cart, checkout,
 * profile, orders, account links), and find every page in the sitemap.
 */
import { PRIVATE_PAGE_PATHS } from '@fanshop/core'
import { getOnly } from '../../site/resource-route.server.ts'
import type { Route } from './+types/robots'

export function loader({ context }: Route.LoaderArgs) {
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PAGE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${context.publicUrl}/sitemap.xml`,
    '',
  ]
  return new Response(lines.join('\n'), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  })
}

export const action = getOnly
