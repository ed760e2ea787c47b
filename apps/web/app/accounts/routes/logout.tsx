/**
 * /auth/logout (POST): revokes the token on the server (a failure there is ignored, spec 4),
 * forgets it in the browser with the account's cart and last order, and goes to /home.
 */
import { accountEndpoints } from '@fanshop/core'
import { redirect } from 'react-router'
import { call } from '../../api.server.ts'
import { endLogin, getAuthToken } from '../session.server.ts'
import type { Route } from './+types/logout'

export function loader() {
  return redirect('/')
}

export async function action({ context }: Route.ActionArgs) {
  const token = getAuthToken(context)
  if (token) {
    await call(context, accountEndpoints.logout, { token }).catch((error: unknown) =>
      console.info('logout: the server could not revoke the token', error),
    )
  }
  endLogin(context)
  return redirect('/home')
}
