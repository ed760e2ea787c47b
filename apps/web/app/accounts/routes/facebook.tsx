/**
 * /auth/facebook: logs in with the access token Facebook's SDK gave the visitor (spec 4, social
 * login). The API verifies it with Facebook and answers our token, kept like any other login.
 * Guests only, like /auth/login: a logged-in visitor goes home with the session they have (a
 * second login would replace it in the cookie and leave it open on the server).
 */
import { accountEndpoints, facebookLoginSchema, type TokenResponse } from '@fanshop/core'
import { redirect } from 'react-router'
import { ApiError, callData } from '../../api.server.ts'
import { guard } from '../../guards.server.ts'
import { refusal } from '../../site/resource-route.server.ts'
import { completeLogin } from '../complete-login.server.ts'
import type { Route } from './+types/facebook'

export const middleware: Route.MiddlewareFunction[] = [guard('auth', 'guest')]

export function loader() {
  return redirect('/')
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const parsed = facebookLoginSchema.safeParse({ access_token: formData.get('access_token') })
  if (!parsed.success) return refusal(400, parsed.error.issues[0]!.message)
  let login: TokenResponse['data']
  try {
    login = (await callData(context, accountEndpoints.facebookLogin, { body: parsed.data })).data
  } catch (error) {
    if (error instanceof ApiError) return refusal(error.statusCode, error.message)
    throw error
  }
  return completeLogin(context, login, formData.get('redirectTo'))
}
