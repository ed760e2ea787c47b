/**
 * The back office's orders API (issue 11): every route registered from core's orders endpoint
 * table with its permission check (guard.ts); each action writes its audit entry and timeline
 * event in the transaction of the change and answers the order as it is afterwards.
 */
import { adminOrderEndpoints } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import { confirmationMail } from '../../cart/confirmation-mail.ts'
import { addOrderEvent } from '../../cart/order-events.ts'
import { orderJson } from '../../cart/order-json.ts'
import { recordAudit } from '../audit.ts'
import { adminRoute, staffOf } from '../guard.ts'
import { fulfilOrder, sendAndNote } from './fulfilment.ts'
import { listOrders, ordersCsv } from './order-list.ts'
import { adminOrderView, lockPlaced, placedOrder } from './order-view.ts'
import { cancelOrder, refundOrder } from './refunds.ts'

const actorOf = (request: Parameters<typeof staffOf>[0]) => {
  const { staff } = staffOf(request)
  return { id: staff.id, email: staff.email }
}

export default async function orderRoutes(app: FastifyInstance) {
  const ctx = app.shop
  const e = adminOrderEndpoints

  adminRoute(app, e.listOrders, async (request) => {
    const { items, total } = await listOrders(ctx.db, request.query)
    return { items, total, page: request.query.page, perPage: request.query.per_page }
  })

  // Every customer's e-mail in one file: who took it, when, with which filter and how many rows.
  adminRoute(app, e.exportOrders, async (request, reply) => {
    const now = ctx.now()
    const csv = await ctx.db.transaction().execute(async (trx) => {
      const exported = await ordersCsv(trx, request.query)
      await recordAudit(trx, actorOf(request), now, {
        action: 'order.export',
        entity: 'order',
        after: { filter: request.query, rows: exported.rows },
      })
      return exported.csv
    })
    const day = new Date(now).toISOString().slice(0, 10)
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
      .serializer((payload: unknown) => String(payload))
      .send(csv)
  })

  // Only reads: refunds left 'processing' are settled by the sweep (stale-settlement.ts).
  adminRoute(app, e.getOrder, async (request) => adminOrderView(ctx, request.params.number))

  adminRoute(app, e.fulfilOrder, async (request) => {
    await fulfilOrder(ctx, request.params.number, request.body, actorOf(request))
    return adminOrderView(ctx, request.params.number)
  })

  adminRoute(app, e.cancelOrder, async (request) => {
    await cancelOrder(ctx, request.params.number, request.body, actorOf(request))
    return adminOrderView(ctx, request.params.number)
  })

  adminRoute(app, e.refundOrder, async (request) => {
    await refundOrder(ctx, request.params.number, request.body, actorOf(request))
    return adminOrderView(ctx, request.params.number)
  })

  adminRoute(app, e.resendConfirmation, async (request) => {
    const actor = actorOf(request)
    const order = await placedOrder(ctx.db, request.params.number)
    if (!order.email) return adminOrderView(ctx, order.number)
    const mail = confirmationMail(await orderJson(ctx, order), ctx.config.publicUrl)
    await sendAndNote(ctx, order, mail, 'Confirmation e-mail', actor, {
      action: 'order.resend_confirmation',
      entity: 'order',
      entityId: order.number,
    })
    return adminOrderView(ctx, order.number)
  })

  // Once per key, as a refund: the same note sent again (a retried request) finds it under the
  // order's lock and answers the order as it is, adding no second note and no second audit entry.
  adminRoute(app, e.addOrderNote, async (request, reply) => {
    const actor = actorOf(request)
    const { key, text } = request.body
    await ctx.db.transaction().execute(async (trx) => {
      const order = await lockPlaced(ctx, trx, request.params.number)
      const earlier = await trx
        .selectFrom('order_events')
        .select('id')
        .where('order_id', '=', order.id)
        .where('idempotency_key', '=', key)
        .executeTakeFirst()
      if (earlier) return
      const now = ctx.now()
      await addOrderEvent(trx, { orderId: order.id, at: now, kind: 'note', text, actor, key })
      await recordAudit(trx, actor, now, {
        action: 'order.note',
        entity: 'order',
        entityId: order.number,
        after: { text },
      })
    })
    return reply.code(201).send(await adminOrderView(ctx, request.params.number))
  })
}
