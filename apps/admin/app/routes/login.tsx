/** Staff login: e-mail and password, then the authenticator code when the account has TOTP. */
import { getFormProps, useForm } from '@conform-to/react'
import { adminEndpoints, staffLoginSchema } from '@fanshop/core'
import { Form, redirect, useActionData, useNavigation } from 'react-router'
import { api, attempt, formText } from '../api'
import { Field, FormErrors } from '../field'
import { GuardedButton } from '../guarded-button'
import { parseAsTyped } from '../parse-as-typed'
import type { Route } from './+types/login'

const parse = (formData: FormData) => parseAsTyped(formData, staffLoginSchema)

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData()
  // The code step carries the e-mail and password it was given in hidden fields.
  const step = {
    codeStep: form.has('code'),
    email: formText(form, 'email'),
    password: formText(form, 'password'),
  }
  const submission = parse(form)
  if (submission.status !== 'success')
    return { ...step, result: submission.reply({ hideFields: ['password', 'code'] }) }
  const result = await attempt(() => api(adminEndpoints.login, { body: submission.value }))
  if (!result.ok)
    return {
      ...step,
      result: submission.reply({ formErrors: [result.error], hideFields: ['password', 'code'] }),
    }
  if (result.value.status === 'code_required') return { ...step, codeStep: true, result: undefined }
  return redirect('/')
}

export default function Login() {
  const data = useActionData<typeof clientAction>()
  const busy = useNavigation().state !== 'idle'
  const codeStep = data?.codeStep ?? false
  const [form, fields] = useForm({
    // A new step is a new form: the code step starts without the first step's messages.
    id: codeStep ? 'login-code' : 'login',
    lastResult: data?.result,
    onValidate: ({ formData }) => parse(formData),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <main className="centered">
      <h1>Back office</h1>
      <Form method="post" className="card stack" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        {codeStep ? (
          <>
            <input type="hidden" name={fields.email.name} value={data?.email} />
            <input type="hidden" name={fields.password.name} value={data?.password} />
            <Field
              label="Code from your authenticator app"
              name={fields.code.name}
              errors={fields.code.errors}
            >
              {(control) => (
                <input
                  {...control}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  required
                  // biome-ignore lint/a11y/noAutofocus: the code is the only thing this step asks for
                  autoFocus
                />
              )}
            </Field>
          </>
        ) : (
          <>
            <Field label="E-mail" name={fields.email.name} errors={fields.email.errors}>
              {(control) => (
                <input
                  {...control}
                  type="email"
                  autoComplete="username"
                  required
                  defaultValue={data?.email}
                />
              )}
            </Field>
            <Field label="Password" name={fields.password.name} errors={fields.password.errors}>
              {(control) => <input {...control} type="password" autoComplete="current-password" required />}
            </Field>
          </>
        )}
        <GuardedButton type="submit" unavailable={busy}>
          {codeStep ? 'Verify code' : 'Log in'}
        </GuardedButton>
      </Form>
    </main>
  )
}
