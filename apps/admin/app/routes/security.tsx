/** The signed-in staff member's own security: turning on the authenticator app (TOTP), or replacing
 *  it with a code of the current one. */
import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { adminEndpoints } from '@fanshop/core'
import { Form, useActionData, useNavigation } from 'react-router'
import { api, attempt, formText, refused } from '../api'
import { Field, FormErrors } from '../field'
import { GuardedButton } from '../guarded-button'
import { ActionOutcome } from '../list-page'
import { parseAsTyped } from '../parse-as-typed'
import type { Route } from './+types/security'
import { useMe } from './layout'

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData()
  if (formText(form, 'intent') === 'start') {
    const result = await attempt(() => api(adminEndpoints.startTotp))
    return result.ok ? { setup: result.value } : refused({ error: result.error }, result.status)
  }
  const setup = { secret: formText(form, 'secret'), uri: formText(form, 'uri') }
  const submission = parseCode(form)
  if (submission.status !== 'success') return { setup, result: submission.reply() }
  const result = await attempt(() => api(adminEndpoints.confirmTotp, { body: submission.value }))
  return result.ok
    ? { message: 'Two-factor login is on: every login now asks for a code.' }
    : refused({ setup, result: submission.reply({ formErrors: [result.error] }) }, result.status)
}

const parseCode = (formData: FormData) => parseAsTyped(formData, adminEndpoints.confirmTotp.body)

/** The code the authenticator app shows for the new key (and, replacing one, the current app's),
 *  checked before it is sent. */
function ConfirmCode({
  setup,
  replacing,
  result,
}: {
  setup: { secret: string; uri: string }
  replacing: boolean
  result?: SubmissionResult<string[]>
}) {
  const busy = useNavigation().state !== 'idle'
  const [form, fields] = useForm({
    lastResult: result,
    onValidate: ({ formData }) => parseCode(formData),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" className="card stack" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <p>
        Add this key to your authenticator app (or open the link on your phone), then enter the code it shows.
      </p>
      <p>
        Key: <code data-testid="totp-secret">{setup.secret}</code>
      </p>
      <p>
        <a href={setup.uri}>Open in an authenticator app</a>
      </p>
      <input type="hidden" name="secret" value={setup.secret} />
      <input type="hidden" name="uri" value={setup.uri} />
      <Field label="Code" name={fields.code.name} errors={fields.code.errors}>
        {(control) => (
          <input {...control} inputMode="numeric" autoComplete="one-time-code" maxLength={6} required />
        )}
      </Field>
      {replacing ? (
        <Field
          label="Code of your current authenticator app"
          name={fields.currentCode.name}
          errors={fields.currentCode.errors}
        >
          {(control) => <input {...control} inputMode="numeric" autoComplete="off" maxLength={6} required />}
        </Field>
      ) : null}
      <GuardedButton type="submit" unavailable={busy}>
        {replacing ? 'Replace my authenticator app' : 'Turn on two-factor login'}
      </GuardedButton>
    </Form>
  )
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
      <ActionOutcome outcome={data} />
      {setup ? (
        <ConfirmCode
          setup={setup}
          replacing={me.staff.totpEnabled}
          result={data && 'result' in data ? data.result : undefined}
        />
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="start" />
          <GuardedButton type="submit" unavailable={busy}>
            {me.staff.totpEnabled ? 'Replace my authenticator app' : 'Set up an authenticator app'}
          </GuardedButton>
        </Form>
      )}
    </>
  )
}
