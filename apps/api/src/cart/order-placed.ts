/**
 * What follows an order's completion, once: the confirmation e-mail, and for a customer's order
 * its delivery address kept in their address book (issue 9: the checkout is filled from it).
 * Neither undoes the order when it fails: each is logged.
 */

import { remember } from '../accounts/address-book.ts'
import type { ShopContext } from '../context.ts'
import { sendOrderConfirmation } from './confirmation-mail.ts'
import { type OrderRow, parseAddress } from './orders.ts'

export async function afterOrderPlaced(ctx: ShopContext, order: OrderRow): Promise<void> {
  await sendOrderConfirmation(ctx, order)
  const address = parseAddress(order.ship_address)
  if (order.user_id === null || !address) return
  try {
    await remember(ctx.db, order.user_id, address, order.completed_at ?? ctx.now())
  } catch (error) {
    ctx.log.warn({ err: error, order: order.number }, 'could not keep the address in the address book')
  }
}
