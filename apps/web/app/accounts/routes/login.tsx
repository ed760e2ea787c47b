/**
 * /auth/login: the login action every login form posts to (spec 4: on success go to /profile or
 * the safe earlier path), and a page with the same form for visitors whose JavaScript has not
 * loaded (spec 4: a logged-in visitor on the login page goes home).
 */
import { ACCOUNT_MESSAGES, accountEndpoints, loginFormSchema, type TokenResponse } from '@fanshop/core'
import { data } from 'react-router'
import { ApiError, callData } from '../../api.server.ts'
import { guard } from '../../guards.server.ts'
import { pageTitle } from '../../site/brand.ts'
import { parseForm } from '../../site/form/cue-form.ts'
import type { SiteHandle } from '../../site/handle.ts'
import { completeLogin } from '../complete-login.server.ts'
import { LoginForm, type LoginResult } from '../login-form.tsx'
import type { Route } from './+types/login'

export const handle: SiteHandle = { routeName: 'login' }

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Login') },
  { name: 'robots', content: 'noindex' },
]

export const middleware: Route.MiddlewareFunction[] = [guard('auth', 'guest')]

// A server loader, so that client navigations to this page reach the server and its guard.
export function loader() {
  return null
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseForm(loginFormSchema, formData)
  // What the visitor typed comes back to the form, except the password.
  const hideFields = ['userPassword']
  if (submission.status !== 'success')
    return data<LoginResult>({ form: submission.reply({ hideFields }) }, { status: 400 })

  let login: TokenResponse['data']
  try {
    login = (
      await callData(context, accountEndpoints.login, {
        body: { username: submission.value.userEmail, password: submission.value.userPassword },
      })
    ).data
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.statusCode === 403 && error.message !== ACCOUNT_MESSAGES.accountDisabled) {
      const fieldErrors = {
        userEmail: [ACCOUNT_MESSAGES.emailInvalid],
        userPassword: [ACCOUNT_MESSAGES.passwordInvalid],
      }
      return data<LoginResult>({ form: submission.reply({ fieldErrors, hideFields }) }, { status: 403 })
    }
    return data<LoginResult>(
      { form: submission.reply({ hideFields }), message: error.message },
      { status: error.statusCode },
    )
  }
  return completeLogin(context, login, formData.get('redirectTo'))
}

export default function LoginPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="account-page">
      <h1 className="account-page__title">Login</h1>
      <LoginForm result={actionData} />
    </section>
  )
}
