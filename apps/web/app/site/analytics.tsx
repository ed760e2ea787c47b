/**
 * Analytics (spec 1: not disabled): Google's tag for ANALYTICS_ID, loaded only when it is set and
 * the visitor accepted the cookie bar with performance allowed; measurement cookies and advertising
 * signals follow the other two switches (consent mode). One page view per route change, at the
 * address the visitor arrived at for the page they arrived on, tracking parameters and all.
 *
 * A private page (core's isPrivatePage) is reported by its path alone, and the tag never reads its
 * address for itself: left alone it takes location.href (query and all) for every event it sends,
 * its own too (scrolls, link clicks, forms), and document.referrer, the whole address of the page
 * before when that was the shop's. So each page's config gives the tag the location and referrer
 * we report (a config's parameters go with every later event sent to it, Google's "setting values"
 * guide), and the tag's own page views stay off (send_page_view: false): we send them. Google's
 * tag still sends a page view of its own on a history change when the property's enhanced
 * measurement has "Page changes based on browser history events" on; it must be off (Admin, Data
 * streams, Enhanced measurement, Page views), as for any site that sends its own page views.
 */
import { analyticsPlan, isPrivatePage } from '@fanshop/core'
import { useEffect, useRef } from 'react'
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

/** What the tag reports of a page, in its config and its page view. */
export interface PageView {
  page_location: string
  page_path: string
  page_referrer?: string
}

/** An address of the shop's (at `origin`) as Google may read it: a private page's by its path alone. */
function reported(href: string, origin: string): string {
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return ''
  }
  return url.origin === origin && isPrivatePage(url.pathname) ? `${url.origin}${url.pathname}` : href
}

/**
 * What a page view reports of `page` (path and query, as the router has it), opened at `href`
 * after `referrer` (the page before: the document's referrer for the first). A private page is
 * reported by its path alone: its query is the visitor's (an address being changed) or a secret
 * (a reset link's key, which opens the account for an hour); so is a private page before it.
 */
export function pageViewOf(page: string, href: string, referrer = ''): PageView {
  const url = new URL(href)
  const view = isPrivatePage(url.pathname)
    ? { page_location: `${url.origin}${url.pathname}`, page_path: url.pathname }
    : { page_location: href, page_path: page }
  const before = referrer && reported(referrer, url.origin)
  return before ? { ...view, page_referrer: before } : view
}

/**
 * The tag's commands for one page: its config, whose location and referrer go with everything the
 * tag sends from here on, its own events too, and the page view.
 */
export function pageCommands(id: string, view: PageView): unknown[][] {
  return [
    ['config', id, { send_page_view: false, ...view }],
    ['event', 'page_view', view],
  ]
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
    // The tag's config comes with the page (below), never without its location.
    const script = document.createElement('script')
    script.id = SCRIPT_ID
    script.async = true
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`
    document.head.appendChild(script)
  }, [id, analyticsStorage, adStorage])

  const page = `${location.pathname}${location.search}`
  // The location last reported: the referrer of the next page view.
  const lastLocation = useRef<string | null>(null)
  useEffect(() => {
    if (!id) return
    // The arrival's address, with the campaign and click ids the tag reads from it that the
    // address bar no longer shows (site/arrival.ts).
    const href = arrivalHref(page) ?? window.location.href
    const view = pageViewOf(page, href, lastLocation.current ?? document.referrer)
    for (const command of pageCommands(id, view)) gtag(...command)
    lastLocation.current = view.page_location
  }, [id, page])

  return null
}
