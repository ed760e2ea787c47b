/**
 * /cookie-settings?redirectTo=<path>: the cookie bar's settings as a page. The bar's Show Settings
 * opens them in place once the page's code runs; a tap before then (the code loads after the first
 * paint, and a browser may run none) submits the bar's form here, with the page it was on. ACCEPT
 * records the switches as the bar does and returns to that page.
 */
import { DEFAULT_CONSENT, safeRedirect } from '@fanshop/core'
import { useState } from 'react'
import { Form, useSearchParams } from 'react-router'
import { pageTitle } from '../brand.ts'
import { COOKIE_SETTINGS_ROUTE, ConsentSwitches } from '../cookie-bar.tsx'
import type { SiteHandle } from '../handle.ts'
import type { Route } from './+types/cookie-settings'

export const handle: SiteHandle = { routeName: COOKIE_SETTINGS_ROUTE }

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Cookie settings') },
  { name: 'robots', content: 'noindex' },
]

export default function CookieSettingsPage() {
  const [searchParams] = useSearchParams()
  const [consent, setConsent] = useState(DEFAULT_CONSENT)
  return (
    <section className="share-page">
      <h1 className="share-page__title">Cookie settings</h1>
      <Form method="post" action="/cookie-consent" className="cookie-bar__box">
        <input type="hidden" name="redirectTo" value={safeRedirect(searchParams.get('redirectTo'), '/')} />
        <fieldset className="cookie-bar__settings">
          <legend className="visually-hidden">Cookie settings</legend>
          <ConsentSwitches consent={consent} onChange={setConsent} />
        </fieldset>
        <div className="cookie-bar__actions">
          <button type="submit" className="button button--small">
            ACCEPT
          </button>
        </div>
      </Form>
    </section>
  )
}
