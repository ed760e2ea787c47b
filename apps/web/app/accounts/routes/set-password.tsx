/**
 * /auth/reset/setpassword?key=...: the page the reset e-mail links to. The new password follows
 * the registration rules (spec 5) and is typed twice; the link works once, within 1 hour. Open to
 * everyone, so the link works whoever is logged in on this browser.
 */
import { accountEndpoints, setPasswordSchema } from '@fanshop/core'
import { data, Form, Link, useNavigation } from 'react-router'
import { ApiError, callData } from '../../api.server.ts'
import { guard } from '../../guards.server.ts'
import { type FormResult, parseForm, useCueForm } from '../../site/form/cue-form.ts'
import { FormStatus } from '../../site/form/fields.tsx'
import type { SiteHandle } from '../../site/handle.ts'
import { NewPasswordFields, PanelLink } from '../account-links.tsx'
import type { Route } from './+types/set-password'
import '../accounts.css'

export const handle: SiteHandle = { routeName: 'auth-reset' }

export const meta: Route.MetaFunction = () => [
  { title: 'Set a new password' },
  { name: 'robots', content: 'noindex' },
]

interface SetPasswordResult {
  done?: string
  message?: string
  form?: FormResult
}

export const middleware: Route.MiddlewareFunction[] = [guard('auth', false)]

export async function loader(args: Route.LoaderArgs) {
  return { key: args.url.searchParams.get('key') ?? '' }
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(setPasswordSchema, await request.formData())
  if (submission.status !== 'success') {
    // A broken link has no field of its own: its message is the page's.
    const { key, ...fieldErrors } = submission.error ?? {}
    const form = submission.reply({ hideFields: ['password', 'password_repeat'] })
    return data<SetPasswordResult>(
      { form: { ...form, error: fieldErrors }, message: key?.[0] },
      { status: 400 },
    )
  }
  try {
    const { message } = await callData(context, accountEndpoints.setPassword, { body: submission.value })
    return { done: message } satisfies SetPasswordResult
  } catch (error) {
    if (error instanceof ApiError)
      return data<SetPasswordResult>({ message: error.message }, { status: error.statusCode })
    throw error
  }
}

export default function SetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as SetPasswordResult | undefined
  const form = useCueForm(setPasswordSchema, { lastResult: result?.form })
  const busy = useNavigation().state === 'submitting'
  if (result?.done) {
    return (
      <section className="account-page">
        <h1 className="account-page__title">Set a new password</h1>
        <FormStatus tone="success">{result.done}</FormStatus>
        <PanelLink panel="login" className="button account-form__submit">
          Log in
        </PanelLink>
      </section>
    )
  }
  return (
    <section className="account-page">
      <h1 className="account-page__title">Set a new password</h1>
      {loaderData.key ? (
        <Form method="post" className="account-form" {...form.formProps}>
          <input type="hidden" name="key" value={loaderData.key} />
          <NewPasswordFields form={form} label="New password" repeatLabel="Repeat the new password" />
          {result?.message ? (
            <FormStatus tone="error">
              {result.message} <Link to="/auth/reset">Ask for a new link</Link>
            </FormStatus>
          ) : null}
          <button type="submit" className="button account-form__submit" aria-busy={busy}>
            Set the new password
          </button>
        </Form>
      ) : (
        <FormStatus tone="error">
          This link is incomplete. Please open the whole link from the e-mail, or{' '}
          <Link to="/auth/reset">ask for a new one</Link>.
        </FormStatus>
      )}
    </section>
  )
}
