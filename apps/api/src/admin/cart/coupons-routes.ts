/**
 * The back office's coupons (issue 11): list, read one, create, edit and end percent coupons with a validity
 * window and usage limits. The limits are enforced where coupons are used (cart/coupons.ts); every
 * change is written to the audit log in its own transaction (audited.ts).
 */
import { type AdminCoupon, type CouponInput, couponEndpoints, couponStatus } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import type { CouponsTable } from '../../cart/tables.ts'
import { isUniqueViolation } from '../../db/portable.ts'
import type { Database } from '../../db/schema.ts'
import { HttpError, notFound } from '../../http/errors.ts'
import { type AuditedRecord, changeBy, createAudited, updateAudited } from '../audited.ts'
import { adminRoute } from '../guard.ts'

type CouponRow = Selectable<CouponsTable>

const iso = (epochMs: number | null) => (epochMs === null ? null : new Date(Number(epochMs)).toISOString())
const epoch = (value: string | null) => (value === null ? null : Date.parse(value))

export function adminCouponJson(row: CouponRow, now: number): AdminCoupon {
  const coupon = {
    startsAt: row.starts_at === null ? null : Number(row.starts_at),
    endsAt: row.expires_at === null ? null : Number(row.expires_at),
    usageLimit: row.usage_limit,
    uses: Number(row.uses),
  }
  return {
    id: row.id,
    code: row.code,
    type: 'percent',
    amount: row.amount,
    startsAt: iso(coupon.startsAt),
    endsAt: iso(coupon.endsAt),
    usageLimit: row.usage_limit,
    perCustomerLimit: row.per_customer_limit,
    uses: coupon.uses,
    status: couponStatus({ ...coupon, active: row.active === 1 }, now),
  }
}

const columnsOf = (input: CouponInput) => ({
  code: input.code,
  amount: input.amount,
  starts_at: epoch(input.startsAt),
  expires_at: epoch(input.endsAt),
  usage_limit: input.usageLimit,
  per_customer_limit: input.perCustomerLimit,
})

const codeTaken = (code: string) => new HttpError(409, `The coupon code "${code}" exists already.`)

async function findCoupon(db: Kysely<Database>, id: number): Promise<CouponRow> {
  const row = await db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound('There is no such coupon.')
  return row
}

/** Coupons as the back office reads them at `now` (their status depends on it). */
const coupons = (now: number): AuditedRecord<AdminCoupon> => ({
  entity: 'coupon',
  read: async (db, id) => adminCouponJson(await findCoupon(db, id), now),
})

export default async function couponRoutes(app: FastifyInstance) {
  const ctx = app.shop

  adminRoute(app, couponEndpoints.listCoupons, async () => {
    const rows = await ctx.db.selectFrom('coupons').selectAll().orderBy('id', 'desc').execute()
    const now = ctx.now()
    return { items: rows.map((row) => adminCouponJson(row, now)) }
  })

  adminRoute(app, couponEndpoints.getCoupon, async (request) =>
    coupons(ctx.now()).read(ctx.db, request.params.id),
  )

  adminRoute(app, couponEndpoints.createCoupon, async (request, reply) => {
    const change = changeBy(ctx, request)
    const created = await createAudited(ctx.db, change, coupons(change.at), async (trx) => {
      const { id } = await trx
        .insertInto('coupons')
        .values({ ...columnsOf(request.body), type: 'percent', active: 1, created_at: change.at })
        .returning('id')
        .executeTakeFirstOrThrow()
      return id
    }).catch((error: unknown) => {
      throw isUniqueViolation(error) ? codeTaken(request.body.code) : error
    })
    return reply.status(201).send(created)
  })

  adminRoute(app, couponEndpoints.updateCoupon, async (request) => {
    const change = changeBy(ctx, request)
    return updateAudited(ctx.db, change, coupons(change.at), 'update', request.params.id, (trx, before) =>
      trx.updateTable('coupons').set(columnsOf(request.body)).where('id', '=', before.id).execute(),
    ).catch((error: unknown) => {
      throw isUniqueViolation(error) ? codeTaken(request.body.code) : error
    })
  })

  adminRoute(app, couponEndpoints.endCoupon, async (request) => {
    const change = changeBy(ctx, request)
    return updateAudited(
      ctx.db,
      change,
      coupons(change.at),
      'end',
      request.params.id,
      async (trx, before) => {
        // An end already past stays as it was: ending twice changes nothing.
        if (before.endsAt !== null && Date.parse(before.endsAt) <= change.at) return
        await trx.updateTable('coupons').set({ expires_at: change.at }).where('id', '=', before.id).execute()
      },
    )
  })
}
