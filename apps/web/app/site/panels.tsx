/**
 * Every side panel of spec 2 (login, register, cart, social bar, navigation...), mounted once by
 * each layout. The after-login panel's greeting menu is in the navigation panel for a logged-in fan:
 * once logged in, the user button goes to /profile (spec 2), and nothing else would open it. Each
 * domain adds its own panel here; the UI store decides which is open. Each panel's code stays off
 * the first load: it is fetched when a trigger of the panel (any element marked
 * data-panel-trigger="<panel>") is pointed at, touched or focused, so that the click that follows
 * finds it there, under the network rules of link prefetching (spec 9: not on 2g, with data-saver
 * on, or offline); otherwise when the panel first opens (when-opened.tsx).
 */
import { useEffect } from 'react'
import { useLoginWhenSentThere } from '../accounts/sent-to-login.ts'
import { CartFlashAnswer } from '../cart/cart-flash-answer.tsx'
import { lazyNamed } from './lazy-named.ts'
import { networkAllowsPrefetch } from './prefetch.ts'
import { WhenOpened } from './when-opened.tsx'

const PANEL_CODE = {
  navigation: () => import('./navigation-panel.tsx'),
  socialBar: () => import('./social-bar.tsx'),
  socialShare: () => import('./social-popups.tsx'),
  socialStream: () => import('./social-popups.tsx'),
  login: () => import('../accounts/account-panels.tsx'),
  register: () => import('../accounts/account-panels.tsx'),
  cart: () => import('../cart/cart-panel.tsx'),
}

const hasCode = (panel: string): panel is keyof typeof PANEL_CODE => Object.hasOwn(PANEL_CODE, panel)

function useWarmPanelsWhenReached() {
  useEffect(() => {
    const warmed = new Set<string>()
    const warm = (event: Event) => {
      const trigger = event.target instanceof Element ? event.target.closest('[data-panel-trigger]') : null
      const panel = trigger?.getAttribute('data-panel-trigger')
      if (!panel || !hasCode(panel) || warmed.has(panel) || !networkAllowsPrefetch()) return
      warmed.add(panel)
      // A warm-up that fails is tried again when the panel opens.
      PANEL_CODE[panel]().catch(() => warmed.delete(panel))
    }
    document.addEventListener('pointerover', warm)
    document.addEventListener('focusin', warm)
    return () => {
      document.removeEventListener('pointerover', warm)
      document.removeEventListener('focusin', warm)
    }
  }, [])
}

const NavigationPanel = lazyNamed(PANEL_CODE.navigation, 'NavigationPanel')
const SocialBarPanel = lazyNamed(PANEL_CODE.socialBar, 'SocialBarPanel')
const SocialSharePopup = lazyNamed(PANEL_CODE.socialShare, 'SocialSharePopup')
const SocialStreamPopup = lazyNamed(PANEL_CODE.socialStream, 'SocialStreamPopup')
const LoginPanel = lazyNamed(PANEL_CODE.login, 'LoginPanel')
const RegisterPanel = lazyNamed(PANEL_CODE.register, 'RegisterPanel')
const CartPanel = lazyNamed(PANEL_CODE.cart, 'CartPanel')

export function Panels() {
  useLoginWhenSentThere()
  useWarmPanelsWhenReached()
  return (
    <>
      <WhenOpened panel="navigation">
        <NavigationPanel />
      </WhenOpened>
      <WhenOpened panel="socialBar">
        <SocialBarPanel />
      </WhenOpened>
      <WhenOpened panel="socialShare">
        <SocialSharePopup />
      </WhenOpened>
      <WhenOpened panel="socialStream">
        <SocialStreamPopup />
      </WhenOpened>
      <WhenOpened panel="login">
        <LoginPanel />
      </WhenOpened>
      <WhenOpened panel="register">
        <RegisterPanel />
      </WhenOpened>
      <WhenOpened panel="cart">
        <CartPanel />
      </WhenOpened>
      <CartFlashAnswer />
    </>
  )
}
