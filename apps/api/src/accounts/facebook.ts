/**
 * "Continue with Facebook": the storefront hands us the access token Facebook's SDK gave the
 * visitor; we never trust it as such. The Graph API (FACEBOOK_GRAPH_URL) says whether the token
 * is valid, was issued to our app and has not expired (debug_token, with our app token), then
 * gives the e-mail and public profile (/me, signed with appsecret_proof). The account is found
 * by its linked Facebook id, else linked by e-mail, else created. Facebook vouching for the
 * address confirms it: an account registered with it that nobody had confirmed may have been
 * registered by someone else, so its password and sessions end when Facebook links it.
 */
import { createHmac } from 'node:crypto'
import { usernameBase } from '@fanshop/core'
import { z } from 'zod'
import type { ShopContext } from '../context.ts'
import { badRequest, HttpError, unauthorized } from '../http/errors.ts'
import { revokeUserSessions, type UserRow } from './sessions.ts'
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
  unreachable: 'Facebook cannot be reached just now. Please try again in a minute.',
} as const

/** Facebook down or out of reach: the login was not judged, so it is not the fan's failure. */
export class FacebookUnreachable extends HttpError {}

const facebookUnreachable = () => new FacebookUnreachable(503, FACEBOOK_MESSAGES.unreachable)

async function graphGet(ctx: ShopContext, pathname: string, query: Record<string, string>): Promise<unknown> {
  const url = new URL(pathname, `${ctx.config.FACEBOOK_GRAPH_URL.replace(/\/$/, '')}/`)
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch((error: unknown) => {
    ctx.log.warn({ err: error }, `Facebook Graph ${pathname} out of reach`)
    throw facebookUnreachable()
  })
  const body: unknown = await response.json().catch(() => null)
  // Graph answers an unusable token with 400 and an error object: that is a refusal, not an outage.
  if (response.status === 400 || response.status === 401 || response.status === 403) return body
  if (!response.ok) {
    ctx.log.warn(`Facebook Graph ${pathname} answered ${response.status}`)
    throw facebookUnreachable()
  }
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
  const existing = await findUserByEmail(ctx, profile.email)
  const user = existing
    ? await confirmAddress(ctx, existing)
    : await createUser(ctx, {
        email: profile.email,
        usernameBase: usernameBase(firstName, lastName),
        passwordHash: null,
        firstName,
        lastName,
        displayName: profile.name?.trim() || `${firstName} ${lastName}`.trim(),
        gender: null,
        birthday: null,
        termsAcceptedAt: null,
        emailConfirmedAt: ctx.now(),
      })
  await ctx.db
    .insertInto('user_identities')
    .values({ provider: 'facebook', subject: profile.id, user_id: user.id, created_at: ctx.now() })
    .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
    .execute()
  return user
}

/**
 * The account of an address Facebook vouches for, now confirmed as its owner's. If nobody had
 * confirmed the address, whoever registered the account may not own it (account pre-hijacking):
 * the password they chose stops working, every session it opened ends, and the address's owner
 * is told how to set a password of their own.
 */
async function confirmAddress(ctx: ShopContext, user: UserRow): Promise<UserRow> {
  if (user.email_confirmed_at !== null) return user
  const now = ctx.now()
  // The address confirmed and the sessions the password opened ended are one change.
  const confirmed = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('users')
      .set({ email_confirmed_at: now, password_hash: null, updated_at: now })
      .where('id', '=', user.id)
      .where('email_confirmed_at', 'is', null)
      .returningAll()
      .executeTakeFirst()
    if (row && user.password_hash !== null) await revokeUserSessions({ db: trx, now: ctx.now }, user.id)
    return row
  })
  // A concurrent login confirmed it first and did the rest.
  if (!confirmed) return (await findUserById(ctx, user.id)) ?? user
  if (user.password_hash === null) return confirmed
  const greeting = user.first_name ? `Hi ${user.first_name},` : 'Hi,'
  ctx.mailer
    .send({
      to: user.email,
      subject: 'Your Fan Shop account now logs in with Facebook',
      text: [
        greeting,
        '',
        'You continued with Facebook using this e-mail address, so your Fan Shop account is now connected to it.',
        'Nobody had confirmed this address for the account before, so the password it had may not have',
        'been chosen by you: it no longer works, and every other login to the account has ended.',
        '',
        'To log in with your e-mail address again, set a new password here:',
        '',
        `${ctx.config.publicUrl}/auth/reset`,
      ].join('\n'),
    })
    .catch((error: unknown) => ctx.log.error({ err: error, userId: user.id }, 'Facebook link mail failed'))
  return confirmed
}
