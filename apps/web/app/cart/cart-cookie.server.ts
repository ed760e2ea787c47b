/**
 * The cart's number and token, kept in the visitor's session cookie by the storefront's server
 * (docs/decisions/0003: the spec's local storage key, out of reach of scripts), and the order just
 * placed, so a guest can open its confirmation and details pages.
 */
import type { AppLoadContext } from 'react-router'
import { visitorOf } from '../site/visitor.server.ts'
import { type OrderRef, orderRefSchema } from '../site/visitor-session.server.ts'

export type { OrderRef }

const refOf = (order: OrderRef): OrderRef =>
  orderRefSchema.parse({ number: order.number, token: order.token })

/** The visitor's cart, or null before their first add to cart. */
export const readCartRef = (context: AppLoadContext): OrderRef | null =>
  visitorOf(context).session.cart ?? null

export function keepCart(context: AppLoadContext, order: OrderRef): void {
  visitorOf(context).update({ cart: refOf(order) })
}

export function forgetCart(context: AppLoadContext): void {
  visitorOf(context).update({ cart: undefined })
}

/** The order this browser placed last (its confirmation, details and thank-you pages). */
export const readPlacedOrderRef = (context: AppLoadContext): OrderRef | null =>
  visitorOf(context).session.placedOrder ?? null

export function keepPlacedOrder(context: AppLoadContext, order: OrderRef): void {
  visitorOf(context).update({ placedOrder: refOf(order) })
}
