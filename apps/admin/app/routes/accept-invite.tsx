/** The page an invitation's link opens: the new staff member picks a name and a password. */
import { getFormProps, useForm } from '@conform-to/react'
import { acceptInvitationSchema, adminEndpoints, STAFF_PASSWORD_MIN } from '@fanshop/core'
import { Form, redirect, useActionData, useNavigation, useSearchParams } from 'react-router'
import { api, attempt } from '../api'
import { Field, FormErrors } from '../field'
import { GuardedButton } from '../guarded-button'
import { parseAsTyped } from '../parse-as-typed'
import type { Route } from './+types/accept-invite'

const parse = (formData: FormData) => parseAsTyped(formData, acceptInvitationSchema)

export async function clientAction({ request }: Route.ClientActionArgs) {
  const submission = parse(await request.formData())
  if (submission.status !== 'success') return { result: submission.reply({ hideFields: ['password'] }) }
  const result = await attempt(() => api(adminEndpoints.acceptInvitation, { body: submission.value }))
  return result.ok
    ? redirect('/security')
    : { result: submission.reply({ formErrors: [result.error], hideFields: ['password'] }) }
}

export default function AcceptInvite() {
  const [params] = useSearchParams()
  const data = useActionData<typeof clientAction>()
  const busy = useNavigation().state !== 'idle'
  const [form, fields] = useForm({
    lastResult: data?.result,
    onValidate: ({ formData }) => parse(formData),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <main className="centered">
      <h1>Join the back office</h1>
      <Form method="post" className="card stack" {...getFormProps(form)}>
        <FormErrors
          id={form.errorId}
          errors={[
            ...(form.errors ?? []),
            ...(fields.key.errors?.length ? ['The invitation link is incomplete.'] : []),
          ]}
        />
        <input type="hidden" name={fields.key.name} value={params.get('key') ?? ''} />
        <Field label="Your name" name={fields.name.name} errors={fields.name.errors}>
          {(control) => <input {...control} autoComplete="name" required maxLength={100} />}
        </Field>
        <Field
          label={`Password (at least ${STAFF_PASSWORD_MIN} characters)`}
          name={fields.password.name}
          errors={fields.password.errors}
        >
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              required
              minLength={STAFF_PASSWORD_MIN}
            />
          )}
        </Field>
        <GuardedButton type="submit" unavailable={busy}>
          Create my account
        </GuardedButton>
      </Form>
    </main>
  )
}
