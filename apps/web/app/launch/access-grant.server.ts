/**
 * The visitor's access grant (from a valid code on /entercode), kept in an httpOnly cookie set by
 * the storefront's server and sent to the store API with every cart write (x-access-grant), where
 * the launch gate checks it. Cart actions spread `accessGrantHeaders(request)` into their API call.
 */
import { ACCESS_GRANT_HEADER } from '@fanshop/core'
import { type AppLoadContext, createCookie } from 'react-router'

const accessGrantCookie = createCookie('access-grant', { httpOnly: true, sameSite: 'lax', path: '/' })

export async function readAccessGrant(request: Request): Promise<string | null> {
  const value: unknown = await accessGrantCookie.parse(request.headers.get('cookie'))
  return typeof value === 'string' && value.length > 0 ? value : null
}

/** The header that lets this visitor's cart writes through the launch gate; empty without a grant. */
export async function accessGrantHeaders(request: Request): Promise<Record<string, string>> {
  const grant = await readAccessGrant(request)
  return grant ? { [ACCESS_GRANT_HEADER]: grant } : {}
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
