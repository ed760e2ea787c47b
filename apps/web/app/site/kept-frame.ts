/**
 * The frame (the root loader's data: menus, consent, the visitor's login, bag and access grant) is
 * kept across moves between pages. It is loaded again after a form is sent (an add, a login), on a
 * revalidation (the hold ending, the queue's polling), once the login or access grant it shows has
 * expired by itself, and when core's personal-frame stamp is no longer the one the browser held
 * when its frame came (the server draws a new one whenever what the frame shows may have changed,
 * in this tab or another). A plain move then asks only for the next page's own data, the same for
 * every visitor, which the page cache keeps for fans with a login or a bag too
 * (docs/decisions/0009).
 */
import { frameStampOf } from '@fanshop/core'
import type { ShouldRevalidateFunctionArgs } from 'react-router'

/** The stamp the browser held when its frame last came; undefined until the first frame has. */
let stampOfFrame: string | null | undefined

/** When what the frame shows of the visitor ends by itself (server clock), or null. */
let endsAtOfFrame: number | null = null

/** The server's clock less this browser's, read once from the frame the page arrived with. */
let clockOffset: number | undefined

/** Notes a frame's coming (FrameFill, each time the root's data changes): the stamp, its end, and the clock once. */
export function noteFrameCame(cookie: string, serverNow: number, endsAt: number | null): void {
  stampOfFrame = frameStampOf(cookie)
  endsAtOfFrame = endsAt
  serverClockOffset(serverNow)
}

/** Notes the end of the personal parts a browser filled in itself into a frame drawn for nobody. */
export function noteFrameFilled(endsAt: number | null): void {
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
