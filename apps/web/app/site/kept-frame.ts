/**
 * The frame (the root loader's data: menus, consent, the visitor's login, bag and access grant) is
 * kept across moves between pages. It is loaded again after a form is sent (an add, a login), on a
 * revalidation (the hold ending, the queue's polling), once the login or access grant it shows has
 * expired by itself, and when core's personal-frame stamp is no longer the one its frame was drawn
 * under (the server draws a new one whenever what the frame shows may have changed, in this tab or
 * another). A plain move then asks only for the next page's own data, the same for
 * every visitor, which the page cache keeps for fans with a login or a bag too
 * (docs/decisions/0009). Each frame is noted as the router takes it in (followFrames), not when
 * React draws it: a move made before the page it came with is drawn asks with the frame the router
 * has.
 */
import { fillsOwnFrame, frameStampOf, newFrameCookie } from '@fanshop/core'
import type { DataRouter, ShouldRevalidateFunctionArgs } from 'react-router'
import type { FrameData } from './frame.server.ts'

/** The stamp the frame the browser has is kept under; undefined until the first frame has come, or for one kept under none. */
let stampOfFrame: string | null | undefined

/** When what the frame shows of the visitor ends by itself (server clock), or null. */
let endsAtOfFrame: number | null = null

/** The server's clock less this browser's, read once from the frame the page arrived with. */
let clockOffset: number | undefined

/**
 * The personal-frame stamp a frame that came is to be kept under, given the browser's cookies now.
 * One drawn for its visitor shows what was theirs when its request was made: the stamp that request
 * held. One drawn for nobody shows nothing of theirs: the browser's own, as what it fills in is read
 * from now on. Undefined for one drawn for its visitor before the server knew their browser runs
 * the storefront's scripts, when no other tab has said so since: the browser then says so itself
 * with a stamp of its own (followFrames), and keeps the frame under none, so the first move
 * loads it again. Nothing tells this browser what happened between the request and now (a logout
 * in another tab before this page hydrated draws no stamp), so only the server can say the frame is
 * still current.
 */
export function stampToKeep(
  frame: { personal: boolean; stamp: string | null },
  cookie: string,
): string | null | undefined {
  if (!frame.personal) return frameStampOf(cookie)
  if (frame.stamp === null && !fillsOwnFrame(cookie)) return undefined
  return frame.stamp
}

/** What of a frame (the root loader's data) says how long it may be kept. */
type KeptFrameParts = Pick<FrameData, 'personal' | 'stamp' | 'endsAt' | 'launch'>

/**
 * Notes the frame the page arrived with, then each new one as the router takes it in, before React
 * draws it (a transition, which a busy phone finishes later than the router's move: a move back
 * made meanwhile was asked with the frame before and loaded it again). A frame drawn for its
 * visitor before the server knew their browser runs these scripts makes the browser say so itself
 * with a stamp of its own (stampToKeep).
 */
export function followFrames(router: Pick<DataRouter, 'state' | 'subscribe'>): void {
  let noted: unknown
  const note = (frame: KeptFrameParts | undefined) => {
    if (frame === undefined || frame === noted) return
    noted = frame
    const stamp = stampToKeep(frame, document.cookie)
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox; core writes the line as the server does
    if (stamp === undefined) document.cookie = newFrameCookie(location.protocol === 'https:')
    noteFrameCame(stamp, frame.launch.now, frame.endsAt)
  }
  note(router.state.loaderData.root)
  router.subscribe((state) => note(state.loaderData.root))
}

/**
 * Notes a frame's coming (followFrames, each time the root's data changes): the stamp it is kept under,
 * its end, and the clock once. A frame drawn for its visitor is kept under the stamp its request
 * held, not the one the browser holds when it comes: a form sent from another tab in between (before
 * this page hydrated, say) drew a new one, and the next move loads the frame again. Kept under no
 * stamp (undefined), it is loaded again on the next move.
 */
export function noteFrameCame(
  stamp: string | null | undefined,
  serverNow: number,
  endsAt: number | null,
): void {
  stampOfFrame = stamp
  endsAtOfFrame = endsAt
  serverClockOffset(serverNow)
}

/**
 * Notes the personal parts a browser filled in itself into a frame drawn for nobody: the stamp
 * their request held, and their end.
 */
export function noteFrameFilled(stamp: string | null, endsAt: number | null): void {
  stampOfFrame = stamp
  endsAtOfFrame = endsAt
}

/**
 * The server's clock less this browser's, from the frame the page arrived with: a kept frame's
 * `launch.now` is as old as the page that brought it. The first caller on the arriving page reads it.
 */
export function serverClockOffset(serverNow: number): number {
  clockOffset ??= serverNow - Date.now()
  return clockOffset
}

/** The root route's answer to "load the frame again?" on a move: no while the kept one is still current. */
export function keepsFrame(
  {
    formMethod,
    currentUrl,
    nextUrl,
  }: Pick<ShouldRevalidateFunctionArgs, 'formMethod' | 'currentUrl' | 'nextUrl'>,
  cookie: string,
): boolean {
  if (formMethod !== undefined && formMethod.toUpperCase() !== 'GET') return false
  if (currentUrl.pathname + currentUrl.search === nextUrl.pathname + nextUrl.search) return false
  if (endsAtOfFrame !== null && Date.now() + (clockOffset ?? 0) >= endsAtOfFrame) return false
  return stampOfFrame !== undefined && frameStampOf(cookie) === stampOfFrame
}
