/**
 * Opening and closing staff sessions: login (password, then the TOTP code when the account has
 * one; a deactivated account is refused after both), logout, accepting an invitation, and turning
 * on TOTP (replacing it takes a code of the current one, so a session alone cannot swap the second
 * factor; either ends the member's other sessions, in the same transaction). Logins and those
 * codes are counted before they are checked, with the customer login's rules, per client and
 * address, per client, and per address whatever the clients (a password spray spread over many
 * IPs gets 20 guesses at a staff account every few minutes).
 */
import { adminEndpoints, STAFF_DEACTIVATED_MESSAGE } from '@fanshop/core'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { ACCOUNT_FAILURES, ADDRESS_FAILURES, IP_FAILURES } from '../accounts/auth-routes.ts'
import { storeNormalisedHash, verifyPassword } from '../accounts/passwords.ts'
import { clientKey } from '../http/client-key.ts'
import { badRequest, forbidden } from '../http/errors.ts'
import { beginAttempt, rateLimiter } from '../http/rate-limit.ts'
import { recordAudit } from './audit.ts'
import { adminRoute, staffOf } from './guard.ts'
import { acceptInvitation, actorOf, findStaffByEmail, meJson } from './staff.ts'
import {
  clearStaffCookie,
  openStaffSession,
  revokeAllStaffSessions,
  revokeStaffSession,
  type StaffRow,
} from './staff-sessions.ts'
import { matchTotp, newTotpSecret, totpUri } from './totp.ts'
import { openTotpSecret, sealPlainTotpSecrets, sealTotpSecret } from './totp-secrets.ts'

export const STAFF_WRONG_CREDENTIALS = 'The e-mail address or the password is not correct.'
export const STAFF_WRONG_CODE =
  'The code is not correct. Enter the 6 digits your authenticator app shows now.'
export const STAFF_CURRENT_CODE_REQUIRED =
  'Enter the code your current authenticator app shows: replacing it needs one.'
export const STAFF_WRONG_CURRENT_CODE =
  'The code of your current authenticator app is not correct. Enter the 6 digits it shows now.'
export const STAFF_TOTP_UNREADABLE =
  'This account’s authenticator setup cannot be read on this server. Ask the shop’s owner for help.'

export default async function adminAuthRoutes(app: FastifyInstance) {
  const ctx = app.shop
  const limiter = rateLimiter(ctx)

  app.addHook('onReady', async () => {
    const sealed = await sealPlainTotpSecrets(ctx)
    if (sealed > 0) ctx.log.info({ sealed }, 'staff TOTP secrets sealed')
  })

  /** Marks a matched code's time step used, once: false when it (or a later one) already was. */
  async function takeStep(staffId: number, step: number): Promise<boolean> {
    const taken = await ctx.db
      .updateTable('staff_users')
      .set({ totp_last_step: step })
      .where('id', '=', staffId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst()
    return Number(taken.numUpdatedRows) > 0
  }

  /**
   * Checks a code against the account's sealed authenticator secret and marks its time step used;
   * throws the refusal (`wrong` for a code that does not match or was used). The codes of one
   * account are counted together, whichever clients send them: a login's too, as whoever has the
   * password could otherwise try 10 codes from each client they have.
   */
  async function checkCode(
    staff: StaffRow,
    sealed: string,
    code: string,
    wrong: string,
    reply: FastifyReply,
  ): Promise<void> {
    const attempt = await beginAttempt(limiter, reply, [[`admin-totp:${staff.id}`, ACCOUNT_FAILURES]])
    const secret = await openTotpSecret(ctx, sealed)
    if (secret === null) {
      // Altered in the database or sealed with another key: no code can be checked against it.
      ctx.log.error({ staffId: staff.id }, 'staff TOTP secret cannot be opened')
      await attempt.failed()
      throw forbidden(STAFF_TOTP_UNREADABLE)
    }
    const step = matchTotp(secret, staff.email, code, ctx.now(), staff.totp_last_step)
    if (step === null || !(await takeStep(staff.id, step))) {
      await attempt.failed()
      throw forbidden(wrong)
    }
    await attempt.succeeded()
  }

  adminRoute(app, adminEndpoints.login, async (request, reply) => {
    const { email, password, code } = request.body
    const attempt = await beginAttempt(limiter, reply, [
      [`admin-login:${clientKey(request.ip)}:${email}`, ACCOUNT_FAILURES],
      [`admin-login-ip:${clientKey(request.ip)}`, IP_FAILURES],
      [`admin-login-address:${email}`, ADDRESS_FAILURES],
    ])
    const staff = await findStaffByEmail(ctx, email)
    const match = await verifyPassword(staff?.password_hash ?? null, password)
    if (!match || !staff) {
      await attempt.failed()
      throw forbidden(STAFF_WRONG_CREDENTIALS)
    }
    if (staff.totp_secret !== null) {
      if (code === undefined) {
        // A right password alone is not a success yet: the attempt stays counted until the code.
        await attempt.failed()
        return { status: 'code_required' as const }
      }
      try {
        await checkCode(staff, staff.totp_secret, code, STAFF_WRONG_CODE, reply)
      } catch (error) {
        await attempt.failed()
        throw error
      }
    }
    await attempt.succeeded()
    // Said only to whoever has proved the account theirs: the password (and code) tell nobody else.
    if (staff.deactivated_at !== null) throw forbidden(STAFF_DEACTIVATED_MESSAGE)
    if (match === 'unnormalised') await storeNormalisedHash(ctx.db, 'staff_users', staff, password)
    await openStaffSession(ctx, reply, staff.id)
    return { status: 'signed_in' as const, me: await meJson(ctx, staff) }
  })

  adminRoute(app, adminEndpoints.logout, async (request, reply) => {
    await revokeStaffSession(ctx, staffOf(request).id)
    clearStaffCookie(ctx, reply)
    return reply.status(204).send(null)
  })

  adminRoute(app, adminEndpoints.me, async (request) => meJson(ctx, staffOf(request).staff))

  adminRoute(app, adminEndpoints.acceptInvitation, async (request, reply) => {
    const staff = await acceptInvitation(ctx, request.body)
    await openStaffSession(ctx, reply, staff.id)
    return reply.status(201).send(await meJson(ctx, staff))
  })

  adminRoute(app, adminEndpoints.startTotp, async (request) => {
    const { staff } = staffOf(request)
    const secret = newTotpSecret()
    await ctx.db
      .updateTable('staff_users')
      .set({ totp_pending_secret: await sealTotpSecret(ctx, secret) })
      .where('id', '=', staff.id)
      .execute()
    return { secret, uri: totpUri(secret, staff.email) }
  })

  adminRoute(app, adminEndpoints.confirmTotp, async (request, reply) => {
    const { staff, id: sessionId } = staffOf(request)
    const pending = staff.totp_pending_secret && (await openTotpSecret(ctx, staff.totp_pending_secret))
    if (!pending) throw badRequest('Start setting up the authenticator app first.')
    const step = matchTotp(pending, staff.email, request.body.code, ctx.now(), null)
    if (step === null) throw badRequest(STAFF_WRONG_CODE)
    if (staff.totp_secret !== null) {
      const { currentCode } = request.body
      if (currentCode === undefined) throw badRequest(STAFF_CURRENT_CODE_REQUIRED)
      await checkCode(staff, staff.totp_secret, currentCode, STAFF_WRONG_CURRENT_CODE, reply)
    }
    const now = ctx.now()
    const updated = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('staff_users')
        .set({ totp_secret: staff.totp_pending_secret, totp_pending_secret: null, totp_last_step: step })
        .where('id', '=', staff.id)
        .returningAll()
        .executeTakeFirstOrThrow()
      // A session opened before the account had this factor (a stolen one too) ends with it.
      await revokeAllStaffSessions(trx, now, staff.id, sessionId)
      await recordAudit(trx, actorOf(staff), now, {
        action: 'staff.totp',
        entity: 'staff',
        entityId: staff.id,
        before: { totpEnabled: staff.totp_secret !== null },
        after: { totpEnabled: true },
      })
      return row
    })
    return meJson(ctx, updated)
  })
}
