/**
 * The site's part of every page's frame data: the navigation menus, the visitor's cookie consent,
 * the social links, and the launch (its instant; whether this visitor holds an access grant is the
 * frame's personal part, frame.server.ts).
 * A menu API failure is logged and leaves the menus empty rather than failing the page, a page
 * no cache keeps (stand-in.server.ts).
 */
import { consentFromCookies, launchInstant, type Menus, siteEndpoints } from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { callData } from '../api.server.ts'
import { keptForEveryVisitor } from './kept-read.server.ts'
import { drawnWithStandIn } from './stand-in.server.ts'

const NO_MENUS: Menus = { 'main-menu': [], 'sub-menus': [] }

/** The menus, as every visitor gets them: read once for the pages of a few seconds. */
const keptMenus = keptForEveryVisitor(async (context: AppLoadContext): Promise<Menus> => {
  return (await callData(context, siteEndpoints.menu)).data
})

function loadMenus(context: AppLoadContext): Promise<Menus> {
  return keptMenus(context).catch((error: unknown) => {
    console.error('error during fetching menus', error)
    drawnWithStandIn(context)
    return NO_MENUS
  })
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
