/** The signed-in staff member's own security: turning on the authenticator app (TOTP). */
import { adminEndpoints } from '@fanshop/core'
import { Form, useActionData, useNavigation } from 'react-router'
import { api, attempt, formText } from '../api'
import type { Route } from './+types/security'
import { useMe } from './layout'

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData()
  if (formText(form, 'intent') === 'start') {
    const result = await attempt(() => api(adminEndpoints.startTotp))
    return result.ok ? { setup: result.value } : { error: result.error }
  }
  const result = await attempt(() =>
    api(adminEndpoints.confirmTotp, { body: { code: formText(form, 'code') } }),
  )
  return result.ok
    ? { message: 'Two-factor login is on: every login now asks for a code.' }
    : { error: result.error, setup: { secret: formText(form, 'secret'), uri: formText(form, 'uri') } }
}

export default function Security() {
  const me = useMe()
  const data = useActionData<typeof clientAction>()
  const busy = useNavigation().state !== 'idle'
  const setup = data && 'setup' in data ? data.setup : null
  return (
    <>
      <h1>Security</h1>
      <p>
        Signed in as {me.staff.email}. Two-factor login is{' '}
        <strong>{me.staff.totpEnabled ? 'on' : 'off'}</strong>.
      </p>
      <div aria-live="polite">
        {data && 'error' in data ? (
          <p role="alert" className="error">
            {data.error}
          </p>
        ) : data && 'message' in data ? (
          <p className="notice">{data.message}</p>
        ) : null}
      </div>
      {setup ? (
        <Form method="post" className="card stack">
          <p>
            Add this key to your authenticator app (or open the link on your phone), then enter the code it
            shows.
          </p>
          <p>
            Key: <code data-testid="totp-secret">{setup.secret}</code>
          </p>
          <p>
            <a href={setup.uri}>Open in an authenticator app</a>
          </p>
          <input type="hidden" name="secret" value={setup.secret} />
          <input type="hidden" name="uri" value={setup.uri} />
          <label>
            Code
            <input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
            />
          </label>
          <button type="submit" disabled={busy}>
            Turn on two-factor login
          </button>
        </Form>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="start" />
          <button type="submit" disabled={busy}>
            {me.staff.totpEnabled ? 'Replace my authenticator app' : 'Set up an authenticator app'}
          </button>
        </Form>
      )}
    </>
  )
}
