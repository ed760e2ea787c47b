/**
 * /auth/reset/setpassword?key=...: the page the reset e-mail links to. The new password follows
 * the registration rules (spec 5) and is typed twice; the link works once, within 1 hour. Open to
 * everyone, so the link works whoever is logged in on this browser. The link is checked when the
 * page opens (without using it up): a missing, unknown, used or expired one answers 400 with what
 * to do instead of a form that could never work; the set itself checks it again. Dead links are
 * counted per client (429 once too many): a lock says to wait, not to ask for a new link.
 */
import { accountEndpoints, rateLimitedErrors, resetKeySchema, setPasswordSchema } from '@fanshop/core'
import { data, Form, Link, type ShouldRevalidateFunction, useNavigation } from 'react-router'
import { type ApiError, callData, formError } from '../../api.server.ts'
import { guard } from '../../guards.server.ts'
import { type FormResult, parseForm, useCueForm } from '../../site/form/cue-form.ts'
import { FormStatus } from '../../site/form/fields.tsx'
import type { SiteHandle } from '../../site/handle.ts'
import { NewPasswordFields, PanelLink } from '../account-links.tsx'
import type { Route } from './+types/set-password'
import '../accounts.css'
import { pageTitle } from '../../site/brand.ts'

export const handle: SiteHandle = { routeName: 'auth-reset' }

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Set a new password') },
  { name: 'robots', content: 'noindex' },
]

interface SetPasswordResult {
  done?: string
  message?: string
  /** The message is about the link, which a new one replaces (not a lock to wait out). */
  deadLink?: boolean
  form?: FormResult
}

/** A refusal of the link is mended by a new link; a lock or counts out of reach only by waiting,
 *  and a new link's page would meet the same lock. */
const isDeadLink = (error: ApiError) => !(error.statusCode in rateLimitedErrors)

export const middleware: Route.MiddlewareFunction[] = [guard('auth', false)]

interface LinkState {
  key: string
  /** Why the link cannot set a password; null while it can. */
  broken: string | null
  /** `broken` is about the link itself, which a new one replaces. */
  deadLink: boolean
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const parsed = resetKeySchema.safeParse({ key: url.searchParams.get('key') ?? '' })
  if (!parsed.success) {
    return data<LinkState>(
      { key: '', broken: parsed.error.issues[0]!.message, deadLink: true },
      { status: 400 },
    )
  }
  try {
    await callData(context, accountEndpoints.checkResetKey, { body: parsed.data })
  } catch (caught) {
    const error = formError(caught)
    return data<LinkState>(
      { key: '', broken: error.message, deadLink: isDeadLink(error) },
      { status: error.statusCode },
    )
  }
  return { key: parsed.data.key, broken: null, deadLink: false } satisfies LinkState
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
      { form: { ...form, error: fieldErrors }, message: key?.[0], deadLink: true },
      { status: 400 },
    )
  }
  try {
    const { message } = await callData(context, accountEndpoints.setPassword, { body: submission.value })
    // A 200 of its own: the page's loader, run again after a post without scripts, finds the link used.
    return data<SetPasswordResult>({ done: message }, { status: 200 })
  } catch (caught) {
    const error = formError(caught)
    return data<SetPasswordResult>(
      { message: error.message, deadLink: isDeadLink(error) },
      { status: error.statusCode },
    )
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
  const refusal = (message: string, deadLink: boolean | undefined) => (
    <FormStatus tone="error">
      {message}
      {deadLink ? (
        <>
          {' '}
          <Link to="/auth/reset">Ask for a new link</Link>
        </>
      ) : null}
    </FormStatus>
  )
  return (
    <section className="account-page">
      <h1 className="account-page__title">Set a new password</h1>
      {loaderData.broken === null ? (
        <Form method="post" className="account-form" {...form.formProps}>
          <input type="hidden" name="key" value={loaderData.key} />
          <NewPasswordFields form={form} label="New password" repeatLabel="Repeat the new password" />
          {result?.message ? refusal(result.message, result.deadLink) : null}
          <button type="submit" className="button account-form__submit" aria-busy={busy}>
            Set the new password
          </button>
        </Form>
      ) : (
        refusal(loaderData.broken, loaderData.deadLink)
      )}
    </section>
  )
}
