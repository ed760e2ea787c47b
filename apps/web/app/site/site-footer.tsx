/**
 * The footer of wide screens: the legal menu (terms, privacy, shipping and returns) and the way to
 * contact the shop. Spec 2 puts the legal menu in the navigation panel on small screens only, so
 * without this a desktop visitor had no link to them; phones keep them in the panel.
 */
import { Link } from 'react-router'
import { SITE_NAME } from './brand.ts'
import { MenuGroups } from './menu-groups.tsx'
import { useFrame } from './use-frame.ts'

/**
 * The footer's id, which the document's head names as the point the first paint waits for (a
 * `<link rel="expect" blocking="render">`, root.tsx). A page comes in pieces, over a phone's
 * network or from a slow phone's parser, and the browser paints what it has read: the cookie bar
 * and the product page's buy bar, fixed to the screen's foot, were drawn without their buttons and
 * rose when the rest came (a layout shift of 0.015 to 0.045, catalog/layout-shift.e2e.ts). Once
 * the footer is read, the screen's fixed parts and the main content above it are whole. A browser
 * that does not know the relation paints as before.
 */
export const PAGE_READ_UNTIL = 'site-footer'

export function SiteFooter() {
  const legal = useFrame()?.menus['sub-menus'] ?? []
  return (
    <footer id={PAGE_READ_UNTIL} className="site-footer">
      <nav aria-label="Legal" className="site-footer__legal">
        <MenuGroups groups={legal} className="menu-group menu-group--footer" />
      </nav>
      <section className="menu-group menu-group--footer">
        <h2 className="menu-group__name">Questions?</h2>
        <ul className="menu-group__items">
          <li>
            <Link to="/contact" className="menu-group__link">
              Contact
            </Link>
          </li>
        </ul>
      </section>
      <p className="site-footer__mark">{SITE_NAME}</p>
    </footer>
  )
}
