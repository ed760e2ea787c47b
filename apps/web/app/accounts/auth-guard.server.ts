/**
 * The `auth` route guard (spec 6): a page is open to everyone (false), to guests only ('guest':
 * a logged-in visitor goes home, to /), or to logged-in users only (true: a guest is sent to /,
 * with the page remembered as ?redirectTo= so the login can return to it).
 */
import { redirect } from 'react-router'
import type { GuardArgs } from '../guards.server.ts'
import { visitorOf } from '../site/visitor.server.ts'
import { loginRedirect } from './session.server.ts'

export type AuthOption = false | 'guest' | true

export async function authGuard({ url, context }: GuardArgs, option: AuthOption): Promise<void> {
  if (option === false) return
  const user = await visitorOf(context).user()
  if (option === 'guest' && user) throw redirect('/')
  if (option === true && !user) throw loginRedirect(url)
}
