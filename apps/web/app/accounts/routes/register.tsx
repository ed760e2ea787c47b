/**
 * /auth/register: the registration action the register form posts to, checked with the same
 * schema as the form and the API (spec 5), and a page with the form for visitors whose JavaScript
 * has not loaded. A refusal from the API comes back as the dialog's message (spec 8).
 */
import { accountEndpoints, registrationFormSchema, toRegisterRequest } from '@fanshop/core'
import { data } from 'react-router'
import { ApiError, call } from '../../api.server.ts'
import { guard } from '../../guards.server.ts'
import { pageTitle } from '../../site/brand.ts'
import { parseForm } from '../../site/form/cue-form.ts'
import type { SiteHandle } from '../../site/handle.ts'
import { RegisterForm, type RegisterResult } from '../register-form.tsx'
import type { Route } from './+types/register'

export const handle: SiteHandle = { routeName: 'register' }

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Register') },
  { name: 'robots', content: 'noindex' },
]

export const middleware: Route.MiddlewareFunction[] = [guard('auth', 'guest')]

// A server loader, so that client navigations to this page reach the server and its guard.
export function loader() {
  return null
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(
    registrationFormSchema(new Date().getFullYear(), Date.now),
    await request.formData(),
  )
  // What the visitor typed comes back to the form, except the passwords.
  const hideFields = ['password', 'password_repeat']
  if (submission.status !== 'success')
    return data<RegisterResult>({ form: submission.reply({ hideFields }) }, { status: 400 })
  try {
    await call(context, accountEndpoints.register, { body: toRegisterRequest(submission.value) })
  } catch (error) {
    if (error instanceof ApiError)
      return data<RegisterResult>(
        { form: submission.reply({ hideFields }), formError: error.message },
        { status: error.statusCode },
      )
    throw error
  }
  return { created: true } satisfies RegisterResult
}

export default function RegisterPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="account-page">
      <h1 className="account-page__title">Register</h1>
      <RegisterForm result={actionData} />
    </section>
  )
}
