/**
 * How much of one product a single order may hold (issue "Trust under attack": one request must
 * not be able to hoard a drop). The limit is configured on the server (MAX_PER_ORDER) and shown on
 * the product page; the rule and its wording live here once. A product is what a fan picks in the
 * shop: a variable product counts its variations together (countedProductId), so "Limit 5 per
 * order" on a tee is five tees, not five of every size and colour.
 */
import { perFanCapMessage, perFanLimitNote } from '../launch/fan-cap.ts'

export const DEFAULT_MAX_PER_ORDER = 5

/** The quantity one cart line accepts in any one request, whatever the per-order limit. */
export const MIN_LINE_QUANTITY = 1
export const MAX_LINE_QUANTITY = 99

/** The store API's word for a line quantity that is not a whole number (0.5, "two"). */
export const LINE_QUANTITY_NOT_WHOLE = 'quantity must be a whole number'

/** The shop's words for a quantity a line cannot hold, on the product page. */
export const LINE_QUANTITY_MESSAGE = `Enter a whole number of items from ${MIN_LINE_QUANTITY} to ${MAX_LINE_QUANTITY}.`

/**
 * Whether a form's text is a quantity one line accepts: decimal digits, MIN_LINE_QUANTITY to
 * MAX_LINE_QUANTITY (lineItemInputSchema's rule, without the schema library, which the product
 * page does not load up front).
 */
export function isLineQuantity(text: string): boolean {
  if (!/^\d{1,3}$/.test(text)) return false
  const quantity = Number(text)
  return quantity >= MIN_LINE_QUANTITY && quantity <= MAX_LINE_QUANTITY
}

/** An order number as the shop issues it: "R" and nine digits (R123456789). */
export const ORDER_NUMBER_PATTERN = /^R\d{9}$/

export const perOrderLimitMessage = (max: number): string =>
  `You can have at most ${max} of this product in one order.`

/** The limits that refuse an add, a raise or a checkout; the API's 422 names its limit beside its message. */
export const LIMIT_KINDS = ['per-order', 'per-fan'] as const

/** The limit that refused a request (`limit` in the API's 422), so a client tells them apart. */
export interface LimitRefusal {
  kind: (typeof LIMIT_KINDS)[number]
  max: number
}

/** What the shop says when `limit` refuses an item (the API's words for an add or a raise). */
export const limitRefusalMessage = (limit: LimitRefusal): string =>
  limit.kind === 'per-fan' ? perFanCapMessage(limit.max) : perOrderLimitMessage(limit.max)

/** The line shown next to the quantity control. */
export const perOrderLimitNote = (max: number): string => `Limit ${max} per order.`

/**
 * The tighter of a product's per-order limit and per-fan cap (as its JSON carries them), the most
 * one add may ask for: a fan capped at 1 is not offered 5. Null when neither is set.
 */
export function tightestLimit(product: {
  max_per_order?: number | null
  max_per_fan?: number | null
}): LimitRefusal | null {
  const { max_per_order: perOrder, max_per_fan: perFan } = product
  if (perFan && (!perOrder || perFan < perOrder)) return { kind: 'per-fan', max: perFan }
  return perOrder ? { kind: 'per-order', max: perOrder } : null
}

/**
 * A cart line's tightest limit and the most units it may hold: the per-order limit, or the
 * product's per-fan cap when lower, less `otherUnits` of the same product in the order's other
 * lines (a variable product's variations count together).
 */
export function lineRoom(
  maxPerOrder: number,
  fanCap: number | null,
  otherUnits: number,
): { limit: LimitRefusal; max_quantity: number } {
  // Never null: the per-order limit is always set.
  const limit = tightestLimit({ max_per_order: maxPerOrder, max_per_fan: fanCap })!
  return { limit, max_quantity: Math.max(0, limit.max - otherUnits) }
}

/** The product page's line for a limit (perOrderLimitNote, perFanLimitNote). */
export const limitNote = (limit: LimitRefusal): string =>
  limit.kind === 'per-fan' ? perFanLimitNote(limit.max) : perOrderLimitNote(limit.max)

/**
 * The product a unit counts toward, for the per-order limit and the per-fan cap: a variation's
 * variable product, else the product itself.
 */
export const countedProductId = (item: { id: number; parent_id: number | null }): number =>
  item.parent_id ?? item.id

/** Whether an order may hold `wanted` units of one product under a limit of `max`. */
export const withinPerOrderLimit = (wanted: number, max: number): boolean => wanted <= max
