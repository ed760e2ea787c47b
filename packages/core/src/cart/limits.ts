/**
 * How much of one product a single order may hold (issue "Trust under attack": one request must
 * not be able to hoard a drop). The limit is configured on the server (MAX_PER_ORDER) and shown on
 * the product page; the rule and its wording live here once.
 */

export const DEFAULT_MAX_PER_ORDER = 5

export const perOrderLimitMessage = (max: number): string =>
  `You can have at most ${max} of this product in one order.`

/** The line shown next to the quantity control. */
export const perOrderLimitNote = (max: number): string => `Limit ${max} per order.`

/** Whether an order may hold `wanted` units of one product under a limit of `max`. */
export const withinPerOrderLimit = (wanted: number, max: number): boolean => wanted <= max
