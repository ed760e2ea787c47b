/**
 * Every side panel of spec 2 (login, register, cart, after-login, social bar, navigation...),
 * mounted once by each layout. Each domain adds its own panel here; the UI store decides which is open.
 */
import { LoginPanel, RegisterPanel } from '../accounts/account-panels.tsx'
import { CartPanel } from '../cart/cart-panel.tsx'
import { NavigationPanel } from './navigation-panel.tsx'
import { SocialBarPanel } from './social-bar.tsx'
import { SocialSharePopup, SocialStreamPopup } from './social-popups.tsx'

export function Panels() {
  return (
    <>
      <NavigationPanel />
      <SocialBarPanel />
      <SocialSharePopup />
      <SocialStreamPopup />
      <LoginPanel />
      <RegisterPanel />
      <CartPanel />
    </>
  )
}
