/**
 * The checkout's state machine (Spree's order states): cart → address → delivery → payment →
 * confirm → complete, and what each address must hold before the order may leave the address
 * step. The server decides with these rules; the storefront uses them to label its steps and fields.
 */
import { z } from 'zod'
import { idParam, plainLine, text } from '../input.ts'

export const ORDER_STATES = ['cart', 'address', 'delivery', 'payment', 'confirm', 'complete'] as const
export type OrderState = (typeof ORDER_STATES)[number]

/** Where a placed order's money stands (Spree's payment_state, with refunds and a cancelled order's void). */
export const PAYMENT_STATES = [
  'balance_due',
  'paid',
  'failed',
  'partially_refunded',
  'refunded',
  'void',
] as const
export type PaymentState = (typeof PAYMENT_STATES)[number]

/** The payment states of a placed order that counts as a sale: paid, and not all of it refunded. */
export const SALE_PAYMENT_STATES = ['paid', 'partially_refunded'] as const satisfies readonly PaymentState[]

/** Where a placed order's parcel stands (Spree's shipment_state; canceled with the order). */
export const SHIPMENT_STATES = ['pending', 'ready', 'shipped', 'canceled'] as const
export type ShipmentState = (typeof SHIPMENT_STATES)[number]

/** The steps after the cart, as Spree lists them in `checkout_steps`. */
export const CHECKOUT_STEPS = ORDER_STATES.slice(1) as Exclude<OrderState, 'cart'>[]

export const stateIndex = (state: OrderState): number => ORDER_STATES.indexOf(state)

/** The state `next` moves to, or null from `complete`. */
export function nextState(state: OrderState): OrderState | null {
  return ORDER_STATES[stateIndex(state) + 1] ?? null
}

/** Whether an order in `state` has already passed `step` (editing that step rewinds to it). */
export const isPast = (state: OrderState, step: OrderState): boolean => stateIndex(state) > stateIndex(step)

const line = (max: number) => plainLine(text().trim().max(max, `must be at most ${max} characters`))

/** An address as the checkout sends it (Spree's `*_address_attributes`); completeness is checked on `next`. */
export const addressInputSchema = z.object({
  firstname: line(100).optional(),
  lastname: line(100).optional(),
  company: line(100).optional(),
  address1: line(200).optional(),
  address2: line(200).optional(),
  city: line(100).optional(),
  zipcode: line(20).optional(),
  phone: line(40).optional(),
  country_id: idParam().nullish(),
  state_id: idParam().nullish(),
})
export type AddressInput = z.infer<typeof addressInputSchema>

/** The fields of an address that must not be empty, with the words a shopper reads. */
const REQUIRED_ADDRESS_FIELDS = {
  firstname: 'first name',
  lastname: 'last name',
  address1: 'street address',
  city: 'city',
  zipcode: 'postcode',
  phone: 'phone',
  country_id: 'country',
} as const satisfies Partial<Record<keyof AddressInput, string>>

const STATE_FIELD_LABEL = 'state or province'

/** The labels of what an address still lacks ([] when complete). */
export function missingAddressFields(
  address: AddressInput | null | undefined,
  options: { statesRequired: boolean },
): string[] {
  const missing: string[] = []
  for (const [field, label] of Object.entries(REQUIRED_ADDRESS_FIELDS)) {
    const value = address?.[field as keyof AddressInput]
    if (value === undefined || value === null || value === '') missing.push(label)
  }
  if (options.statesRequired && !address?.state_id) missing.push(STATE_FIELD_LABEL)
  return missing
}

/** "first name, city and postcode" */
export function listInWords(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}
