/**
 * /menu: the navigation panel as a page. The header's Menu button opens the panel once the page's
 * code runs; a tap before then (the code loads after the first paint, and a phone may have none)
 * submits the button's form to this page, so the menu is never a dead button.
 */

import { pageTitle } from '../brand.ts'
import type { SiteHandle } from '../handle.ts'
import { NavigationMenus } from '../navigation-panel.tsx'
import type { Route } from './+types/menu'

export const handle: SiteHandle = { routeName: 'menu' }

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Menu') },
  { name: 'robots', content: 'noindex' },
]

export default function MenuPage() {
  return (
    <section className="navigation-panel menu-page">
      <h1 className="menu-page__title">Menu</h1>
      <NavigationMenus />
    </section>
  )
}
