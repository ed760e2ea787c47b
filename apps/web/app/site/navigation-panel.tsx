/**
 * The navigation panel (spec 2): the greeting menu for a logged-in visitor, the login panel for a
 * guest, the main menu, and the legal menu, which only small screens show here.
 */
import type { MenuGroup } from '@fanshop/core'
import { GreetingMenu } from '../accounts/greeting-menu.tsx'
import { LoginForm } from '../accounts/login-form.tsx'
import { SidePanel } from './side-panel.tsx'
import { SiteLink } from './site-link.tsx'
import { useFrame } from './use-frame.ts'

function MenuGroups({ groups, className }: { groups: MenuGroup[]; className: string }) {
  return groups.map((group) => (
    <section key={group.name} className={className}>
      <h2 className="menu-group__name">{group.name}</h2>
      <ul className="menu-group__items">
        {group.items.map((item) => (
          <li key={`${item.title} ${item.url}`}>
            <SiteLink to={item.url} className="menu-group__link">
              {item.title}
            </SiteLink>
          </li>
        ))}
      </ul>
    </section>
  ))
}

export function NavigationPanel() {
  const frame = useFrame()
  const menus = frame?.menus
  return (
    <SidePanel panel="navigation" title="Menu" hideTitle side="left" className="navigation-panel">
      {frame?.user ? <GreetingMenu /> : <LoginForm />}
      <nav aria-label="Main menu" className="navigation-panel__main">
        <MenuGroups groups={menus?.['main-menu'] ?? []} className="menu-group" />
      </nav>
      {menus?.['sub-menus'].length ? (
        <nav aria-label="Legal" className="navigation-panel__legal">
          <MenuGroups groups={menus['sub-menus']} className="menu-group menu-group--legal" />
        </nav>
      ) : null}
    </SidePanel>
  )
}
