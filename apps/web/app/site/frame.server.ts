/**
 * What every page's frame needs from the server, loaded once per request by the root loader:
 * public settings now; each domain adds its part (the logged-in user, the cart's summary, menus).
 * The visitor's own parts (login, cart, launch access grant) are also loaded on their own, for a
 * browser that got a page shared between visitors and fills them in itself (site/frame-fill.tsx).
 */
import type { AppLoadContext } from 'react-router'
import { loadFrameUser } from '../accounts/frame-user.server.ts'
import { loadFrameCart } from '../cart/cart.server.ts'
import { readAccessGrant } from '../launch/access-grant.server.ts'
import { loadSiteFrame } from './site-frame.server.ts'
import { visitorOf } from './visitor.server.ts'
import { frameEndsAt } from './visitor-session.server.ts'

/** The frame's personal parts; a page drawn for nobody (a shared one) has none of them. */
export async function loadPersonalFrame(context: AppLoadContext) {
  const visitor = visitorOf(context)
  const [user, cart] = await Promise.all([loadFrameUser(context), loadFrameCart(context)])
  return {
    /** The logged-in user and their navigation, or null for a guest. */
    user,
    /** The visitor's cart (count, lines, hold), or null before their first add to cart. */
    cart,
    /** Whether this visitor holds a launch access grant. */
    accessGranted: readAccessGrant(context) !== null,
    /** When the login or the access grant shown here expires by itself (server clock), or null. */
    endsAt: frameEndsAt(visitor.session),
    /**
     * The personal-frame stamp the request that drew these parts held, or null: the browser keeps
     * them across moves while its stamp is still this one (site/kept-frame.ts).
     */
    stamp: visitor.frameStamp,
  }
}

export type PersonalFrame = Awaited<ReturnType<typeof loadPersonalFrame>>

/** Whether a frame has anything of its visitor's own in it. */
export const isPersonal = (frame: PersonalFrame) =>
  frame.user !== null || frame.cart !== null || frame.accessGranted

export async function loadFrame(request: Request, context: AppLoadContext) {
  const [site, personal] = await Promise.all([loadSiteFrame(request, context), loadPersonalFrame(context)])
  return {
    publicUrl: context.publicUrl,
    analyticsId: context.analyticsId,
    facebookAppId: context.facebookAppId,
    ...site,
    launch: { ...site.launch, accessGranted: personal.accessGranted },
    user: personal.user,
    cart: personal.cart,
    endsAt: personal.endsAt,
    stamp: personal.stamp,
    /** True when the page was drawn with its visitor's own parts; a shared page never is. */
    personal: isPersonal(personal),
  }
}

export type FrameData = Awaited<ReturnType<typeof loadFrame>>
