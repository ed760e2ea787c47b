/**
 * "Continue with Facebook": the storefront hands us the access token Facebook's SDK gave the
 * visitor; we never trust it as such. The Graph API (FACEBOOK_GRAPH_URL) says whether the token
 * is valid, was issued to our app and has not expired (debug_token, with our app token), then
 * gives the e-mail and public profile (/me, signed with appsecret_proof). The account is found
 * by its linked Facebook id, else linked by e-mail, else created.
 */
import { createHmac } from 'node:crypto'
import { usernameBase } from '@fanshop/core'
import { z } from 'zod'
import type { ShopContext } from '../context.ts'
import { badRequest, unauthorized } from '../http/errors.ts'
import type { UserRow } from './sessions.ts'
import { createUser, findUserByEmail, findUserById } from './users.ts'

const debugTokenSchema = z.object({
  data: z.object({
    app_id: z.coerce.string().optional(),
    is_valid: z.boolean(),
    user_id: z.coerce.string().optional(),
    /** Unix seconds; 0 for a token that does not expire. */
    expires_at: z.number().optional(),
  }),
})

const profileSchema = z.object({
  id: z.coerce.string(),
  email: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  name: z.string().optional(),
})

export const FACEBOOK_MESSAGES = {
  notConfigured: 'Facebook login is not available in this shop.',
  notAuthorized: 'Facebook did not confirm this login. Please try again.',
  expired: 'Your Facebook login has expired. Please continue with Facebook again.',
  noEmail:
    'Facebook did not share your e-mail address. Allow access to it, or register with your e-mail address instead.',
} as const

async function graphGet(ctx: ShopContext, pathname: string, query: Record<string, string>): Promise<unknown> {
  const url = new URL(pathname, `${ctx.config.FACEBOOK_GRAPH_URL.replace(/\/$/, '')}/`)
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) })
  const body: unknown = await response.json().catch(() => null)
  // Graph answers an unusable token with 400 and an error object: that is a refusal, not an outage.
  if (response.status === 400 || response.status === 401 || response.status === 403) return body
  if (!response.ok) throw new Error(`Facebook Graph ${pathname} answered ${response.status}`)
  return body
}

/** The user behind a Facebook access token, linked or created; 401 when Facebook does not vouch for it. */
export async function userFromFacebookToken(ctx: ShopContext, accessToken: string): Promise<UserRow> {
  const appId = ctx.config.FACEBOOK_APP_ID
  const appSecret = ctx.config.FACEBOOK_APP_SECRET
  if (!appId || !appSecret) throw badRequest(FACEBOOK_MESSAGES.notConfigured)

  const debug = debugTokenSchema.safeParse(
    await graphGet(ctx, 'debug_token', { input_token: accessToken, access_token: `${appId}|${appSecret}` }),
  )
  if (
    !debug.success ||
    !debug.data.data.is_valid ||
    debug.data.data.app_id !== appId ||
    !debug.data.data.user_id
  ) {
    throw unauthorized(FACEBOOK_MESSAGES.notAuthorized)
  }
  const expiresAt = debug.data.data.expires_at ?? 0
  if (expiresAt !== 0 && expiresAt * 1000 <= ctx.now()) throw unauthorized(FACEBOOK_MESSAGES.expired)

  const proof = createHmac('sha256', appSecret).update(accessToken).digest('hex')
  const profile = profileSchema.safeParse(
    await graphGet(ctx, 'me', {
      fields: 'id,email,first_name,last_name,name',
      access_token: accessToken,
      appsecret_proof: proof,
    }),
  )
  if (!profile.success || profile.data.id !== debug.data.data.user_id) {
    throw unauthorized(FACEBOOK_MESSAGES.notAuthorized)
  }
  return linkOrCreate(ctx, profile.data)
}

async function linkOrCreate(ctx: ShopContext, profile: z.infer<typeof profileSchema>): Promise<UserRow> {
  const identity = await ctx.db
    .selectFrom('user_identities')
    .select('user_id')
    .where('provider', '=', 'facebook')
    .where('subject', '=', profile.id)
    .executeTakeFirst()
  if (identity) {
    const user = await findUserById(ctx, identity.user_id)
    if (user) return user
  }
  if (!profile.email) throw badRequest(FACEBOOK_MESSAGES.noEmail)
  const firstName = profile.first_name?.trim() || profile.name?.trim().split(/\s+/)[0] || 'Fan'
  const lastName = profile.last_name?.trim() ?? ''
  const user =
    (await findUserByEmail(ctx, profile.email)) ??
    (await createUser(ctx, {
      email: profile.email,
      usernameBase: usernameBase(firstName, lastName),
      passwordHash: null,
      firstName,
      lastName,
      displayName: profile.name?.trim() || `${firstName} ${lastName}`.trim(),
      gender: null,
      birthday: null,
      termsAcceptedAt: null,
    }))
  await ctx.db
    .insertInto('user_identities')
    .values({ provider: 'facebook', subject: profile.id, user_id: user.id, created_at: ctx.now() })
    .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
    .execute()
  return user
}
