/**
 * Login tokens: signed JWTs (HS256, signed-tokens.ts) whose id (jti) is a row of auth_sessions, so
 * a token can be revoked on the server (logout, password reset) and answers 401 from then on.
 * The signing secret is JWT_SECRET, or one generated on first start into DATA_DIR/jwt-secret
 * (every process on this machine reads the same file; several machines need JWT_SECRET).
 *
 * Other domains authenticate a request with `optionalSession` or `requireSession`.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import type { IncomingHttpHeaders } from 'node:http'
import path from 'node:path'
import {
  ACCOUNT_MESSAGES,
  PASSWORD_TOKEN_LIFETIME_SECONDS,
  SOCIAL_TOKEN_LIFETIME_SECONDS,
  TOKEN_TYPE,
  type TokenResponse,
} from '@fanshop/core'
import { type Selectable, sql } from 'kysely'
import { renewCartTokens } from '../cart/order-tokens.ts'
import { perConfig } from '../config.ts'
import type { ShopContext } from '../context.ts'
import { compiledOnce } from '../db/compiled.ts'
import { forbidden, unauthorized } from '../http/errors.ts'
import { signToken, verifyToken } from './signed-tokens.ts'
import type { AuthSessionsTable, UsersTable } from './tables.ts'

export type UserRow = Selectable<UsersTable>
export type LoginMethod = AuthSessionsTable['method']

export interface Session {
  /** The token's id (jti). */
  id: string
  user: UserRow
}

const LIFETIME_SECONDS: Record<LoginMethod, number> = {
  password: PASSWORD_TOKEN_LIFETIME_SECONDS,
  facebook: SOCIAL_TOKEN_LIFETIME_SECONDS,
}

async function readOrCreateSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'jwt-secret')
  try {
    await fs.mkdir(dataDir, { recursive: true })
    // 'wx' fails when the file exists, so concurrent first starts agree on one secret.
    await fs.writeFile(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const secret = (await fs.readFile(file, 'utf8')).trim()
  if (secret.length < 32) throw new Error(`${file} holds no usable secret; delete it to generate a new one.`)
  return secret
}

/** The server's signing secret as a key; other domains derive their own keys from it (launch: HKDF). */
export const signingKey = perConfig(async (config) =>
  new TextEncoder().encode(config.JWT_SECRET || (await readOrCreateSecret(config.dataDir))),
)

/** The token of a session that was opened: its claims signed, with its type and lifetime (spec 7: data.token). */
async function tokenOf(
  ctx: ShopContext,
  userId: number,
  id: string,
  now: number,
  lifetime: number,
): Promise<TokenResponse> {
  const issuedAt = Math.floor(now / 1000)
  const token = signToken(await signingKey(ctx.config), {
    sub: String(userId),
    jti: id,
    iat: issuedAt,
    exp: issuedAt + lifetime,
  })
  return { data: { token, token_type: TOKEN_TYPE, expires_in: lifetime } }
}

const deleteExpiredSessions = (ctx: ShopContext, userId: number, now: number) =>
  ctx.db.deleteFrom('auth_sessions').where('user_id', '=', userId).where('expires_at', '<=', now).execute()

/** Opens a session for the user and answers with its token (spec 7: data.token). */
export async function issueToken(
  ctx: ShopContext,
  userId: number,
  method: LoginMethod,
): Promise<TokenResponse> {
  const now = ctx.now()
  const lifetime = LIFETIME_SECONDS[method]
  const id = randomUUID()
  await deleteExpiredSessions(ctx, userId, now)
  await ctx.db
    .insertInto('auth_sessions')
    .values({
      id,
      user_id: userId,
      method,
      created_at: now,
      expires_at: now + lifetime * 1000,
      revoked_at: null,
    })
    .execute()
  return tokenOf(ctx, userId, id, now, lifetime)
}

/**
 * Opens a session for a password login, only while the account's password is still the one that
 * was checked and the account is not disabled; null otherwise. The check takes argon2's time, in
 * which a reset or a change may set a new password and end the sessions it finds: a session
 * opened after that with the old password would outlive it. One statement writes the session
 * if the password is unchanged; on PostgreSQL it reads the user's row under a share lock, so a
 * change is either seen or waits for the session, which it then ends.
 */
export async function issuePasswordToken(
  ctx: ShopContext,
  user: Pick<UserRow, 'id' | 'password_hash'>,
): Promise<TokenResponse | null> {
  if (user.password_hash === null) return null
  const now = ctx.now()
  const lifetime = LIFETIME_SECONDS.password
  const id = randomUUID()
  await deleteExpiredSessions(ctx, user.id, now)
  const unchanged = ctx.db
    .selectFrom('users')
    .select([
      sql<string>`cast(${id} as text)`.as('id'),
      'users.id as user_id',
      sql<'password'>`cast(${'password'} as text)`.as('method'),
      sql<number>`cast(${now} as bigint)`.as('created_at'),
      sql<number>`cast(${now + lifetime * 1000} as bigint)`.as('expires_at'),
    ])
    .where('users.id', '=', user.id)
    .where('users.password_hash', '=', user.password_hash)
    .where('users.disabled_at', 'is', null)
  const opened = await ctx.db
    .insertInto('auth_sessions')
    .columns(['id', 'user_id', 'method', 'created_at', 'expires_at'])
    .expression(ctx.database.dialect === 'postgres' ? unchanged.forShare() : unchanged)
    .executeTakeFirst()
  if (Number(opened.numInsertedOrUpdatedRows ?? 0) === 0) return null
  return tokenOf(ctx, user.id, id, now, lifetime)
}

const EXPIRED = 'Your session has expired. Please log in again.'

/** What a login of an account the shop's staff disabled answers (403). */
export const ACCOUNT_DISABLED_MESSAGE = ACCOUNT_MESSAGES.accountDisabled

/** A disabled account opens no session, whatever the way of logging in (403). */
export function assertNotDisabled(user: Pick<UserRow, 'disabled_at'>): void {
  if (user.disabled_at !== null) throw forbidden(ACCOUNT_DISABLED_MESSAGE)
}

/** What a session is read from: a request's headers, whichever transport brought them. */
export interface HeadersOf {
  headers: IncomingHttpHeaders
}

/** The user of a session that is neither revoked nor expired, their account not disabled. */
const liveSessionUser = compiledOnce((db, jti: string, now: number) =>
  db
    .selectFrom('auth_sessions')
    .innerJoin('users', 'users.id', 'auth_sessions.user_id')
    .selectAll('users')
    .where('auth_sessions.id', '=', jti)
    .where('auth_sessions.revoked_at', 'is', null)
    .where('auth_sessions.expires_at', '>', now)
    .where('users.disabled_at', 'is', null),
)

/**
 * The session of the request's Bearer token; null when it carries none.
 * A token that is forged, expired or revoked answers 401.
 */
export async function optionalSession(ctx: ShopContext, request: HeadersOf): Promise<Session | null> {
  const header = request.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  if (!match) throw unauthorized('The Authorization header must be "Bearer <token>".')
  const now = ctx.now()
  const jti = verifyToken(await signingKey(ctx.config), match[1]!, { now })?.jti
  if (!jti) throw unauthorized(EXPIRED)
  const [user] = (await liveSessionUser(ctx.db, jti, now)).rows
  if (!user) throw unauthorized(EXPIRED)
  return { id: jti, user }
}

/** The request's session; 401 when there is none. */
export async function requireSession(ctx: ShopContext, request: HeadersOf): Promise<Session> {
  const session = await optionalSession(ctx, request)
  if (!session) throw unauthorized()
  return session
}

export async function revokeSession(ctx: ShopContext, sessionId: string): Promise<void> {
  await ctx.db
    .updateTable('auth_sessions')
    .set({ revoked_at: ctx.now() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute()
}

/**
 * Ends every session of the user, except the one given (the user's current device); answers how
 * many. The account's open carts get new order tokens after that (cart/order-tokens.ts): a browser
 * whose login ended keeps the cart's old token in its cookie, which must not open the cart either.
 * Sessions first, so none of the ended ones can still ask for the new tokens; both in one
 * transaction, the caller's when `db` is one (a new password and the sessions it ends are one
 * change: a failure keeps neither).
 */
export async function revokeUserSessions(
  ctx: Pick<ShopContext, 'db' | 'now'>,
  userId: number,
  keep?: string,
): Promise<number> {
  if (!ctx.db.isTransaction)
    return ctx.db.transaction().execute((trx) => revokeUserSessions({ db: trx, now: ctx.now }, userId, keep))
  let query = ctx.db
    .updateTable('auth_sessions')
    .set({ revoked_at: ctx.now() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
  if (keep) query = query.where('id', '!=', keep)
  const result = await query.executeTakeFirst()
  await renewCartTokens(ctx.db, userId)
  return Number(result.numUpdatedRows)
}
