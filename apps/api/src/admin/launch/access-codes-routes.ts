/**
 * The drop's access codes in the back office (owner and manager: the 'launch' permission, as the
 * drop's settings): list, read one, create, change, disable and enable the codes that open the
 * shop before the launch (launch/access-codes.ts). A code is disabled rather than deleted, so its
 * grants and the audit log keep their meaning; every change and its audit entry are one
 * transaction (audited.ts). The log keeps each code without its text, which only the list shows.
 */
import {
  type AccessCodeChange,
  type AdminAccessCode,
  accessCodeEndpoints,
  accessCodeStatus,
} from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import type { ShopContext } from '../../context.ts'
import { isUniqueViolation } from '../../db/portable.ts'
import type { Database } from '../../db/schema.ts'
import { HttpError, notFound } from '../../http/errors.ts'
import { createAccessCode, openAccessCode } from '../../launch/access-codes.ts'
import type { AccessCodesTable } from '../../launch/tables.ts'
import { type AuditedRecord, changeBy, createAudited, updateAudited } from '../audited.ts'
import { adminRoute } from '../guard.ts'

type AccessCodeRow = Selectable<AccessCodesTable>
/** A code as the audit log keeps it: all but its text. */
type LoggedAccessCode = Omit<AdminAccessCode, 'code'>

const iso = (epochMs: number | null) => (epochMs === null ? null : new Date(Number(epochMs)).toISOString())
const epoch = (value: string | null) => (value === null ? null : Date.parse(value))

function loggedJson(row: AccessCodeRow, now: number): LoggedAccessCode {
  const code = {
    disabled: row.disabled_at !== null,
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    maxUses: row.max_uses,
    uses: Number(row.uses),
  }
  return {
    id: row.id,
    label: row.label,
    maxUses: code.maxUses,
    uses: code.uses,
    expiresAt: iso(code.expiresAt),
    skipsQueue: row.skips_queue === 1,
    disabled: code.disabled,
    status: accessCodeStatus(code, now),
    createdAt: iso(Number(row.created_at))!,
  }
}

async function findAccessCode(db: Kysely<Database>, id: number): Promise<AccessCodeRow> {
  const row = await db.selectFrom('access_codes').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound('There is no such access code.')
  return row
}

/** Access codes as the audit log keeps them at `now` (their status depends on it). */
const accessCodes = (now: number): AuditedRecord<LoggedAccessCode> => ({
  entity: 'access_code',
  read: async (db, id) => loggedJson(await findAccessCode(db, id), now),
})

const columnsOf = (change: AccessCodeChange) => ({
  label: change.label,
  max_uses: change.maxUses,
  expires_at: epoch(change.expiresAt),
  skips_queue: change.skipsQueue ? 1 : 0,
})

const codeTaken = (code: string) => new HttpError(409, `The access code "${code}" exists already.`)

export default async function accessCodeRoutes(app: FastifyInstance) {
  const ctx: ShopContext = app.shop

  /** The code as the back office shows it: the log's record and its text. */
  const answer = async (row: AccessCodeRow, now: number): Promise<AdminAccessCode> => ({
    ...loggedJson(row, now),
    code: await openAccessCode(ctx, row.code_sealed),
  })
  const answerOf = async (id: number, now: number) => answer(await findAccessCode(ctx.db, id), now)

  adminRoute(app, accessCodeEndpoints.listAccessCodes, async () => {
    const rows = await ctx.db.selectFrom('access_codes').selectAll().orderBy('id', 'desc').execute()
    const now = ctx.now()
    return { items: await Promise.all(rows.map((row) => answer(row, now))) }
  })

  adminRoute(app, accessCodeEndpoints.getAccessCode, async (request) =>
    answerOf(request.params.id, ctx.now()),
  )

  adminRoute(app, accessCodeEndpoints.createAccessCode, async (request, reply) => {
    const change = changeBy(ctx, request)
    const { code, expiresAt, ...rest } = request.body
    const created = await createAudited(ctx.db, change, accessCodes(change.at), (trx) =>
      createAccessCode({ ...ctx, db: trx }, { ...rest, code, expiresAt: epoch(expiresAt) }),
    ).catch((error: unknown) => {
      throw isUniqueViolation(error) ? codeTaken(code) : error
    })
    return reply.status(201).send(await answerOf(created.id, change.at))
  })

  adminRoute(app, accessCodeEndpoints.updateAccessCode, async (request) => {
    const change = changeBy(ctx, request)
    await updateAudited(ctx.db, change, accessCodes(change.at), 'update', request.params.id, (trx, before) =>
      trx.updateTable('access_codes').set(columnsOf(request.body)).where('id', '=', before.id).execute(),
    )
    return answerOf(request.params.id, change.at)
  })

  for (const [endpoint, verb] of [
    [accessCodeEndpoints.disableAccessCode, 'disable'],
    [accessCodeEndpoints.enableAccessCode, 'enable'],
  ] as const) {
    adminRoute(app, endpoint, async (request) => {
      const change = changeBy(ctx, request)
      await updateAudited(
        ctx.db,
        change,
        accessCodes(change.at),
        verb,
        request.params.id,
        async (trx, before) => {
          // Disabling a disabled code (or enabling an enabled one) changes nothing.
          if (before.disabled === (verb === 'disable')) return
          await trx
            .updateTable('access_codes')
            .set({ disabled_at: verb === 'disable' ? change.at : null })
            .where('id', '=', before.id)
            .execute()
        },
      )
      return answerOf(request.params.id, change.at)
    })
  }
}
