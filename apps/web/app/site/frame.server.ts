/**
 * What every page's frame needs from the server, loaded once per request by the root loader:
 * public settings now; each domain adds its part (the logged-in user, the cart's summary, menus).
 */
import type { AppLoadContext } from 'react-router'
import { loadFrameCart } from '../cart/cart.server.ts'
import { loadSiteFrame } from './site-frame.server.ts'

export async function loadFrame(request: Request, context: AppLoadContext) {
  const [site, cart] = await Promise.all([loadSiteFrame(request, context), loadFrameCart(request, context)])
  return {
    publicUrl: context.publicUrl,
    analyticsId: context.analyticsId,
    facebookAppId: context.facebookAppId,
    ...site,
    /** The visitor's cart (count, lines, hold), or null before their first add to cart. */
    cart,
  }
}

export type FrameData = Awaited<ReturnType<typeof loadFrame>>
