/**
 * The frame every layout of spec 2 shares: skip link, cookie bar (early in the tab order),
 * progress bar, offline note, header, before the launch its countdown and ways in, the page, the
 * footer of wide screens, interactive cursor, dark overlay, every panel, and analytics; plus the
 * behaviour that follows the visitor around (panels closing on route change, focus on the new
 * page's heading, scroll to top on the home route, animate-on-scroll, reload on a failed chunk,
 * the launch's allowedToShop flag).
 */
import { type ReactNode, Suspense } from 'react'
import { useAllowedToShopFlag, useShoppingAllowed } from '../launch/shopping-gate.ts'
import { Analytics } from './analytics.tsx'
import { useAnimateOnScroll } from './animate-on-scroll.ts'
import { CookieBar } from './cookie-bar.tsx'
import { Cursor } from './cursor.tsx'
import {
  useFocusHeadingOnArrival,
  useReloadOnChunkFailure,
  useScrollToTopOnArrival,
  useSidebarsHidden,
} from './frame-effects.ts'
import { lazyNamed } from './lazy-named.ts'
import { OfflineNote } from './offline-note.tsx'
import { Overlay } from './overlay.tsx'
import { Panels } from './panels.tsx'
import { ProgressBar } from './progress-bar.tsx'
import { useRouteName } from './route-name.ts'
import { SiteFooter } from './site-footer.tsx'
import { SiteHeader } from './site-header.tsx'

/** Its code loads only while there is a launch to count down to. */
const LaunchNotice = lazyNamed(() => import('../launch/launch-notice.tsx'), 'LaunchNotice')

/** The pages where a fan comes to buy, which say before the launch when and how to get in. */
const LAUNCH_NOTICE_ROUTES = new Set(['index', 'home', 'shop', 'product'])

export function FrameBehaviour() {
  useSidebarsHidden()
  useFocusHeadingOnArrival()
  useReloadOnChunkFailure()
  useAnimateOnScroll()
  useAllowedToShopFlag()
  return null
}

export function Frame(props: { layout: 'default' | 'shop' | 'agreements'; children: ReactNode }) {
  const routeName = useRouteName()
  useScrollToTopOnArrival(routeName === 'home')
  const launchNotice = !useShoppingAllowed() && LAUNCH_NOTICE_ROUTES.has(routeName ?? '')
  return (
    <>
      <FrameBehaviour />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <CookieBar />
      <ProgressBar />
      <OfflineNote />
      <SiteHeader back={props.layout === 'agreements'} />
      {launchNotice ? (
        <Suspense fallback={null}>
          <LaunchNotice />
        </Suspense>
      ) : null}
      <main id="main" className={`page page--${props.layout}`}>
        {props.children}
      </main>
      <SiteFooter />
      <Cursor />
      <Overlay />
      <Panels />
      <Analytics />
    </>
  )
}
