/**
 * Forgotten passwords: a link to /auth/reset/setpassword, mailed to the account's address,
 * that works once and for 1 hour. Only the SHA-256 of the link's key is stored, so a copy of the
 * database opens no account. The request's answer is the same whether or not the address is
 * registered, and the mail goes out after the answer, so its timing reveals nothing either.
 * An account is mailed at most RESET_MAILS.limit links an hour, whoever asks from wherever: the
 * requests' own limits are per client, and clients enough could otherwise fill its mailbox; a
 * request past it is answered the same and mails nothing. Only the newest link works: asking for
 * another ends the earlier ones. Setting the new password ends every session of the account and
 * every other open link, and so does a change of password in the profile. The link's page asks
 * whether the link still works
 * when it is opened (checkResetKey), which uses nothing up.
 */
import { createHash, randomBytes } from 'node:crypto'
import { RESET_LINK_INVALID_MESSAGE } from '@fanshop/core'
import type { Kysely } from 'kysely'
import type { ShopContext } from '../context.ts'
import type { Database } from '../db/schema.ts'
import { badRequest } from '../http/errors.ts'
import { type RateLimitRule, rateLimiter } from '../http/rate-limit.ts'
import { hashPassword } from './passwords.ts'
import { revokeUserSessions } from './sessions.ts'
import { findUserByEmail } from './users.ts'

export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000

/** 5 links mailed to one account in an hour: no more for the rest of that hour. */
export const RESET_MAILS: RateLimitRule = {
  limit: 5,
  windowMs: RESET_LINK_LIFETIME_MS,
  lockMs: RESET_LINK_LIFETIME_MS,
}

export const RESET_REQUESTED_MESSAGE =
  'If an account exists for this e-mail address, we have sent it a link to set a new password. The link works once, for 1 hour.'
export const PASSWORD_SET_MESSAGE = 'Your new password is set. You can log in with it now.'
export const RESET_LINK_OPEN_MESSAGE = 'This link can set a new password.'

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex')

/** Mails a reset link when the address belongs to an account; does nothing visible otherwise. */
export async function requestPasswordReset(ctx: ShopContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx, email)
  if (!user) return
  if (!(await rateLimiter(ctx).take(`reset-mail:${user.id}`, RESET_MAILS)).allowed) return
  const key = randomBytes(32).toString('base64url')
  const now = ctx.now()
  // Only the newest link works: the earlier ones end as this one is stored. PostgreSQL first locks
  // the account's row, so two requests at once end each other's link in turn (SQLite's write
  // transactions run one at a time anyway).
  await ctx.db.transaction().execute(async (trx) => {
    if (ctx.database.dialect === 'postgres') {
      await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute()
    }
    await endResetLinks(trx, user.id, now)
    await trx
      .insertInto('password_resets')
      .values({
        key_hash: hashKey(key),
        user_id: user.id,
        created_at: now,
        expires_at: now + RESET_LINK_LIFETIME_MS,
        used_at: null,
      })
      .execute()
  })
  const link = `${ctx.config.publicUrl}/auth/reset/setpassword?key=${key}`
  const greeting = user.first_name ? `Hi ${user.first_name},` : 'Hi,'
  ctx.mailer
    .send({
      to: user.email,
      subject: 'Set a new password for your Fan Shop account',
      text: [
        greeting,
        '',
        'Someone, hopefully you, asked to set a new password for your Fan Shop account.',
        'Open this link to choose one. It works once, for 1 hour:',
        '',
        link,
        '',
        'If you did not ask for it, ignore this e-mail: your password stays as it is.',
      ].join('\n'),
    })
    .catch((error: unknown) => ctx.log.error({ err: error, userId: user.id }, 'password reset mail failed'))
}

/**
 * Ends the user's open links: a link asked for before a new password was set, whichever way
 * (a link, the profile), must not set another one over it, nor one a newer link replaces.
 */
export async function endResetLinks(db: Kysely<Database>, userId: number, now: number): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute()
}

/** The account of the open link with this key (not used, not expired), if any: one indexed read. */
const openLink = (ctx: ShopContext, keyHash: string, now: number) =>
  ctx.db
    .selectFrom('password_resets')
    .select('user_id')
    .where('key_hash', '=', keyHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()

/**
 * Whether a reset link can still set a password, for its page to say at once when it cannot;
 * 400 when it is unknown, used or expired. It uses nothing up: the link works as before.
 */
export async function checkResetKey(ctx: ShopContext, key: string): Promise<void> {
  if (!(await openLink(ctx, hashKey(key), ctx.now()))) throw badRequest(RESET_LINK_INVALID_MESSAGE)
}

/**
 * Sets the new password from a reset link and answers the account's e-mail address; 400 when the
 * link is unknown, used or expired. `hash` is the password hashing, given by a test that counts it.
 */
export async function completePasswordReset(
  ctx: ShopContext,
  key: string,
  password: string,
  hash: (password: string) => Promise<string> = hashPassword,
): Promise<string> {
  const now = ctx.now()
  const keyHash = hashKey(key)
  // The link is looked up before the password is hashed: a made-up key costs one indexed read,
  // not an argon2 hash (19 MiB of memory), so a flood of them cannot tie up the hashing threads.
  if (!(await openLink(ctx, keyHash, now))) throw badRequest(RESET_LINK_INVALID_MESSAGE)
  const passwordHash = await hash(password)
  // One change: the link claimed, the password, the other links and the sessions ended. A failure
  // keeps none of it, and the link works again.
  return ctx.db.transaction().execute(async (trx) => {
    // One conditional write claims the link, so it can be used only once even by concurrent requests.
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('key_hash', '=', keyHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst()
    if (!claimed) throw badRequest(RESET_LINK_INVALID_MESSAGE)
    const { email } = await trx
      .updateTable('users')
      .set((eb) => ({
        password_hash: passwordHash,
        // The link reached the address's mailbox: its owner is the one setting this password.
        email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(now)),
        updated_at: now,
      }))
      .where('id', '=', claimed.user_id)
      .returning('email')
      .executeTakeFirstOrThrow()
    await endResetLinks(trx, claimed.user_id, now)
    await revokeUserSessions({ db: trx, now: ctx.now }, claimed.user_id)
    return email
  })
}
