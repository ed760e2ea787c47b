/**
 * The e-mail a shopper receives when an order is placed: what was bought, the totals of the order
 * summary, where it goes, and how it is paid (with the transfer details for a bank transfer).
 * A mail that cannot be sent is logged; it never undoes the order.
 */
import type { OrderJson } from '@fanshop/core'
import type { ShopContext } from '../context.ts'
import { escapeHtml } from '../mail/html.ts'
import { addOrderEvent, mailEventText } from './order-events.ts'
import { orderJson } from './order-json.ts'
import type { OrderRow } from './orders.ts'

export function confirmationMail(order: OrderJson, shopUrl: string) {
  const payment = order.payments.at(-1)
  const method = order.payment_methods.find((m) => m.id === payment?.payment_method_id)
  const address = order.ship_address
  const rows: [string, string][] = [
    ...order.line_items.map((line): [string, string] => [
      `${line.quantity} × ${line.variant?.name ?? line.name}`,
      line.display_amount,
    ]),
    ['Subtotal', order.display_item_total],
    ['Shipping', order.display_ship_total],
    ...(order.coupon
      ? [
          [`Coupon ${order.coupon.code} (${order.coupon.description})`, order.display_adjustment_total] as [
            string,
            string,
          ],
        ]
      : []),
    ['Total', order.display_total],
  ]
  const paymentLine =
    method?.method_type === 'bank_transfer'
      ? `Payment: bank transfer. ${method.description}`
      : `Payment: ${payment?.source ? `card ending in ${payment.source.last_digits}` : (method?.name ?? '')}, paid.`
  const addressLines = address
    ? [
        address.full_name,
        address.address1,
        address.address2,
        `${address.zipcode} ${address.city}`,
        address.state_name ?? '',
        address.country?.name ?? '',
      ].filter((line) => line.trim() !== '')
    : []
  const detailsUrl = `${shopUrl}/order/details?number=${order.number}`

  const text = [
    `Thank you for your order ${order.number}.`,
    '',
    ...rows.map(([label, amount]) => `${label}: ${amount}`),
    '',
    'Shipping to:',
    ...addressLines,
    '',
    paymentLine,
    '',
    `Your order: ${detailsUrl}`,
  ].join('\n')

  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">
<h1 style="font-size:20px">Thank you for your order ${escapeHtml(order.number)}</h1>
<table style="border-collapse:collapse;min-width:280px">${rows
    .map(
      ([label, amount]) =>
        `<tr><td style="padding:4px 12px 4px 0">${escapeHtml(label)}</td><td style="padding:4px 0;text-align:right">${escapeHtml(amount)}</td></tr>`,
    )
    .join('')}</table>
<p><strong>Shipping to</strong><br>${addressLines.map(escapeHtml).join('<br>')}</p>
<p>${escapeHtml(paymentLine)}</p>
<p><a href="${escapeHtml(detailsUrl)}">See your order</a></p>
</body></html>`

  return { subject: `Your order ${order.number} is confirmed`, text, html }
}

/**
 * Sends the confirmation and notes on the order's timeline whether it went out, so the team sees a
 * confirmation to send again from the order's page (its Resend button).
 */
export async function sendOrderConfirmation(ctx: ShopContext, order: OrderRow): Promise<void> {
  if (!order.email) return
  let sent = true
  try {
    const mail = confirmationMail(await orderJson(ctx, order), ctx.config.publicUrl)
    await ctx.mailer.send({ to: order.email, ...mail })
  } catch (error) {
    sent = false
    ctx.log.error({ err: error, order: order.number }, 'order confirmation e-mail could not be sent')
  }
  try {
    await addOrderEvent(ctx.db, {
      orderId: order.id,
      at: ctx.now(),
      kind: 'email',
      text: mailEventText('Confirmation e-mail', sent),
      actor: null,
    })
  } catch (error) {
    ctx.log.error({ err: error, order: order.number }, 'the confirmation e-mail could not be noted')
  }
}
