/**
 * The accounts part of every page's frame: who is logged in (the greeting's first_name, with
 * name as the fallback) and their user navigation (spec 7: user/menu). A guest gets null.
 * If the API cannot answer, the page still renders, as a guest's, and the failure is logged.
 */
import { accountEndpoints, type MenuItem } from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { ApiError, callData } from '../api.server.ts'
import { keptForEveryVisitor } from '../site/kept-read.server.ts'
import { getAuthToken, getUser } from './session.server.ts'

export interface FrameUser {
  id: number
  first_name: string
  name: string
  /** The user navigation, from user/menu. */
  menu: MenuItem[]
}

/**
 * The user navigation, the same for every logged-in user: read with the first valid token that
 * asks, then kept for the pages of a few seconds (whether a visitor's token is valid, users/me says).
 */
const keptUserMenu = keptForEveryVisitor(
  async (context: AppLoadContext, token: string): Promise<MenuItem[]> =>
    (await callData(context, accountEndpoints.menu, { token })).data,
)

/** The user navigation; null when the token that asked is no longer valid (the user loader says so too). */
async function fetchUserMenu(context: AppLoadContext, token: string): Promise<MenuItem[] | null> {
  try {
    return await keptUserMenu(context, token)
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 401) return null
    throw error
  }
}

export async function loadFrameUser(context: AppLoadContext): Promise<FrameUser | null> {
  try {
    const token = getAuthToken(context)
    if (!token) return null
    // The user first: the kept navigation is read only with a token users/me has just accepted.
    const user = await getUser(context)
    const menu = user && (await fetchUserMenu(context, token))
    return user && menu ? { id: user.id, first_name: user.first_name, name: user.name, menu } : null
  } catch (error) {
    console.error('error during loading the logged-in user', error)
    return null
  }
}
