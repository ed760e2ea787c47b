/**
 * Staff sessions: a random key in an httpOnly, SameSite=Strict cookie scoped to /admin; the
 * server keeps only its SHA-256 with an expiry and a revocation time, so the owner can end any
 * session (and a stolen database opens none). Nothing here is shared with customers' sessions.
 */
import { createHash, randomBytes } from 'node:crypto'
import { parse, serialize } from 'cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import type { ShopContext } from '../context.ts'
import type { Database } from '../db/schema.ts'
import type { StaffUsersTable } from './tables.ts'

export type StaffRow = Selectable<StaffUsersTable>

export const STAFF_COOKIE = 'fanshop_admin'
/** A working day and then some: staff log in again each morning. */
export const STAFF_SESSION_MS = 12 * 60 * 60 * 1000

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex')

function staffCookie(ctx: ShopContext, value: string, maxAgeSeconds: number): string {
  return serialize(STAFF_COOKIE, value, {
    path: '/admin',
    httpOnly: true,
    sameSite: 'strict',
    maxAge: maxAgeSeconds,
    secure: ctx.config.publicUrl.startsWith('https:'),
  })
}

export async function openStaffSession(
  ctx: ShopContext,
  reply: FastifyReply,
  staffId: number,
): Promise<void> {
  const key = randomBytes(32).toString('base64url')
  const now = ctx.now()
  await ctx.db
    .deleteFrom('staff_sessions')
    .where('staff_id', '=', staffId)
    .where('expires_at', '<=', now)
    .execute()
  await ctx.db
    .insertInto('staff_sessions')
    .values({
      id: hashKey(key),
      staff_id: staffId,
      created_at: now,
      expires_at: now + STAFF_SESSION_MS,
      revoked_at: null,
    })
    .execute()
  reply.header('set-cookie', staffCookie(ctx, key, STAFF_SESSION_MS / 1000))
}

export function clearStaffCookie(ctx: ShopContext, reply: FastifyReply): void {
  reply.header('set-cookie', staffCookie(ctx, '', 0))
}

/** The session key the request's cookie carries, if any. */
function cookieKey(request: FastifyRequest): string | null {
  return parse(request.headers.cookie ?? '')[STAFF_COOKIE] || null
}

export interface StaffSession {
  id: string
  staff: StaffRow
}

/**
 * The open session of the request's cookie, or null (no cookie, unknown, expired or revoked, or
 * its member deactivated: a login that read the account just before its deactivation committed
 * may open a session after it, and that session opens nothing).
 */
export async function findStaffSession(
  ctx: ShopContext,
  request: FastifyRequest,
): Promise<StaffSession | null> {
  const key = cookieKey(request)
  if (!key || key.length > 100) return null
  const id = hashKey(key)
  const staff = await ctx.db
    .selectFrom('staff_sessions')
    .innerJoin('staff_users', 'staff_users.id', 'staff_sessions.staff_id')
    .selectAll('staff_users')
    .where('staff_sessions.id', '=', id)
    .where('staff_sessions.revoked_at', 'is', null)
    .where('staff_sessions.expires_at', '>', ctx.now())
    .where('staff_users.deactivated_at', 'is', null)
    .executeTakeFirst()
  return staff ? { id, staff } : null
}

export async function revokeStaffSession(ctx: ShopContext, sessionId: string): Promise<void> {
  await ctx.db
    .updateTable('staff_sessions')
    .set({ revoked_at: ctx.now() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute()
}

/**
 * Ends every open session of a staff member but `keep` (the session of the member's own change);
 * answers how many it ended. Given the change's transaction, the change and the end of the
 * sessions commit together or not at all.
 */
export async function revokeAllStaffSessions(
  db: Kysely<Database>,
  now: number,
  staffId: number,
  keep?: string,
): Promise<number> {
  let query = db
    .updateTable('staff_sessions')
    .set({ revoked_at: now })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
  if (keep !== undefined) query = query.where('id', '!=', keep)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows)
}
