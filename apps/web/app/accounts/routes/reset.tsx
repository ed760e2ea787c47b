/**
 * /auth/reset: ask for a link to set a new password. The answer is the same whether or not the
 * address has an account (the API never says); too many requests are refused for a while.
 */
import { accountEndpoints, resetRequestSchema } from '@fanshop/core'
import { data, Form, useNavigation } from 'react-router'
import { ApiError, callData } from '../../api.server.ts'
import { guard } from '../../guards.server.ts'
import { type FormResult, parseForm, useCueForm } from '../../site/form/cue-form.ts'
import { FormStatus, TextField } from '../../site/form/fields.tsx'
import type { SiteHandle } from '../../site/handle.ts'
import type { Route } from './+types/reset'
import '../accounts.css'
import { pageTitle } from '../../site/brand.ts'

export const handle: SiteHandle = { routeName: 'auth-reset' }

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Reset your password') },
  { name: 'robots', content: 'noindex' },
]

interface ResetResult {
  sent?: string
  message?: string
  /** The field's message and the address typed. */
  form?: FormResult
}

export const middleware: Route.MiddlewareFunction[] = [guard('auth', 'guest')]

// A server loader, so that client navigations to this page reach the server and its guard.
export function loader() {
  return null
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(resetRequestSchema, await request.formData())
  if (submission.status !== 'success') return data<ResetResult>({ form: submission.reply() }, { status: 400 })
  try {
    const { message } = await callData(context, accountEndpoints.requestReset, { body: submission.value })
    return { sent: message, form: submission.reply() } satisfies ResetResult
  } catch (error) {
    if (error instanceof ApiError)
      return data<ResetResult>(
        { message: error.message, form: submission.reply() },
        { status: error.statusCode },
      )
    throw error
  }
}

export default function ResetPage({ actionData }: Route.ComponentProps) {
  const result = actionData as ResetResult | undefined
  const form = useCueForm(resetRequestSchema, { lastResult: result?.form })
  const busy = useNavigation().state === 'submitting'
  return (
    <section className="account-page">
      <h1 className="account-page__title">Reset your password</h1>
      <p>Enter the e-mail address of your account. We will send it a link to set a new password.</p>
      <Form method="post" className="account-form" {...form.formProps}>
        <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" required />
        {result?.sent ? <FormStatus tone="success">{result.sent}</FormStatus> : null}
        {result?.message ? <FormStatus tone="error">{result.message}</FormStatus> : null}
        <button type="submit" className="button account-form__submit" aria-busy={busy}>
          Send me the link
        </button>
      </Form>
    </section>
  )
}
