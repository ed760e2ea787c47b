/**
 * What follows every successful login, by password or by Facebook (spec 4): the token is kept in
 * its cookie and the visitor goes to /profile, or back to the earlier page when it is a safe
 * internal path (spec 5). Anything else a login should bring along (the guest's cart) goes here.
 */
import { safeRedirect, type TokenResponse } from '@fanshop/core'
import { type AppLoadContext, redirect } from 'react-router'
import { cartCookiesAfterLogin } from '../cart/cart.server.ts'
import { authTokenSetCookie } from './session.server.ts'

export async function completeLogin(
  request: Request,
  context: AppLoadContext,
  login: TokenResponse['data'],
  redirectTo: FormDataEntryValue | null,
): Promise<never> {
  const headers = new Headers()
  headers.append('Set-Cookie', await authTokenSetCookie(context, login.token, login.expires_in))
  for (const cookie of await cartCookiesAfterLogin(request, context, login.token))
    headers.append('Set-Cookie', cookie)
  throw redirect(safeRedirect(redirectTo, '/profile'), { headers })
}
