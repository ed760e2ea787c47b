/**
 * The checkout's steps on the server: saving what each step collects (e-mail and addresses, the
 * shipping rate, the payment method and card) and `next`, which moves one step and answers 422
 * naming what is missing. Editing a step the order has passed rewinds the checkout to that step.
 * Placing the order (confirm → complete) is placement.ts.
 */
import {
  type AddressInput,
  addressFormatErrors,
  type CardSource,
  type CheckoutUpdateBody,
  listInWords,
  missingAddressFields,
  nextState,
  TERMS_NOT_ACCEPTED_MESSAGE,
} from '@fanshop/core'
import type { Transaction } from 'kysely'
import type { ShopContext } from '../context.ts'
import type { Database } from '../db/schema.ts'
import { unprocessable } from '../http/errors.ts'
import { assertNotComplete, type OrderRow, parseAddress, rewindTo } from './orders.ts'
import { gatewayFor } from './payments/gateways.ts'
import { shippingRatesFor } from './shipping.ts'

type Trx = Transaction<Database>
type OrderAttributes = NonNullable<CheckoutUpdateBody['order']>

/**
 * Saves e-mail and addresses (a state must belong to the address's country; a phone and postcode
 * must be possible there). A client that asks for the terms must send them accepted.
 */
export async function saveOrderAttributes(
  trx: Trx,
  order: OrderRow,
  attributes: OrderAttributes,
): Promise<void> {
  assertNotComplete(order)
  if (attributes.terms_accepted === false) throw unprocessable(TERMS_NOT_ACCEPTED_MESSAGE)
  const bill = attributes.bill_address_attributes
  const ship = attributes.use_billing ? bill : attributes.ship_address_attributes
  const changes: Partial<OrderRow> = {}
  if (attributes.email !== undefined) changes.email = attributes.email.toLowerCase()
  if (bill) changes.bill_address = JSON.stringify(await checkedAddress(trx, bill, 'billing'))
  if (ship) changes.ship_address = JSON.stringify(await checkedAddress(trx, ship, 'shipping'))
  if (Object.keys(changes).length === 0) return
  await trx.updateTable('orders').set(changes).where('id', '=', order.id).execute()
  if (bill || ship) await rewindTo(trx, order, 'address')
}

async function checkedAddress(trx: Trx, address: AddressInput, which: string): Promise<AddressInput> {
  const country = address.country_id
    ? await trx
        .selectFrom('countries')
        .select(['id', 'iso', 'name', 'states_required'])
        .where('id', '=', address.country_id)
        .executeTakeFirst()
    : null
  if (country === undefined) throw unprocessable(`The ${which} address names a country that does not exist.`)
  const problems = Object.values(addressFormatErrors(address, country))
  if (problems.length > 0) throw unprocessable(`${problems.join(' ')} (${which} address)`)
  if (!country) return { ...address, state_id: null }
  if (!country.states_required) return { ...address, state_id: null }
  if (address.state_id) {
    const state = await trx
      .selectFrom('states')
      .select('id')
      .where('id', '=', address.state_id)
      .where('country_id', '=', country.id)
      .executeTakeFirst()
    if (!state) throw unprocessable(`The ${which} address names a state that is not in ${country.name}.`)
  }
  return address
}

/** Chooses the shipping rate (its id is the shipping method's id) among those the address allows. */
export async function saveShippingRate(trx: Trx, order: OrderRow, rateId: number): Promise<void> {
  assertNotComplete(order)
  const rates = await shippingRatesFor(trx, parseAddress(order.ship_address), order.item_total)
  if (!rates.some((rate) => rate.id === rateId)) {
    throw unprocessable(
      rates.length === 0
        ? 'Enter a shipping address first: the shipping rates depend on it.'
        : `Shipping rate ${rateId} is not offered for this address.`,
    )
  }
  await trx.updateTable('orders').set({ shipping_method_id: rateId }).where('id', '=', order.id).execute()
  await rewindTo(trx, order, 'delivery')
}

/** Chooses how to pay; a card is tokenised by its gateway, and only the token and last digits kept. */
export async function savePaymentMethod(
  trx: Trx,
  order: OrderRow,
  methodId: number,
  source: CardSource | undefined,
  now: number,
): Promise<void> {
  assertNotComplete(order)
  const method = await trx
    .selectFrom('payment_methods')
    .select(['id', 'method_type'])
    .where('id', '=', methodId)
    .where('active', '=', 1)
    .executeTakeFirst()
  if (!method) throw unprocessable(`Payment method ${methodId} does not exist.`)
  const prepared = await gatewayFor(method.method_type, trx).prepare(source, now)
  await trx.deleteFrom('payments').where('order_id', '=', order.id).where('state', '=', 'checkout').execute()
  await trx
    .insertInto('payments')
    .values({
      order_id: order.id,
      payment_method_id: method.id,
      amount: order.total,
      state: 'checkout',
      idempotency_key: null,
      gateway_token: prepared.token,
      card_brand: prepared.card?.brand ?? null,
      card_last4: prepared.card?.last4 ?? null,
      card_month: prepared.card?.month ?? null,
      card_year: prepared.card?.year ?? null,
      card_name: prepared.card?.name ?? null,
      failure_reason: null,
      created_at: now,
      updated_at: now,
    })
    .execute()
  await rewindTo(trx, order, 'payment')
}

/**
 * Moves the order one step (cart → address → delivery → payment → confirm) once the step it leaves
 * is complete; otherwise 422 saying what is missing. Confirm → complete is placement.ts.
 */
export async function advance(ctx: ShopContext, trx: Trx, order: OrderRow): Promise<void> {
  assertNotComplete(order)
  if (order.item_count === 0) throw unprocessable('Your cart is empty: add a product first.')
  const target = nextState(order.state)
  if (order.state === 'address') await leaveAddressStep(trx, order)
  if (order.state === 'delivery') await leaveDeliveryStep(trx, order)
  if (order.state === 'payment') await leavePaymentStep(trx, order)
  if (target === null || target === 'complete') return
  await trx.updateTable('orders').set({ state: target }).where('id', '=', order.id).execute()
  if (target === 'delivery') await chooseCheapestRateIfNone(trx, order.id)
  ctx.log.debug({ order: order.number, state: target }, 'checkout moved on')
}

async function leaveAddressStep(trx: Trx, order: OrderRow): Promise<void> {
  if (!order.email) throw unprocessable('Enter your e-mail address.')
  const ship = parseAddress(order.ship_address) ?? parseAddress(order.bill_address)
  const bill = parseAddress(order.bill_address) ?? ship
  await assertComplete(trx, ship, 'shipping')
  await assertComplete(trx, bill, 'billing')
  const rates = await shippingRatesFor(trx, ship, order.item_total)
  if (rates.length === 0) {
    const country = await trx
      .selectFrom('countries')
      .select('name')
      .where('id', '=', ship!.country_id!)
      .executeTakeFirstOrThrow()
    throw unprocessable(`Sorry, we do not ship to ${country.name}.`)
  }
  await trx
    .updateTable('orders')
    .set({ ship_address: JSON.stringify(ship), bill_address: JSON.stringify(bill) })
    .where('id', '=', order.id)
    .execute()
}

async function assertComplete(trx: Trx, address: AddressInput | null, which: string): Promise<void> {
  const country = address?.country_id
    ? await trx
        .selectFrom('countries')
        .select('states_required')
        .where('id', '=', address.country_id)
        .executeTakeFirst()
    : undefined
  const missing = missingAddressFields(address, { statesRequired: country?.states_required === 1 })
  if (missing.length > 0) throw unprocessable(`The ${which} address needs a ${listInWords(missing)}.`)
}

async function leaveDeliveryStep(trx: Trx, order: OrderRow): Promise<void> {
  const rates = await shippingRatesFor(trx, parseAddress(order.ship_address), order.item_total)
  if (!rates.some((rate) => rate.id === order.shipping_method_id)) {
    throw unprocessable('Choose a shipping method.')
  }
}

async function leavePaymentStep(trx: Trx, order: OrderRow): Promise<void> {
  const payment = await trx
    .selectFrom('payments')
    .innerJoin('payment_methods', 'payment_methods.id', 'payments.payment_method_id')
    .select(['payments.gateway_token', 'payment_methods.method_type'])
    .where('payments.order_id', '=', order.id)
    .where('payments.state', '=', 'checkout')
    .executeTakeFirst()
  if (!payment) throw unprocessable('Choose a payment method.')
  if (payment.method_type === 'credit_card' && !payment.gateway_token)
    throw unprocessable('Enter your card details.')
}

async function chooseCheapestRateIfNone(trx: Trx, orderId: number): Promise<void> {
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow()
  const rates = await shippingRatesFor(trx, parseAddress(order.ship_address), order.item_total)
  if (rates.some((rate) => rate.id === order.shipping_method_id)) return
  await trx
    .updateTable('orders')
    .set({ shipping_method_id: rates[0]?.id ?? null })
    .where('id', '=', orderId)
    .execute()
}
