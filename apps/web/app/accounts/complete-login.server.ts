/**
 * What follows every successful login, by password or by Facebook (spec 4): the token is kept in
 * the visitor's session and the visitor goes to /profile, or back to the earlier page when it is a safe
 * internal path (spec 5). Anything else a login should bring along (the guest's cart) goes here;
 * when the per-fan cap trimmed the merged cart, the page the fan lands on tells them (cart-flash).
 */
import { safeRedirect, type TokenResponse } from '@fanshop/core'
import { type AppLoadContext, redirect } from 'react-router'
import { keepCartAfterLogin } from '../cart/cart.server.ts'
import { withCartFlash } from '../cart/cart-flash.ts'
import { keepAuthToken } from './session.server.ts'

export async function completeLogin(
  context: AppLoadContext,
  login: TokenResponse['data'],
  redirectTo: FormDataEntryValue | null,
): Promise<never> {
  keepAuthToken(context, login.token, login.expires_in)
  const flash = await keepCartAfterLogin(context, login.token)
  const target = safeRedirect(redirectTo, '/profile')
  throw redirect(flash ? withCartFlash(target, flash) : target)
}
