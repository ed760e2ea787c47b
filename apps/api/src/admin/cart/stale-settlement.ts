/**
 * Settles in the background what a crashed or timed-out request left 'processing', once it is
 * older than STALE_PROCESSING_MS: checkout payments (placement's resolveStalePayment) and refunds
 * (resolveStaleRefund), so an order nobody looks at again (a fan who closed the tab on drop day)
 * does not keep its stock and its 'processing' state for ever. The job runs on an interval on
 * every instance: the resolvers take each record over with one conditional write and ask the
 * gateway with the record's own idempotency key (never a second charge or refund), so instances
 * running it at once settle a record once. One run looks at SETTLE_BATCH payments and as many
 * refunds at most, oldest first; one that fails is logged and left to a later run, and the run
 * goes on with the next.
 */
import type { FastifyInstance } from 'fastify'
import { resolveStalePayment, stalePayments } from '../../cart/placement.ts'
import type { ShopContext } from '../../context.ts'
import { resolveStaleRefund, staleRefunds } from './refunds.ts'

/** How many payments, and how many refunds, one run of the job looks at. */
export const SETTLE_BATCH = 100
/** How often each instance runs the job. */
const EVERY_MS = 60 * 1000

/** One run of the job: the oldest stale payments and refunds, each settled through its resolver. */
export async function settleStaleProcessing(ctx: ShopContext): Promise<void> {
  for (const order of await stalePayments(ctx).limit(SETTLE_BATCH).execute()) {
    try {
      await resolveStalePayment(ctx, order)
    } catch (error) {
      ctx.log.error({ err: error, order: order.number }, 'an abandoned payment could not be settled')
    }
  }
  for (const refund of await staleRefunds(ctx).limit(SETTLE_BATCH).execute()) {
    try {
      const order = await ctx.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', refund.order_id)
        .executeTakeFirstOrThrow()
      await resolveStaleRefund(ctx, order, refund)
    } catch (error) {
      ctx.log.error({ err: error, refund: refund.id }, 'an abandoned refund could not be settled')
    }
  }
}

export default async function staleSettlementJob(app: FastifyInstance) {
  const ctx = app.shop
  const run = () =>
    settleStaleProcessing(ctx).catch((error) => ctx.log.error({ err: error }, 'stale settlement job failed'))
  const timer = setInterval(run, EVERY_MS)
  timer.unref()
  app.addHook('onClose', async () => clearInterval(timer))
}
