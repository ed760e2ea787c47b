/**
 * The login form of spec 2: an invitation, e-mail and password (Enter in either submits), LOGIN,
 * "Continue with Facebook" when the shop has a Facebook app, "Register here" and the reset link.
 * A rejected login marks both fields with spec 5's texts. After a login the panels and overlay
 * close and the action sends the visitor to /profile, or back to the safe ?redirectTo= page.
 * Used by the login panel, the /auth/login page, and the site's navigation panel.
 */
import { loginFormSchema } from '@fanshop/core'
import { useEffect, useState } from 'react'
import { Link, useFetcher, useSearchParams } from 'react-router'
import { type FormResult, useCueForm } from '../site/form/cue-form.ts'
import { FormStatus, TextField } from '../site/form/fields.tsx'
import { useUi } from '../site/ui-store.ts'
import { useFrame } from '../site/use-frame.ts'
import { PanelLink } from './account-links.tsx'
import { facebookAccessToken } from './facebook-sdk.ts'
import './accounts.css'

/** What the login actions answer when they do not redirect. */
export interface LoginResult {
  /** The fields' messages (a refused login marks both with spec 5's texts) and the e-mail typed. */
  form?: FormResult
  /** Anything else to tell the visitor (too many attempts, Facebook's refusal...). */
  message?: string
}

export function LoginForm(props: { result?: LoginResult }) {
  const fetcher = useFetcher<LoginResult>({ key: 'login' })
  const result = fetcher.data ?? props.result
  const frame = useFrame()
  const [searchParams] = useSearchParams()
  const redirectTo = searchParams.get('redirectTo') ?? ''
  const closeAll = useUi((s) => s.closeAll)

  const loggedIn = Boolean(frame?.user)
  useEffect(() => {
    if (loggedIn) closeAll()
  }, [loggedIn, closeAll])

  const form = useCueForm(loginFormSchema, { lastResult: result?.form })

  return (
    <div className="account-panel">
      <p className="account-panel__intro">Log in to view your orders, or register if you are new here.</p>
      <fetcher.Form method="post" action="/auth/login" className="account-form" {...form.formProps}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField form={form} name="userEmail" label="E-mail" type="email" autoComplete="email" required />
        <TextField
          form={form}
          name="userPassword"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
        />
        {result?.message ? <FormStatus tone="error">{result.message}</FormStatus> : null}
        <button type="submit" className="button account-form__submit" aria-busy={fetcher.state !== 'idle'}>
          LOGIN
        </button>
      </fetcher.Form>
      {frame?.facebookAppId ? <FacebookButton appId={frame.facebookAppId} redirectTo={redirectTo} /> : null}
      <p className="account-panel__switch">
        New here? <PanelLink panel="register">Register here</PanelLink>
      </p>
      <p className="account-panel__switch">
        <Link to="/auth/reset" onClick={closeAll}>
          Forgot your password? Reset it
        </Link>
      </p>
    </div>
  )
}

function FacebookButton(props: { appId: string; redirectTo: string }) {
  const fetcher = useFetcher<LoginResult>({ key: 'login-facebook' })
  const [report, setReport] = useState<string | null>(null)
  const message = report ?? fetcher.data?.message
  async function continueWithFacebook() {
    setReport(null)
    try {
      const accessToken = await facebookAccessToken(props.appId)
      fetcher.submit(
        { access_token: accessToken, redirectTo: props.redirectTo },
        { method: 'post', action: '/auth/facebook' },
      )
    } catch (error) {
      setReport((error as Error).message)
    }
  }
  return (
    <div className="account-panel__social">
      <button
        type="button"
        className="button button--ghost account-form__submit"
        onClick={continueWithFacebook}
        aria-busy={fetcher.state !== 'idle'}
      >
        Continue with Facebook
      </button>
      {message ? <FormStatus tone="error">{message}</FormStatus> : null}
    </div>
  )
}
