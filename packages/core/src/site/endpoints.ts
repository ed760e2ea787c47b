/** The site domain's endpoints (spec 7): the navigation menus. */
import { defineEndpoint } from '../endpoint.ts'
import { menuResponseSchema } from './navigation.ts'

export const siteEndpoints = {
  menu: defineEndpoint({
    method: 'GET',
    path: '/wp-json/wp/v2/menu',
    shared: true,
    tags: ['site'],
    summary: 'The navigation menus: the main menu and the legal sub-menus, as groups of links',
    responses: { 200: menuResponseSchema },
  }),
}
