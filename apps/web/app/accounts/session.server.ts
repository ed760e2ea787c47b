/**
 * The visitor's login on the storefront's server: the API's token kept in an httpOnly,
 * SameSite=Lax cookie (Secure over https), never readable by scripts. Other domains send the
 * token as Bearer with `getAuthToken(request)`, or get the user with `getUser` / `requireUser`.
 * The current user is asked of the API once per request, however many loaders want it.
 */
import { accountEndpoints, type CurrentUser } from '@fanshop/core'
import { type AppLoadContext, createCookie, redirect } from 'react-router'
import { ApiError, callData } from '../api.server.ts'

const authCookie = createCookie('auth-token', { httpOnly: true, sameSite: 'lax', path: '/' })

/** The API token of the logged-in visitor, or null. */
export async function getAuthToken(request: Request): Promise<string | null> {
  const value: unknown = await authCookie.parse(request.headers.get('cookie'))
  return typeof value === 'string' && value.length > 0 ? value : null
}

/** The Set-Cookie header that keeps the token for as long as it is valid. */
export function authTokenSetCookie(
  context: AppLoadContext,
  token: string,
  expiresInSeconds: number,
): Promise<string> {
  return authCookie.serialize(token, { secure: context.secureCookies, maxAge: expiresInSeconds })
}

/** The Set-Cookie header that forgets the token. */
export function authTokenClearCookie(context: AppLoadContext): Promise<string> {
  return authCookie.serialize('', { secure: context.secureCookies, maxAge: 0 })
}

const usersByRequest = new WeakMap<Request, Promise<CurrentUser | null>>()

async function fetchUser(context: AppLoadContext, token: string): Promise<CurrentUser | null> {
  try {
    return await callData(context, accountEndpoints.me, { token })
  } catch (error) {
    // An expired or revoked token is a visitor who is no longer logged in.
    if (error instanceof ApiError && error.statusCode === 401) return null
    throw error
  }
}

/** The logged-in user (spec 3: id, first_name, name, scope, meta, preferences), or null for a guest. */
export function getUser(request: Request, context: AppLoadContext): Promise<CurrentUser | null> {
  let user = usersByRequest.get(request)
  if (!user) {
    user = getAuthToken(request).then((token) => (token ? fetchUser(context, token) : null))
    usersByRequest.set(request, user)
  }
  return user
}

/** Where a guest is sent from a page that needs a login (spec 6: to /), remembering the page. */
export function loginRedirect(request: Request): Response {
  const url = new URL(request.url)
  return redirect(`/?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`)
}

/** The logged-in user and their token; a guest is redirected to / (and may log in from there). */
export async function requireUser(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: CurrentUser; token: string }> {
  const [user, token] = await Promise.all([getUser(request, context), getAuthToken(request)])
  if (!user || !token) throw loginRedirect(request)
  return { user, token }
}
