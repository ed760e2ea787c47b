/**
 * The navigation panel (spec 2): the greeting menu for a logged-in visitor, the login panel for a
 * guest, the main menu, and the legal menu, which only small screens show here. Before the launch
 * it opens with the countdown and the ways in. /menu shows the same as a page, for a tap on the
 * header's Menu button before the page's code runs (site/routes/menu.tsx).
 */
import { GreetingMenu } from '../accounts/greeting-menu.tsx'
import { LoginForm } from '../accounts/login-form.tsx'
import { LaunchNotice } from '../launch/launch-notice.tsx'
import { useShoppingAllowed } from '../launch/shopping-gate.ts'
import { MenuGroups } from './menu-groups.tsx'
import { SidePanel } from './side-panel.tsx'
import { useFrame } from './use-frame.ts'

export function NavigationPanel() {
  return (
    <SidePanel panel="navigation" title="Menu" hideTitle side="left" className="navigation-panel">
      <NavigationMenus />
    </SidePanel>
  )
}

/** What the panel holds, for the panel and for the /menu page. */
export function NavigationMenus() {
  const frame = useFrame()
  const menus = frame?.menus
  const shoppingAllowed = useShoppingAllowed()
  return (
    <>
      {shoppingAllowed ? null : <LaunchNotice />}
      {frame?.user ? <GreetingMenu /> : <LoginForm />}
      <nav aria-label="Main menu" className="navigation-panel__main">
        <MenuGroups groups={menus?.['main-menu'] ?? []} className="menu-group" />
      </nav>
      {menus?.['sub-menus'].length ? (
        <nav aria-label="Legal" className="navigation-panel__legal">
          <MenuGroups groups={menus['sub-menus']} className="menu-group menu-group--legal" />
        </nav>
      ) : null}
    </>
  )
}
