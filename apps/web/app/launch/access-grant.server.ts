/**
 * The visitor's access grant (from a valid code on /entercode), kept in an httpOnly cookie set by
 * the storefront's server and sent to the store API with every cart write (x-access-grant), where
 * the launch gate checks it. Cart actions spread `accessGrantHeaders(request)` into their API call.
 */
import { ACCESS_GRANT_HEADER, QUEUE_PASS_HEADER } from '@fanshop/core'
import { type AppLoadContext, createCookie } from 'react-router'
import { readQueuePass } from './queue.server.ts'

const accessGrantCookie = createCookie('access-grant', { httpOnly: true, sameSite: 'lax', path: '/' })

export async function readAccessGrant(request: Request): Promise<string | null> {
  const value: unknown = await accessGrantCookie.parse(request.headers.get('cookie'))
  return typeof value === 'string' && value.length > 0 ? value : null
}

/**
 * The headers that let this visitor's cart writes through the launch gate (their access grant)
 * and the drop's waiting room (their admission pass); empty without either.
 */
export async function accessGrantHeaders(request: Request): Promise<Record<string, string>> {
  const [grant, pass] = await Promise.all([readAccessGrant(request), readQueuePass(request)])
  return {
    ...(grant ? { [ACCESS_GRANT_HEADER]: grant } : {}),
    ...(pass ? { [QUEUE_PASS_HEADER]: pass } : {}),
  }
}

/** The Set-Cookie header that keeps a grant until it expires. */
export function accessGrantSetCookie(
  context: AppLoadContext,
  grant: { grant: string; expiresAt: number; now: number },
): Promise<string> {
  return accessGrantCookie.serialize(grant.grant, {
    secure: context.secureCookies,
    maxAge: Math.max(0, Math.floor((grant.expiresAt - grant.now) / 1000)),
  })
}
