/**
 * Every side panel of spec 2 (login, register, cart, after-login, social bar, navigation...),
 * mounted once by each layout. Each domain adds its own panel here; the UI store decides which is open.
 * Each panel's code stays off the first load and is fetched once the browser is idle, under the
 * same rules as link prefetching (spec 9: not on 2g, with data-saver on or offline), or when the
 * panel first opens (when-opened.tsx), whichever comes first.
 */
import { type ComponentType, lazy, useEffect } from 'react'
import { useLoginWhenSentThere } from '../accounts/sent-to-login.ts'
import { CartFlashAnswer } from '../cart/cart-flash-answer.tsx'
import { usePrefetchAllowed } from './prefetch.ts'
import { WhenOpened } from './when-opened.tsx'

const loaders: Array<() => Promise<unknown>> = []

function onFirstOpen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  loaders.push(load)
  return lazy(() => load().then((module) => ({ default: module[name] })))
}

function useWarmPanelsWhenIdle() {
  const allowed = usePrefetchAllowed()
  useEffect(() => {
    // A warm-up that fails is tried again when the panel opens.
    if (allowed) for (const load of loaders) load().catch(() => {})
  }, [allowed])
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
  useWarmPanelsWhenIdle()
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
