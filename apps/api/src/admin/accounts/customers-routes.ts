/** The back office's customer calls (issue 11), registered from core's customer endpoint table. */
import { customerEndpoints } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import { recordAudit } from '../audit.ts'
import { adminRoute, staffOf } from '../guard.ts'
import { actorOf } from '../staff.ts'
import {
  customerDetail,
  customerExport,
  customerProfile,
  eraseCustomer,
  findCustomer,
  searchCustomers,
  setCustomerDisabled,
} from './customers.ts'

export default async function customerRoutes(app: FastifyInstance) {
  const ctx = app.shop

  adminRoute(app, customerEndpoints.listCustomers, async (request) => {
    const { search, page, per_page } = request.query
    const result = await searchCustomers(ctx.db, { search, page, perPage: per_page })
    return { ...result, page, perPage: per_page }
  })

  adminRoute(app, customerEndpoints.customer, async (request) =>
    customerDetail(ctx.db, await findCustomer(ctx.db, request.params.id), ctx.now()),
  )

  adminRoute(app, customerEndpoints.setCustomerStatus, async (request) => {
    const row = await setCustomerDisabled(
      ctx,
      actorOf(staffOf(request).staff),
      request.params.id,
      request.body.disabled,
    )
    return customerProfile(ctx.db, row, ctx.now())
  })

  // Reading someone's whole data is written to the audit log too: who took it, and when.
  adminRoute(app, customerEndpoints.exportCustomer, async (request, reply) => {
    const now = ctx.now()
    const data = await ctx.db.transaction().execute(async (trx) => {
      const exported = await customerExport(trx, await findCustomer(trx, request.params.id), now)
      await recordAudit(trx, actorOf(staffOf(request).staff), now, {
        action: 'customer.export',
        entity: 'customer',
        entityId: request.params.id,
      })
      return exported
    })
    return reply
      .header('content-disposition', `attachment; filename="customer-${request.params.id}.json"`)
      .send(data)
  })

  adminRoute(app, customerEndpoints.eraseCustomer, async (request) => {
    const result = await eraseCustomer(ctx, actorOf(staffOf(request).staff), request.params.id)
    return {
      customer: await customerProfile(ctx.db, result.row, ctx.now()),
      orders: result.orders,
      kept: result.kept,
    }
  })
}
