/**
 * The timeline of a placed order in the back office: what staff did to it and which e-mails went
 * out, written beside the change itself (same transaction, like the audit entry).
 */
import type { OrderEventKind } from '@fanshop/core'
import type { Db } from '../../cart/orders.ts'
import type { Actor } from '../audit.ts'

export async function addOrderEvent(
  db: Db,
  event: { orderId: number; at: number; kind: OrderEventKind; text: string; actor: Actor | null },
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
    })
    .execute()
}
