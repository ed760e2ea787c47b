/**
 * Every side panel of spec 2 (login, register, cart, after-login, social bar, navigation...),
 * mounted once by each layout. Each domain adds its own panel here; the UI store decides which is open.
 * Each panel's code stays off the first load (panel-code.ts says when it is fetched).
 */
import { type ComponentType, lazy } from 'react'
import { useLoginWhenSentThere } from '../accounts/sent-to-login.ts'
import { CartFlashAnswer } from '../cart/cart-flash-answer.tsx'
import { PANEL_CODE } from './panel-code.ts'
import { WhenOpened } from './when-opened.tsx'

function onFirstOpen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })))
}

const NavigationPanel = onFirstOpen(PANEL_CODE.navigation, 'NavigationPanel')
const SocialBarPanel = onFirstOpen(PANEL_CODE.socialBar, 'SocialBarPanel')
const SocialSharePopup = onFirstOpen(PANEL_CODE.socialShare, 'SocialSharePopup')
const SocialStreamPopup = onFirstOpen(PANEL_CODE.socialStream, 'SocialStreamPopup')
const LoginPanel = onFirstOpen(PANEL_CODE.login, 'LoginPanel')
const RegisterPanel = onFirstOpen(PANEL_CODE.register, 'RegisterPanel')
const CartPanel = onFirstOpen(PANEL_CODE.cart, 'CartPanel')

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
