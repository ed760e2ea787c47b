/**
 * POST /cookie-consent: the cookie bar's answer. Records the accepted categories beside
 * cookie-confirmation=true (7 days, site-wide). The bar posts in the background once JavaScript
 * runs (respond=data); a plain form post returns to the page it came from. The bar's × posts here
 * too (intent=close), in the background or not: the bar stays away for the browser session, nothing
 * is confirmed.
 */
import {
  CONSENT_CATEGORIES,
  COOKIE_BAR_CLOSED,
  type Consent,
  consentCookies,
  safeRedirect,
  serializeCookie,
} from '@fanshop/core'
import { data, redirect } from 'react-router'
import type { Route } from './+types/cookie-consent'

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const redirectTo = safeRedirect(form.get('redirectTo'), '/')
  if (form.get('intent') === 'close') {
    const headers = { 'set-cookie': serializeCookie(COOKIE_BAR_CLOSED, { secure: context.secureCookies }) }
    return form.get('respond') === 'data'
      ? data({ ok: true }, { headers })
      : redirect(redirectTo, { headers })
  }
  const consent = Object.fromEntries(
    CONSENT_CATEGORIES.map((category) => [category.key, form.get(category.key) === 'on']),
  ) as Consent
  const headers = new Headers()
  for (const cookie of consentCookies(consent)) {
    headers.append('set-cookie', serializeCookie(cookie, { secure: context.secureCookies }))
  }
  if (form.get('respond') === 'data') return data({ ok: true }, { headers })
  return redirect(redirectTo, { headers })
}

export function loader() {
  return redirect('/')
}
