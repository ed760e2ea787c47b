/**
 * POST /cookie-consent: the cookie bar's answer. Records the accepted categories beside
 * cookie-confirmation=true (7 days, site-wide). The bar posts in the background once JavaScript
 * runs (respond=data); a plain form post returns to the page it came from.
 */
import {
  CONSENT_CATEGORIES,
  type Consent,
  consentCookies,
  safeRedirect,
  serializeCookie,
} from '@fanshop/core'
import { data, redirect } from 'react-router'
import type { Route } from './+types/cookie-consent'

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const consent = Object.fromEntries(
    CONSENT_CATEGORIES.map((category) => [category.key, form.get(category.key) === 'on']),
  ) as Consent
  const headers = new Headers()
  for (const cookie of consentCookies(consent)) {
    headers.append('set-cookie', serializeCookie(cookie, { secure: context.secureCookies }))
  }
  if (form.get('respond') === 'data') return data({ ok: true }, { headers })
  return redirect(safeRedirect(form.get('redirectTo'), '/'), { headers })
}

export function loader() {
  return redirect('/')
}
