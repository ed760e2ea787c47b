/**
 * /profile/password: a new password, only with the current one (spec 5's rules for the new one,
 * typed twice). The other devices' sessions end; this one stays logged in, and keeps the bag
 * under the new token the API gave the account's cart.
 */
import { accountEndpoints, passwordChangeSchema } from '@fanshop/core'
import { data, Form, useNavigation } from 'react-router'
import { ApiError, callData } from '../../api.server.ts'
import { keepCartAfterPasswordChange } from '../../cart/cart.server.ts'
import { pageTitle } from '../../site/brand.ts'
import { type FormResult, parseForm, useCueForm } from '../../site/form/cue-form.ts'
import { FormStatus, TextField } from '../../site/form/fields.tsx'
import { NewPasswordFields } from '../account-links.tsx'
import { requireUser } from '../session.server.ts'
import type { Route } from './+types/profile-password'

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Change your password') },
  { name: 'robots', content: 'noindex' },
]

interface PasswordResult {
  done?: string
  message?: string
  form?: FormResult
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { user } = await requireUser(url, context)
  return { email: user.email }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const { token } = await requireUser(url, context)
  const submission = parseForm(passwordChangeSchema, await request.formData())
  const hideFields = ['old_password', 'password', 'password_repeat']
  if (submission.status !== 'success')
    return data<PasswordResult>({ form: submission.reply({ hideFields }) }, { status: 400 })
  try {
    const { message } = await callData(context, accountEndpoints.changePassword, {
      token,
      body: submission.value,
    })
    await keepCartAfterPasswordChange(context, token)
    return { done: message } satisfies PasswordResult
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.statusCode === 403) {
      const fieldErrors = { old_password: [error.message] }
      return data<PasswordResult>({ form: submission.reply({ fieldErrors, hideFields }) }, { status: 403 })
    }
    return data<PasswordResult>({ message: error.message }, { status: error.statusCode })
  }
}

export default function ProfilePassword({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as PasswordResult | undefined
  const form = useCueForm(passwordChangeSchema, { lastResult: result?.form })
  const busy = useNavigation().state === 'submitting'
  return (
    <div className="profile-card">
      <h2 className="profile-card__title">Change your password</h2>
      <Form method="post" className="account-form" {...form.formProps} key={result?.done ?? 'form'}>
        {/* Which account the password is for, so password managers update the right entry. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={loaderData.email}
          readOnly
          hidden
        />
        <TextField
          form={form}
          name="old_password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
        />
        <NewPasswordFields form={form} label="New password" repeatLabel="Repeat the new password" />
        {result?.done ? <FormStatus tone="success">{result.done}</FormStatus> : null}
        {result?.message ? <FormStatus tone="error">{result.message}</FormStatus> : null}
        <button type="submit" className="button account-form__submit" aria-busy={busy}>
          Change password
        </button>
      </Form>
    </div>
  )
}
