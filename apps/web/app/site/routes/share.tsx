/**
 * /share?page=<path>: the social bar and its Follow and Listen popups as a page. The header's
 * "Share and follow" button opens the bar once the page's code runs; a tap before then (the code
 * loads after the first paint, and a phone may have none) submits the button's form here, with
 * the page it was tapped on. Only a path of this shop is shared; anything else shares home. The
 * address is there to copy by hand, and Copy link joins it once the page's code runs.
 */
import { safeRedirect } from '@fanshop/core'
import { useSearchParams } from 'react-router'
import { pageTitle, SITE_NAME } from '../brand.ts'
import { CopyLink } from '../copy-link.tsx'
import type { SiteHandle } from '../handle.ts'
import { ShareTargets } from '../social-bar.tsx'
import { ProfileGroups, StreamLinks } from '../social-popups.tsx'
import { useFrame } from '../use-frame.ts'
import { useHydrated } from '../use-hydrated.tsx'
import type { Route } from './+types/share'

export const handle: SiteHandle = { routeName: 'share' }

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Share') },
  { name: 'robots', content: 'noindex' },
]

export default function SharePage() {
  const [searchParams] = useSearchParams()
  const publicUrl = useFrame()?.publicUrl ?? ''
  const url = `${publicUrl}${safeRedirect(searchParams.get('page'), '/')}`
  const hydrated = useHydrated()
  return (
    <section className="share-page social-bar">
      <h1 className="share-page__title">Share</h1>
      <label className="share-page__address">
        <span>Page address</span>
        <input type="url" readOnly value={url} />
      </label>
      {hydrated ? <CopyLink url={url} /> : null}
      <ShareTargets url={url} />
      <div className="social-popup">
        <h2 className="share-page__title">Follow {SITE_NAME}</h2>
        <ProfileGroups />
        <h2 className="share-page__title">Listen on</h2>
        <StreamLinks />
      </div>
    </section>
  )
}
