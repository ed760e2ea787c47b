/**
 * The visitor's login on the storefront's server: the API's token kept in the visitor's session
 * cookie (site/visitor-session.server.ts: httpOnly, signed), never readable by scripts. Other
 * domains send the token as Bearer with `getAuthToken(context)`, or get the user with `getUser` /
 * `requireUser`. The current user is asked of the API once per request (site/visitor.server.ts).
 */
import type { CurrentUser } from '@fanshop/core'
import { type AppLoadContext, redirect } from 'react-router'
import { visitorOf } from '../site/visitor.server.ts'

/** The API token of the logged-in visitor, or null. */
export function getAuthToken(context: AppLoadContext): string | null {
  return visitorOf(context).authToken
}

/** Keeps the token in the session for as long as it is valid. */
export function keepAuthToken(context: AppLoadContext, token: string, expiresInSeconds: number): void {
  visitorOf(context).update({ auth: { value: token, expiresAt: Date.now() + expiresInSeconds * 1000 } })
}

/** Ends the login in this browser (a logout), with the account's cart and last order. */
export function endLogin(context: AppLoadContext): void {
  visitorOf(context).endLogin()
}

/** The logged-in user (spec 3: id, first_name, name, scope, meta, preferences), or null for a guest. */
export function getUser(context: AppLoadContext): Promise<CurrentUser | null> {
  return visitorOf(context).user()
}

/** Where a guest is sent from a page that needs a login (spec 6: to /), remembering the page. */
export function loginRedirect(url: URL): Response {
  return redirect(`/?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`)
}

/** The logged-in user and their token; a guest is redirected to / (and may log in from there). */
export async function requireUser(
  url: URL,
  context: AppLoadContext,
): Promise<{ user: CurrentUser; token: string }> {
  const user = await getUser(context)
  const token = getAuthToken(context)
  if (!user || !token) throw loginRedirect(url)
  return { user, token }
}
