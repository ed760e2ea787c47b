/**
 * The timeline of a placed order, which the back office shows: what staff did to it and which
 * e-mails went out (the confirmation at checkout included), written beside the change itself
 * (same transaction, like the audit entry). The cart owns the table; `actor` is the member of
 * staff who made the change, or null for the shop itself.
 */
import type { OrderEventKind } from '@fanshop/core'
import type { Db } from './orders.ts'

export async function addOrderEvent(
  db: Db,
  event: {
    orderId: number
    at: number
    kind: OrderEventKind
    text: string
    actor: { id: number | null; email: string } | null
    /** A note's client key: the order has one event with it at most. */
    key?: string
  },
): Promise<void> {
  await db
    .insertInto('order_events')
    .values({
      order_id: event.orderId,
      created_at: event.at,
      kind: event.kind,
      text: event.text,
      staff_id: event.actor?.id ?? null,
      staff_email: event.actor?.email ?? null,
      idempotency_key: event.key ?? null,
    })
    .execute()
}

/** How the timeline says whether a mail to the customer went out ('Shipping e-mail', say). */
export const mailEventText = (what: string, sent: boolean) =>
  sent ? `${what} sent to the customer` : `${what} to the customer could not be sent`
