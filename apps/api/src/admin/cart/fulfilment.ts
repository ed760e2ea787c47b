/**
 * Shipping a paid order: staff give the carrier and the tracking number, the order becomes
 * shipped (with its audit entry and timeline event, in one transaction), and the customer gets
 * the shipping e-mail through the shop's mailer. A mail that cannot be sent is logged and noted on
 * the timeline; it never undoes the shipment.
 */
import { fulfilRefusal } from '@fanshop/core'
import { addOrderEvent, mailEventText } from '../../cart/order-events.ts'
import { conflict, type OrderRow } from '../../cart/orders.ts'
import type { ShopContext } from '../../context.ts'
import { escapeHtml } from '../../mail/html.ts'
import { type Actor, type AuditChange, recordAudit } from '../audit.ts'
import { lockPlaced, standingOf } from './order-view.ts'

export function shippingMail(
  order: Pick<OrderRow, 'number'>,
  carrier: string,
  tracking: string,
  shopUrl: string,
) {
  const detailsUrl = `${shopUrl}/order/details?number=${order.number}`
  const text = [
    `Your order ${order.number} is on its way.`,
    '',
    `Carrier: ${carrier}`,
    `Tracking number: ${tracking}`,
    '',
    `Your order: ${detailsUrl}`,
  ].join('\n')
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">
<h1 style="font-size:20px">Your order ${escapeHtml(order.number)} is on its way</h1>
<p>Carrier: ${escapeHtml(carrier)}<br>Tracking number: <strong>${escapeHtml(tracking)}</strong></p>
<p><a href="${escapeHtml(detailsUrl)}">See your order</a></p>
</body></html>`
  return { subject: `Your order ${order.number} has shipped`, text, html }
}

export async function fulfilOrder(
  ctx: ShopContext,
  number: string,
  input: { carrier: string; trackingNumber: string },
  actor: Actor,
): Promise<void> {
  const shipped = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockPlaced(ctx, trx, number)
    const refusal = fulfilRefusal(await standingOf(trx, order))
    if (refusal) throw conflict(refusal)
    const now = ctx.now()
    const after = await trx
      .updateTable('orders')
      .set({
        shipment_state: 'shipped',
        shipped_at: now,
        carrier: input.carrier,
        tracking_number: input.trackingNumber,
        updated_at: now,
      })
      .where('id', '=', order.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await addOrderEvent(trx, {
      orderId: order.id,
      at: now,
      kind: 'fulfilled',
      text: `Shipped with ${input.carrier}, tracking number ${input.trackingNumber}`,
      actor,
    })
    await recordAudit(trx, actor, now, {
      action: 'order.fulfil',
      entity: 'order',
      entityId: number,
      before: { shipmentState: order.shipment_state },
      after: { shipmentState: 'shipped', carrier: input.carrier, trackingNumber: input.trackingNumber },
    })
    return after
  })
  if (!shipped.email) return
  const mail = shippingMail(shipped, input.carrier, input.trackingNumber, ctx.config.publicUrl)
  await sendAndNote(ctx, shipped, mail, 'Shipping e-mail', actor)
}

/**
 * Sends a mail to the order's customer and notes on the timeline whether it went out (without the
 * address, which the order keeps only until its customer is erased); when the mail is a change of
 * its own, its audit entry (whether it went out, after) is written in the same transaction.
 */
export async function sendAndNote(
  ctx: ShopContext,
  order: OrderRow,
  mail: { subject: string; text: string; html: string },
  what: string,
  actor: Actor,
  audit?: Omit<AuditChange, 'before' | 'after'>,
): Promise<boolean> {
  if (!order.email) return false
  let sent = true
  try {
    await ctx.mailer.send({ to: order.email, ...mail })
  } catch (error) {
    sent = false
    ctx.log.error({ err: error, order: order.number }, `${what} could not be sent`)
  }
  const now = ctx.now()
  await ctx.db.transaction().execute(async (trx) => {
    await addOrderEvent(trx, {
      orderId: order.id,
      at: now,
      kind: 'email',
      text: mailEventText(what, sent),
      actor,
    })
    if (audit) await recordAudit(trx, actor, now, { ...audit, after: { sent } })
  })
  return sent
}
