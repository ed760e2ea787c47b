/**
 * How much of one product a single order may hold (issue "Trust under attack": one request must
 * not be able to hoard a drop). The limit is configured on the server (MAX_PER_ORDER) and shown on
 * the product page; the rule and its wording live here once. A product is what a fan picks in the
 * shop: a variable product counts its variations together (countedProductId), so "Limit 5 per
 * order" on a tee is five tees, not five of every size and colour.
 */

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

/**
 * The limit a refusal worded by `wording` names (perOrderLimitMessage, perFanCapMessage), or null
 * for any other message: so a client can tell which limit refused it without a copy of its words.
 */
export function limitNamedBy(message: string, wording: (limit: number) => string): number | null {
  const limit = Number(/\d+/.exec(message)?.[0])
  return Number.isSafeInteger(limit) && limit > 0 && wording(limit) === message ? limit : null
}

/** The line shown next to the quantity control. */
export const perOrderLimitNote = (max: number): string => `Limit ${max} per order.`

/**
 * The product a unit counts toward, for the per-order limit and the per-fan cap: a variation's
 * variable product, else the product itself.
 */
export const countedProductId = (item: { id: number; parent_id: number | null }): number =>
  item.parent_id ?? item.id

/** Whether an order may hold `wanted` units of one product under a limit of `max`. */
export const withinPerOrderLimit = (wanted: number, max: number): boolean => wanted <= max
