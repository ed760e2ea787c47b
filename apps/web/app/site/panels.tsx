/**
 * Every side panel of spec 2 (login, register, cart, after-login, social bar, navigation...),
 * mounted once by each layout. Each domain adds its own panel here; the UI store decides which is open.
 * Each panel's code loads when it first opens (when-opened.tsx).
 */
import { type ComponentType, lazy } from 'react'
import { useLoginWhenSentThere } from '../accounts/sent-to-login.ts'
import { CartFlashAnswer } from '../cart/cart-flash-answer.tsx'
import { WhenOpened } from './when-opened.tsx'

function onFirstOpen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })))
}

const NavigationPanel = onFirstOpen(() => import('./navigation-panel.tsx'), 'NavigationPanel')
const SocialBarPanel = onFirstOpen(() => import('./social-bar.tsx'), 'SocialBarPanel')
const SocialSharePopup = onFirstOpen(() => import('./social-popups.tsx'), 'SocialSharePopup')
const SocialStreamPopup = onFirstOpen(() => import('./social-popups.tsx'), 'SocialStreamPopup')
const LoginPanel = onFirstOpen(() => import('../accounts/account-panels.tsx'), 'LoginPanel')
const RegisterPanel = onFirstOpen(() => import('../accounts/account-panels.tsx'), 'RegisterPanel')
const CartPanel = onFirstOpen(() => import('../cart/cart-panel.tsx'), 'CartPanel')

export function Panels() {
  useLoginWhenSentThere()
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
