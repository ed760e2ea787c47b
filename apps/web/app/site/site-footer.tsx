/**
 * The footer of wide screens: the legal menu (terms, privacy, shipping and returns) and the way to
 * contact the shop. Spec 2 puts the legal menu in the navigation panel on small screens only, so
 * without this a desktop visitor had no link to them; phones keep them in the panel.
 */
import { Link } from 'react-router'
import { SITE_NAME } from './brand.ts'
import { MenuGroups } from './menu-groups.tsx'
import { useFrame } from './use-frame.ts'

export function SiteFooter() {
  const legal = useFrame()?.menus['sub-menus'] ?? []
  return (
    <footer className="site-footer">
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
