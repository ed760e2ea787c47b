/**
 * What every page's frame needs from the server, loaded once per request by the root loader:
 * public settings now; each domain adds its part (the logged-in user, the cart's summary, menus).
 */
import type { AppLoadContext } from 'react-router'
import { loadFrameUser } from '../accounts/frame-user.server.ts'
import { loadFrameCart } from '../cart/cart.server.ts'
import { loadSiteFrame } from './site-frame.server.ts'

export async function loadFrame(request: Request, context: AppLoadContext) {
  const [site, user, cart] = await Promise.all([
    loadSiteFrame(request, context),
    loadFrameUser(context),
    loadFrameCart(context),
  ])
  return {
    publicUrl: context.publicUrl,
    analyticsId: context.analyticsId,
    facebookAppId: context.facebookAppId,
    ...site,
    /** The logged-in user and their navigation, or null for a guest. */
    user,
    /** The visitor's cart (count, lines, hold), or null before their first add to cart. */
    cart,
  }
}

export type FrameData = Awaited<ReturnType<typeof loadFrame>>
