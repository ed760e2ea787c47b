/**
 * A page drawn with a stand-in for a read that failed (the frame without its menus while the menu
 * API is down) is right for this one answer only. Kept by the shared page cache or a CDN, every
 * visitor would get the empty menus until the copy expired, long after the back end answered
 * again. A loader that swallows such a failure says so with `drawnWithStandIn`; the root's
 * `standInMiddleware` then marks the answer for no cache to keep.
 */
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'

const standIn = createContext(false)

/** Says this request's page shows a stand-in for a failed read. */
export function drawnWithStandIn(context: Readonly<RouterContextProvider>) {
  context.set(standIn, true)
}

/** An answer drawn with a stand-in is stored by no cache, shared or the browser's. */
export const standInMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next()
  if (context.get(standIn)) response.headers.set('cache-control', 'private, no-store')
  return response
}
