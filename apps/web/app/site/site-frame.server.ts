/**
 * The site's part of every page's frame data: the navigation menus, the visitor's cookie consent,
 * the social links, and the launch (its instant; whether this visitor holds an access grant is the
 * frame's personal part, frame.server.ts).
 * A menu API failure is logged and leaves the menus empty rather than failing the page.
 */
import { consentFromCookies, launchInstant, type Menus, siteEndpoints } from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { callData } from '../api.server.ts'

const NO_MENUS: Menus = { 'main-menu': [], 'sub-menus': [] }

/**
 * How long the storefront reuses the menus it read: every page shows them and every visitor gets
 * the same, while they change only when an editor changes the database (the menu endpoint lets
 * shared caches keep them a minute). Reading them on every page cost about 2% of an uncached
 * page's CPU: the query, the endpoint's answer and its check (issue 15, fourth pass).
 */
export const MENUS_KEPT_MS = 5_000

/** The menus last read and when, per back end (its fetch stands for it): a failure is not kept. */
const keptMenus = new WeakMap<AppLoadContext['apiFetch'], { menus: Promise<Menus>; at: number }>()

async function readMenus(context: AppLoadContext): Promise<Menus> {
  return (await callData(context, siteEndpoints.menu)).data
}

function loadMenus(context: AppLoadContext): Promise<Menus> {
  const now = Date.now()
  const kept = keptMenus.get(context.apiFetch)
  if (kept && now - kept.at < MENUS_KEPT_MS) return kept.menus
  const entry = {
    at: now,
    menus: readMenus(context).catch((error: unknown) => {
      if (keptMenus.get(context.apiFetch) === entry) keptMenus.delete(context.apiFetch)
      console.error('error during fetching menus', error)
      return NO_MENUS
    }),
  }
  keptMenus.set(context.apiFetch, entry)
  return entry.menus
}

export async function loadSiteFrame(request: Request, context: AppLoadContext) {
  const menus = await loadMenus(context)
  return {
    menus,
    consent: consentFromCookies(request.headers.get('cookie')),
    socialLinks: context.socialLinks,
    launch: {
      /** The launch instant, epoch milliseconds. */
      at: launchInstant(context.launchAt, context.shopTz),
      /** The shop's time zone, in which pages write the launch moment. */
      timeZone: context.shopTz,
      /** When this page was made, epoch milliseconds: what the gate was judged against. */
      now: Date.now(),
    },
  }
}
