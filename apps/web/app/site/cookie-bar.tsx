/**
 * The cookie bar (spec 2, 4 and 9): "Cookies", ACCEPT, Show Settings / Hide Settings with three
 * switches that start on. The settings only show while neither the navigation nor the social box
 * is open. Accepting posts to /cookie-consent, which records the answer for 7 days
 * (cookie-confirmation=true); a page rendered with that cookie never draws the bar. With
 * JavaScript the post goes in the background and the bar hides at once; without, the page reloads.
 * Until the page's code runs, Show Settings leads to the settings as a page (/cookie-settings) and
 * × posts the close; once it runs, Show Settings acts in place and × hides the bar at once and posts
 * the close in the background. Either way the close keeps the bar away for the browser session.
 * While it shows, its height is published as --cookie-bar-height (read through --cookie-bar-room in
 * global.css, which holds an estimate until this runs), so that the page's last button can be
 * scrolled above it; the buy bar sits on it through CSS anchor positioning (catalog.css), in place
 * from the first paint.
 */
import { CONSENT_CATEGORIES, type Consent, DEFAULT_CONSENT } from '@fanshop/core'
import { useState } from 'react'
import { useFetcher, useLocation } from 'react-router'
import { inPlace } from './in-place.ts'
import { useRouteName } from './route-name.ts'
import { useUi } from './ui-store.ts'
import { useFrame } from './use-frame.ts'
import { useHydrated } from './use-hydrated.tsx'
import { whenIdle } from './when-idle.ts'

const HEIGHT_PROPERTY = '--cookie-bar-height'

/** At the latest this long after the bar is drawn, its measured height replaces the estimate. */
const PUBLISH_TIMEOUT_MS = 1000

/**
 * Keeps --cookie-bar-height on the document equal to the bar's height while it is drawn: a ref
 * callback, so the property is set once when the bar appears and removed when it goes (an effect
 * run on every render removed and set it again, moving what uses it twice a render). A property
 * set on the root restyles every element of the page, so the first measure waits for the browser
 * to be idle (global.css's estimate holds until then) rather than lengthening hydration's frame
 * (issue 15, a phone's main thread after the first paint).
 */
function publishHeight(bar: HTMLElement | null) {
  if (!bar) return
  const root = document.documentElement.style
  const observer = new ResizeObserver(() => root.setProperty(HEIGHT_PROPERTY, `${bar.offsetHeight}px`))
  const cancel = whenIdle(() => observer.observe(bar), PUBLISH_TIMEOUT_MS, 0)
  return () => {
    cancel()
    observer.disconnect()
    root.removeProperty(HEIGHT_PROPERTY)
  }
}

/** The route name of the settings as a page (routes/cookie-settings.tsx), where the bar is not drawn. */
export const COOKIE_SETTINGS_ROUTE = 'cookie-settings'

/** The three switches, all on at first (spec 2). */
export function ConsentSwitches({
  consent,
  onChange,
}: {
  consent: Consent
  onChange: (consent: Consent) => void
}) {
  return CONSENT_CATEGORIES.map((category) => (
    <label key={category.key} className="switch">
      <input
        type="checkbox"
        role="switch"
        aria-checked={consent[category.key]}
        name={category.key}
        checked={consent[category.key]}
        onChange={(event) => onChange({ ...consent, [category.key]: event.target.checked })}
      />
      <span className="switch__track" aria-hidden="true" />
      <span>{category.label}</span>
    </label>
  ))
}

export function CookieBar() {
  const frameConsent = useFrame()?.consent
  const confirmed = frameConsent ? frameConsent.confirmed || frameConsent.closed : true
  const onSettingsPage = useRouteName() === COOKIE_SETTINGS_ROUTE
  const shown = useUi((s) => s.cookieBar)
  const setCookieBar = useUi((s) => s.setCookieBar)
  const panelOpen = useUi((s) => s.open)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [consent, setConsent] = useState<Consent>(DEFAULT_CONSENT)
  const location = useLocation()
  const answer = useFetcher<{ ok: boolean }>()
  const inBrowser = useHydrated()
  if (confirmed || onSettingsPage || !shown || answer.state !== 'idle' || answer.data?.ok) return null

  const settingsAllowed = panelOpen !== 'navigation' && panelOpen !== 'socialBar'
  const settingsShown = settingsOpen && settingsAllowed

  return (
    <section ref={publishHeight} className="cookie-bar" aria-labelledby="cookie-bar-title">
      <div className="cookie-bar__shade" aria-hidden="true" />
      <answer.Form className="cookie-bar__box" method="post" action="/cookie-consent">
        <h2 id="cookie-bar-title" className="cookie-bar__title">
          Cookies
        </h2>
        <p className="cookie-bar__text">
          We use cookies to keep the shop working, to measure how it performs and to show you offers that fit.
          You choose which.
        </p>
        {inBrowser ? (
          <input type="hidden" name="respond" value="data" />
        ) : (
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        )}
        {settingsShown ? (
          <fieldset className="cookie-bar__settings" id="cookie-settings">
            <legend className="visually-hidden">Cookie settings</legend>
            <ConsentSwitches consent={consent} onChange={setConsent} />
          </fieldset>
        ) : (
          CONSENT_CATEGORIES.filter((c) => consent[c.key]).map((c) => (
            <input key={c.key} type="hidden" name={c.key} value="on" />
          ))
        )}
        <div className="cookie-bar__actions">
          {settingsAllowed ? (
            <button
              type="submit"
              formMethod="get"
              formAction="/cookie-settings"
              className="button button--ghost button--small"
              aria-expanded={settingsShown}
              aria-controls="cookie-settings"
              onClick={inPlace(() => setSettingsOpen(!settingsOpen))}
            >
              {settingsShown ? 'Hide Settings' : 'Show Settings'}
            </button>
          ) : null}
          <button type="submit" className="button button--small">
            ACCEPT
          </button>
        </div>
        <button
          type="submit"
          name="intent"
          value="close"
          className="cookie-bar__close"
          aria-label="Close the cookie bar"
          onClick={inPlace(() => {
            setCookieBar(false)
            void answer.submit(
              { intent: 'close', respond: 'data' },
              { method: 'post', action: '/cookie-consent' },
            )
          })}
        >
          ×
        </button>
      </answer.Form>
    </section>
  )
}
