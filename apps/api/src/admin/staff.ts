/**
 * Staff accounts: their JSON, invitations (a link mailed to the address, working once and for
 * 7 days unless withdrawn; only its key's SHA-256 is stored) and their acceptance, role changes (a
 * lowered role ends the member's sessions) and deactivation (a departed member keeps their row, so
 * the audit log goes on naming them, but no session and no login). The shop always keeps an
 * active owner. Every change writes its audit entry in the same transaction.
 */
import { createHash, randomBytes } from 'node:crypto'
import {
  INVITATION_INVALID_MESSAGE,
  type PendingInvitation,
  permissionsOf,
  ROLE_LABELS,
  roleLowers,
  type Staff,
  type StaffMe,
  type StaffRole,
} from '@fanshop/core'
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely'
import { hashPassword } from '../accounts/passwords.ts'
import type { ShopContext } from '../context.ts'
import type { Database } from '../db/schema.ts'
import { badRequest, HttpError, notFound } from '../http/errors.ts'
import { type Actor, recordAudit } from './audit.ts'
import { revokeAllStaffSessions, type StaffRow } from './staff-sessions.ts'

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000

export const LAST_OWNER_MESSAGE = 'The shop needs an owner: make someone else owner first.'
export const SELF_DEACTIVATION_MESSAGE =
  'You cannot deactivate your own account: another owner can, once there is one.'
export const NO_WAITING_INVITATION_MESSAGE = 'No invitation to this address is waiting.'

export const INVITATION_MAIL_FAILED_MESSAGE =
  'The invitation e-mail could not be sent, so nobody was invited. Please try again in a few minutes.'

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex')

const iso = (at: number | null) => (at === null ? null : new Date(Number(at)).toISOString())

/** An invitation whose link still opens: not used, not withdrawn, not expired at `now`. */
const waiting = (now: number) => (eb: ExpressionBuilder<Database, 'staff_invitations'>) =>
  eb.and([eb('used_at', 'is', null), eb('withdrawn_at', 'is', null), eb('expires_at', '>', now)])

export const actorOf = (staff: StaffRow): Actor => ({ id: staff.id, email: staff.email })

export async function staffJson(ctx: ShopContext, staff: StaffRow): Promise<Staff> {
  const sessions = await ctx.db
    .selectFrom('staff_sessions')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('staff_id', '=', staff.id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', ctx.now())
    .executeTakeFirstOrThrow()
  return {
    id: staff.id,
    email: staff.email,
    name: staff.name,
    role: staff.role,
    totpEnabled: staff.totp_secret !== null,
    createdAt: new Date(Number(staff.created_at)).toISOString(),
    activeSessions: Number(sessions.n),
    deactivatedAt: iso(staff.deactivated_at),
  }
}

export async function meJson(ctx: ShopContext, staff: StaffRow): Promise<StaffMe> {
  return { staff: await staffJson(ctx, staff), permissions: permissionsOf(staff.role) }
}

export function findStaffByEmail(ctx: Pick<ShopContext, 'db'>, email: string): Promise<StaffRow | undefined> {
  return ctx.db.selectFrom('staff_users').selectAll().where('email', '=', email).executeTakeFirst()
}

export async function findStaff(ctx: ShopContext, id: number): Promise<StaffRow> {
  const staff = await ctx.db.selectFrom('staff_users').selectAll().where('id', '=', id).executeTakeFirst()
  if (!staff) throw notFound('No staff member has this id.')
  return staff
}

/** The page of the back office that accepts an invitation, with the link's key. */
export const invitationLink = (ctx: Pick<ShopContext, 'config'>, key: string) =>
  `${ctx.config.publicUrl}/admin/accept-invite?key=${encodeURIComponent(key)}`

/**
 * Invites `email` to the staff as `role` and mails the link; answers the link too (for the
 * create-owner CLI, which prints it). An address already on the staff answers 409. The mail goes
 * out before anything is written: when it cannot be sent, nobody is invited (no invitation, no
 * audit entry) and the answer is a 503 that says so, not a 500 over an invitation nobody received.
 */
export async function inviteStaff(
  ctx: Pick<ShopContext, 'config' | 'db' | 'now' | 'mailer' | 'log'>,
  actor: Actor,
  email: string,
  role: StaffRole,
  /**
   * Whether the invitation is made only if its mail goes out: so on the staff page, where the mail
   * is the link's only way to the invitee. The first owner's command prints the link too, so a shop
   * whose mail is not set up yet still gets its owner.
   */
  { mailRequired = true }: { mailRequired?: boolean } = {},
): Promise<{ link: string; expiresAt: number; mailed: boolean }> {
  const member = await findStaffByEmail(ctx, email)
  if (member && member.deactivated_at !== null) {
    throw new HttpError(409, 'This address belongs to a deactivated staff member: reactivate them instead.')
  }
  if (member) throw new HttpError(409, 'This address already belongs to a staff member.')
  const key = randomBytes(32).toString('base64url')
  const now = ctx.now()
  const expiresAt = now + INVITATION_LIFETIME_MS
  const link = invitationLink(ctx, key)
  let mailed = true
  try {
    await ctx.mailer.send({
      to: email,
      subject: 'You are invited to the fan shop back office',
      text: [
        `${actor.email} invites you to the fan shop's back office as ${ROLE_LABELS[role]}.`,
        '',
        'Open this link to choose your name and password (it works once, for 7 days):',
        link,
      ].join('\n'),
    })
  } catch (error) {
    ctx.log.error({ err: error, role }, 'staff invitation mail failed')
    if (mailRequired) throw new HttpError(503, INVITATION_MAIL_FAILED_MESSAGE)
    mailed = false
  }
  await ctx.db.transaction().execute(async (trx) => {
    // The new link replaces any older one to the address: an older link with a higher role must
    // not stay live while the staff page shows the new one.
    const replaced = await withdrawWaiting(trx, now, (eb) => eb('email', '=', email))
    await trx
      .insertInto('staff_invitations')
      .values({
        key_hash: hashKey(key),
        email,
        role,
        invited_by: actor.id,
        created_at: now,
        expires_at: expiresAt,
        used_at: null,
        withdrawn_at: null,
      })
      .execute()
    await recordAudit(trx, actor, now, {
      action: 'staff.invite',
      entity: 'invitation',
      entityId: email,
      ...(replaced > 0 ? { before: { waiting: replaced } } : {}),
      after: { email, role, expiresAt: new Date(expiresAt).toISOString() },
    })
  })
  return { link, expiresAt, mailed }
}

/** Writes a staff account (no second factor yet); the caller has checked the address is free. */
export function createStaffAccount(
  db: Kysely<Database>,
  now: number,
  input: { email: string; name: string; role: StaffRole; passwordHash: string },
): Promise<StaffRow> {
  return db
    .insertInto('staff_users')
    .values({
      email: input.email,
      name: input.name,
      role: input.role,
      password_hash: input.passwordHash,
      totp_secret: null,
      totp_pending_secret: null,
      totp_last_step: null,
      created_at: now,
      deactivated_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Uses an invitation's key once: creates the staff account it invites and answers it. */
export async function acceptInvitation(
  ctx: ShopContext,
  input: { key: string; name: string; password: string },
): Promise<StaffRow> {
  const now = ctx.now()
  const passwordHash = await hashPassword(input.password)
  return ctx.db.transaction().execute(async (trx) => {
    // The conditional update takes the link once, even when two tabs submit it together.
    const invitation = await trx
      .updateTable('staff_invitations')
      .set({ used_at: now })
      .where('key_hash', '=', hashKey(input.key))
      .where(waiting(now))
      .returningAll()
      .executeTakeFirst()
    if (!invitation) throw badRequest(INVITATION_INVALID_MESSAGE)
    const taken = await trx
      .selectFrom('staff_users')
      .select('id')
      .where('email', '=', invitation.email)
      .executeTakeFirst()
    if (taken) throw badRequest(INVITATION_INVALID_MESSAGE)
    const staff = await createStaffAccount(trx, now, {
      email: invitation.email,
      name: input.name,
      role: invitation.role,
      passwordHash,
    })
    // Any other link to the address (sent at the same moment) could only fail now: not waiting.
    await withdrawWaiting(trx, now, (eb) => eb('email', '=', invitation.email))
    await recordAudit(trx, actorOf(staff), now, {
      action: 'staff.accept',
      entity: 'staff',
      entityId: staff.id,
      after: { email: staff.email, name: staff.name, role: staff.role },
    })
    return staff
  })
}

/**
 * Reads staff member `id` for a change that may leave the shop without an active owner (404 when
 * there is none). On PostgreSQL the owners' rows and this member's are locked first, in id order:
 * two such changes at once (two owners lowering or deactivating each other) count the owners one
 * after the other, so one of them is refused. SQLite's write transactions run one at a time anyway.
 */
async function lockForOwnerRule(ctx: ShopContext, trx: Kysely<Database>, id: number): Promise<StaffRow> {
  if (ctx.database.dialect === 'postgres') {
    await trx
      .selectFrom('staff_users')
      .select('id')
      .where((eb) => eb.or([eb('role', '=', 'owner'), eb('id', '=', id)]))
      .orderBy('id')
      .forUpdate()
      .execute()
  }
  const staff = await trx.selectFrom('staff_users').selectAll().where('id', '=', id).executeTakeFirst()
  if (!staff) throw notFound('No staff member has this id.')
  return staff
}

/** Refuses (400) to take an active owner's powers away when no other active owner would remain. */
async function keepAnActiveOwner(trx: Kysely<Database>, staff: StaffRow): Promise<void> {
  if (staff.role !== 'owner' || staff.deactivated_at !== null) return
  const others = await trx
    .selectFrom('staff_users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('role', '=', 'owner')
    .where('deactivated_at', 'is', null)
    .where('id', '!=', staff.id)
    .executeTakeFirstOrThrow()
  if (Number(others.n) === 0) throw badRequest(LAST_OWNER_MESSAGE)
}

/**
 * Gives a staff member another role; the shop's last active owner keeps theirs (400). A role that
 * takes anything away ends the member's sessions, all of them, or, when they lower their own role,
 * all but `actorSession`, the one they did it from.
 */
export async function changeRole(
  ctx: ShopContext,
  actor: Actor,
  id: number,
  role: StaffRole,
  actorSession?: string,
): Promise<StaffRow> {
  const now = ctx.now()
  return ctx.db.transaction().execute(async (trx) => {
    const staff = await lockForOwnerRule(ctx, trx, id)
    if (staff.role === role) return staff
    await keepAnActiveOwner(trx, staff)
    const updated = await trx
      .updateTable('staff_users')
      .set({ role })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
    if (roleLowers(staff.role, role)) {
      await revokeAllStaffSessions(trx, now, id, actor.id === id ? actorSession : undefined)
    }
    await recordAudit(trx, actor, now, {
      action: 'staff.role',
      entity: 'staff',
      entityId: id,
      before: { role: staff.role },
      after: { role },
    })
    return updated
  })
}

/**
 * Deactivates a staff member or reactivates them. Deactivating ends all their sessions and
 * withdraws the invitations they sent that nobody used, in the same transaction; nobody
 * deactivates themselves, and the last active owner stays (400). The row stays: the audit log's
 * entries keep pointing to it. Reactivating opens no session (and ends any left): they log in again.
 */
export async function setStaffDeactivated(
  ctx: ShopContext,
  actor: Actor,
  id: number,
  deactivated: boolean,
): Promise<StaffRow> {
  if (deactivated && actor.id === id) throw badRequest(SELF_DEACTIVATION_MESSAGE)
  const now = ctx.now()
  return ctx.db.transaction().execute(async (trx) => {
    const staff = await lockForOwnerRule(ctx, trx, id)
    if ((staff.deactivated_at !== null) === deactivated) return staff
    if (deactivated) await keepAnActiveOwner(trx, staff)
    const updated = await trx
      .updateTable('staff_users')
      .set({ deactivated_at: deactivated ? now : null })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
    // Reactivating ends them too: a session a login opened as the deactivation committed (which
    // opened nothing while the member was deactivated) does not come back to life.
    const sessionsEnded = await revokeAllStaffSessions(trx, now, id)
    const invitationsWithdrawn = deactivated
      ? await withdrawWaiting(trx, now, (eb) => eb('invited_by', '=', id))
      : 0
    await recordAudit(trx, actor, now, {
      action: deactivated ? 'staff.deactivate' : 'staff.reactivate',
      entity: 'staff',
      entityId: id,
      before: { email: staff.email, deactivatedAt: iso(staff.deactivated_at) },
      after: {
        email: staff.email,
        deactivatedAt: iso(updated.deactivated_at),
        sessionsEnded,
        ...(deactivated ? { invitationsWithdrawn } : {}),
      },
    })
    return updated
  })
}

/** Marks the waiting invitations `which` picks withdrawn; answers how many. */
async function withdrawWaiting(
  trx: Kysely<Database>,
  now: number,
  which: (eb: ExpressionBuilder<Database, 'staff_invitations'>) => Expression<SqlBool>,
): Promise<number> {
  const result = await trx
    .updateTable('staff_invitations')
    .set({ withdrawn_at: now })
    .where(waiting(now))
    .where(which)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Withdraws every waiting invitation to `email` (404 when none waits): their links open nothing. */
export async function withdrawInvitations(ctx: ShopContext, actor: Actor, email: string): Promise<number> {
  const now = ctx.now()
  return ctx.db.transaction().execute(async (trx) => {
    const withdrawn = await withdrawWaiting(trx, now, (eb) => eb('email', '=', email))
    if (withdrawn === 0) throw notFound(NO_WAITING_INVITATION_MESSAGE)
    await recordAudit(trx, actor, now, {
      action: 'staff.invite.withdraw',
      entity: 'invitation',
      entityId: email,
      before: { waiting: withdrawn },
      after: { waiting: 0 },
    })
    return withdrawn
  })
}

/** The invitations still waiting, newest first (a new invitation to an address withdraws the older). */
export async function waitingInvitations(ctx: ShopContext): Promise<PendingInvitation[]> {
  const rows = await ctx.db
    .selectFrom('staff_invitations')
    .select((eb) => [
      'email',
      'role',
      'created_at',
      'expires_at',
      eb
        .selectFrom('staff_users')
        .select('staff_users.email')
        .whereRef('staff_users.id', '=', 'staff_invitations.invited_by')
        .as('invited_by'),
    ])
    .where(waiting(ctx.now()))
    .orderBy('created_at', 'desc')
    .orderBy('key_hash')
    .execute()
  return rows.map((row) => ({
    email: row.email,
    role: row.role,
    invitedBy: row.invited_by,
    createdAt: iso(row.created_at)!,
    expiresAt: iso(row.expires_at)!,
  }))
}
