/** The page an invitation's link opens: the new staff member picks a name and a password. */
import { adminEndpoints, STAFF_PASSWORD_MIN } from '@fanshop/core'
import { Form, redirect, useActionData, useNavigation, useSearchParams } from 'react-router'
import { api, attempt, formText } from '../api'
import type { Route } from './+types/accept-invite'

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData()
  const result = await attempt(() =>
    api(adminEndpoints.acceptInvitation, {
      body: {
        key: formText(form, 'key'),
        name: formText(form, 'name'),
        password: formText(form, 'password'),
      },
    }),
  )
  return result.ok ? redirect('/security') : { error: result.error }
}

export default function AcceptInvite() {
  const [params] = useSearchParams()
  const data = useActionData<typeof clientAction>()
  const busy = useNavigation().state !== 'idle'
  return (
    <main className="centered">
      <h1>Join the back office</h1>
      <Form method="post" className="card stack">
        {data?.error ? (
          <p role="alert" className="error">
            {data.error}
          </p>
        ) : null}
        <input type="hidden" name="key" value={params.get('key') ?? ''} />
        <label>
          Your name
          <input name="name" autoComplete="name" required maxLength={100} />
        </label>
        <label>
          Password (at least {STAFF_PASSWORD_MIN} characters)
          <input
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={STAFF_PASSWORD_MIN}
          />
        </label>
        <button type="submit" disabled={busy}>
          Create my account
        </button>
      </Form>
    </main>
  )
}
