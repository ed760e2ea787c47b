/**
 * The cart's arithmetic (spec 9), defined once for the server that stores the totals and the
 * storefront that shows them: a line is unit price × quantity, the subtotal is the sum of the lines,
 * a percent discount applies to the full basket, and shipping is added only when above 0.
 * Every amount is integer cents, so nothing drifts by a cent between lines and totals.
 */
import type { Cents } from '../money.ts'

/** The only discount type the shop handles (spec 3): a percentage off the full basket. */
interface PercentDiscount {
  type: 'percent'
  /** Whole percent, 1–100. */
  amount: number
}

interface TotalsLine {
  /** The unit price in cents (a variant's price already rounded to 2 decimals). */
  unitPrice: Cents
  quantity: number
}

export interface Totals {
  itemCount: number
  itemTotal: Cents
  /** The discount as a negative amount (0 without one), like Spree's adjustment_total. */
  adjustmentTotal: Cents
  shipTotal: Cents
  total: Cents
}

/** Unit price × quantity. */
export function lineAmount(line: TotalsLine): Cents {
  assertWholeCents(line.unitPrice, 'unit price')
  if (!Number.isInteger(line.quantity) || line.quantity < 0) {
    throw new RangeError(`quantity must be a whole number >= 0, got ${line.quantity}`)
  }
  return line.unitPrice * line.quantity
}

/** The sum of the lines: the subtotal before discount and shipping. */
export function linesTotal(lines: TotalsLine[]): Cents {
  return lines.reduce((sum, line) => sum + lineAmount(line), 0)
}

/** The percent of an amount in cents, rounded half up to the cent (15% of €33.33 is €5.00). */
export function percentOf(amount: Cents, percent: number): Cents {
  assertWholeCents(amount, 'amount')
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`percent must be a whole number from 0 to 100, got ${percent}`)
  }
  return Math.floor((amount * percent + 50) / 100)
}

export function computeTotals(input: {
  lines: TotalsLine[]
  discount?: PercentDiscount | null
  shipping?: Cents
}): Totals {
  const itemTotal = linesTotal(input.lines)
  const itemCount = input.lines.reduce((sum, line) => sum + line.quantity, 0)
  const discount = input.discount?.type === 'percent' ? percentOf(itemTotal, input.discount.amount) : 0
  const shipping = input.shipping ?? 0
  assertWholeCents(shipping, 'shipping')
  const shipTotal = Math.max(shipping, 0)
  return {
    itemCount,
    itemTotal,
    adjustmentTotal: discount > 0 ? -discount : 0,
    shipTotal,
    total: itemTotal - discount + shipTotal,
  }
}

/** A shipping method's price for a basket: free from its threshold on (compared with the subtotal). */
export function shippingCost(method: { cost: Cents; freeAbove: Cents | null }, itemTotal: Cents): Cents {
  if (method.freeAbove !== null && itemTotal >= method.freeAbove) return 0
  return method.cost
}

/** How a coupon reads in the order summary (spec 3): "15% on full basket". */
export function describeDiscount(discount: PercentDiscount): string {
  return `${discount.amount}% on full basket`
}

function assertWholeCents(value: number, what: string) {
  if (!Number.isInteger(value)) throw new RangeError(`${what} must be whole cents, got ${value}`)
}
