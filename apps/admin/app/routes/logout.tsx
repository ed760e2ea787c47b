/** Logging out: ends this browser's staff session and goes back to the login page. */
import { adminEndpoints } from '@fanshop/core'
import { redirect } from 'react-router'
import { ApiError, api } from '../api'

export async function clientAction() {
  await api(adminEndpoints.logout).catch((error: unknown) => {
    if (!(error instanceof ApiError && error.status === 401)) throw error
  })
  return redirect('/login')
}

export async function clientLoader() {
  return redirect('/')
}
