/**
 * Analytics (spec 1: not disabled): Google's tag for ANALYTICS_ID, loaded only when it is set and
 * the visitor accepted the cookie bar with performance allowed; measurement cookies and advertising
 * signals follow the other two switches (consent mode). One page view per route change, at the
 * address the visitor arrived at for the page they arrived on, tracking parameters and all (a
 * private page's by its path alone).
 */
import { analyticsPlan, isPrivatePage } from '@fanshop/core'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { arrivalHref } from './arrival.ts'
import { useFrame } from './use-frame.ts'

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

const SCRIPT_ID = 'analytics-tag'

/** Google's tag reads the `arguments` object itself from the data layer, not an array. */
function gtag(..._command: unknown[]) {
  window.dataLayer ??= []
  // biome-ignore lint/complexity/noArguments: the tag's documented calling convention
  window.dataLayer.push(arguments)
}

/**
 * What a page view reports of `page` (path and query, as the router has it), opened at `href`. A
 * private page (core's isPrivatePage) is reported by its path alone: its query is the visitor's
 * (an address being changed) or a secret (a reset link's key, which opens the account for an hour).
 */
export function pageViewOf(page: string, href: string): { page_location: string; page_path: string } {
  const url = new URL(href)
  if (!isPrivatePage(url.pathname)) return { page_location: href, page_path: page }
  return { page_location: `${url.origin}${url.pathname}`, page_path: url.pathname }
}

export function Analytics() {
  const frame = useFrame()
  const plan = frame ? analyticsPlan(frame.analyticsId, frame.consent) : null
  const location = useLocation()

  const id = plan?.id
  const analyticsStorage = plan?.analyticsStorage
  const adStorage = plan?.adStorage
  useEffect(() => {
    if (!id) return
    const consent = {
      analytics_storage: analyticsStorage,
      ad_storage: adStorage,
      ad_user_data: adStorage,
      ad_personalization: adStorage,
    }
    if (document.getElementById(SCRIPT_ID)) {
      gtag('consent', 'update', consent)
      return
    }
    gtag('consent', 'default', consent)
    gtag('js', new Date())
    gtag('config', id, { send_page_view: false })
    const script = document.createElement('script')
    script.id = SCRIPT_ID
    script.async = true
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`
    document.head.appendChild(script)
  }, [id, analyticsStorage, adStorage])

  const page = `${location.pathname}${location.search}`
  useEffect(() => {
    if (!id) return
    // The arrival's address, with the campaign and click ids the tag reads from it that the
    // address bar no longer shows (site/arrival.ts).
    gtag('event', 'page_view', pageViewOf(page, arrivalHref(page) ?? window.location.href))
  }, [id, page])

  return null
}
