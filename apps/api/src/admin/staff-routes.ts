/**
 * The owner's staff page: the staff list, invitations (sent, listed, withdrawn), role changes,
 * deactivation, ending sessions; and the audit log.
 */
import { adminEndpoints } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import { readAudit, recordAudit } from './audit.ts'
import { adminRoute, staffOf } from './guard.ts'
import {
  actorOf,
  changeRole,
  findStaff,
  inviteStaff,
  setStaffDeactivated,
  staffJson,
  waitingInvitations,
  withdrawInvitations,
} from './staff.ts'
import { revokeAllStaffSessions } from './staff-sessions.ts'

const DAY = 24 * 60 * 60 * 1000

export default async function staffRoutes(app: FastifyInstance) {
  const ctx = app.shop

  adminRoute(app, adminEndpoints.listStaff, async () => {
    const rows = await ctx.db.selectFrom('staff_users').selectAll().orderBy('id').execute()
    return { items: await Promise.all(rows.map((row) => staffJson(ctx, row))) }
  })

  adminRoute(app, adminEndpoints.invite, async (request, reply) => {
    const { email, role } = request.body
    const { expiresAt } = await inviteStaff(ctx, actorOf(staffOf(request).staff), email, role)
    return reply.status(201).send({ email, role, expiresAt: new Date(expiresAt).toISOString() })
  })

  adminRoute(app, adminEndpoints.invitations, async () => ({ items: await waitingInvitations(ctx) }))

  adminRoute(app, adminEndpoints.withdrawInvitation, async (request) => ({
    withdrawn: await withdrawInvitations(ctx, actorOf(staffOf(request).staff), request.params.email),
  }))

  adminRoute(app, adminEndpoints.setStaffStatus, async (request) => {
    const actor = actorOf(staffOf(request).staff)
    return staffJson(ctx, await setStaffDeactivated(ctx, actor, request.params.id, request.body.deactivated))
  })

  adminRoute(app, adminEndpoints.changeRole, async (request) => {
    const { id: sessionId, staff: actor } = staffOf(request)
    const staff = await changeRole(ctx, actorOf(actor), request.params.id, request.body.role, sessionId)
    return staffJson(ctx, staff)
  })

  adminRoute(app, adminEndpoints.revokeSessions, async (request) => {
    const staff = await findStaff(ctx, request.params.id)
    const now = ctx.now()
    const revoked = await ctx.db.transaction().execute(async (trx) => {
      const count = await revokeAllStaffSessions(trx, now, staff.id)
      await recordAudit(trx, actorOf(staffOf(request).staff), now, {
        action: 'staff.sessions.revoke',
        entity: 'staff',
        entityId: staff.id,
        before: { activeSessions: count },
        after: { activeSessions: 0 },
      })
      return count
    })
    return { revoked }
  })

  adminRoute(app, adminEndpoints.audit, async (request) => {
    const { staff, action, entity, from, to, page, per_page } = request.query
    const result = await readAudit(ctx.db, {
      staff,
      action,
      entity,
      from: from === undefined ? undefined : Date.parse(`${from}T00:00:00Z`),
      until: to === undefined ? undefined : Date.parse(`${to}T00:00:00Z`) + DAY,
      page,
      perPage: per_page,
    })
    return { ...result, page, perPage: per_page }
  })
}
