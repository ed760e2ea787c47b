/** Staff login: e-mail and password, then the authenticator code when the account has TOTP. */
import { adminEndpoints } from '@fanshop/core'
import { Form, redirect, useActionData, useNavigation } from 'react-router'
import { api, attempt, formText } from '../api'
import type { Route } from './+types/login'

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData()
  const email = formText(form, 'email')
  const password = formText(form, 'password')
  const code = formText(form, 'code')
  const result = await attempt(() =>
    api(adminEndpoints.login, { body: code ? { email, password, code } : { email, password } }),
  )
  if (!result.ok) return { error: result.error, codeStep: Boolean(code), email, password }
  if (result.value.status === 'code_required') return { error: null, codeStep: true, email, password }
  return redirect('/')
}

export default function Login() {
  const data = useActionData<typeof clientAction>()
  const busy = useNavigation().state !== 'idle'
  const codeStep = data?.codeStep ?? false
  return (
    <main className="centered">
      <h1>Back office</h1>
      <Form method="post" className="card stack" aria-describedby={data?.error ? 'login-error' : undefined}>
        {data?.error ? (
          <p id="login-error" role="alert" className="error">
            {data.error}
          </p>
        ) : null}
        {codeStep ? (
          <>
            <input type="hidden" name="email" value={data?.email} />
            <input type="hidden" name="password" value={data?.password} />
            <label>
              Code from your authenticator app
              <input
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                // biome-ignore lint/a11y/noAutofocus: the code is the only thing this step asks for
                autoFocus
              />
            </label>
          </>
        ) : (
          <>
            <label>
              E-mail
              <input name="email" type="email" autoComplete="username" required defaultValue={data?.email} />
            </label>
            <label>
              Password
              <input name="password" type="password" autoComplete="current-password" required />
            </label>
          </>
        )}
        <button type="submit" disabled={busy}>
          {codeStep ? 'Verify code' : 'Log in'}
        </button>
      </Form>
    </main>
  )
}
