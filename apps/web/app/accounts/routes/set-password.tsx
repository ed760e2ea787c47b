/**
 * /auth/reset/setpassword?key=...: the page the reset e-mail links to. The new password follows
 * the registration rules (spec 5) and is typed twice; the link works once, within 1 hour. Open to
 * everyone, so the link works whoever is logged in on this browser. The link is checked when the
 * page opens (without using it up): a missing, unknown, used or expired one answers 400 with what
 * to do instead of a form that could never work; the set itself checks it again.
 */
import { accountEndpoints, resetKeySchema, setPasswordSchema } from '@fanshop/core'
import { data, Form, Link, type ShouldRevalidateFunction, useNavigation } from 'react-router'
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

interface LinkState {
  key: string
  /** Why the link cannot set a password; null while it can. */
  broken: string | null
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const parsed = resetKeySchema.safeParse({ key: url.searchParams.get('key') ?? '' })
  if (!parsed.success) {
    return data<LinkState>({ key: '', broken: parsed.error.issues[0]!.message }, { status: 400 })
  }
  try {
    await callData(context, accountEndpoints.checkResetKey, { body: parsed.data })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return data<LinkState>({ key: '', broken: error.message }, { status: error.statusCode })
  }
  return { key: parsed.data.key, broken: null } satisfies LinkState
}

/** Once the password is set the link is used: the page says so rather than asking again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as SetPasswordResult | undefined)?.done ? false : defaultShouldRevalidate

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
    // A 200 of its own: the page's loader, run again after a post without scripts, finds the link used.
    return data<SetPasswordResult>({ done: message }, { status: 200 })
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
  const deadLink = (message: string) => (
    <FormStatus tone="error">
      {message} <Link to="/auth/reset">Ask for a new link</Link>
    </FormStatus>
  )
  return (
    <section className="account-page">
      <h1 className="account-page__title">Set a new password</h1>
      {loaderData.broken === null ? (
        <Form method="post" className="account-form" {...form.formProps}>
          <input type="hidden" name="key" value={loaderData.key} />
          <NewPasswordFields form={form} label="New password" repeatLabel="Repeat the new password" />
          {result?.message ? deadLink(result.message) : null}
          <button type="submit" className="button account-form__submit" aria-busy={busy}>
            Set the new password
          </button>
        </Form>
      ) : (
        deadLink(loaderData.broken)
      )}
    </section>
  )
}
