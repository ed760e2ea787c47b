/**
 * The checkout's actions on the storefront's server: each step's form is saved with one checkouts
 * update, then the order is moved on with `next` until it reaches the following step (spec 4: every
 * change is followed by a refetch). Placing the order sends an Idempotency-Key made when the page
 * was drawn, so a double submit or a retry places one order with one charge.
 */
import {
  type AddressInput,
  addressFormatErrors,
  type CheckoutUpdateBody,
  cardSourceSchema,
  cartEndpoints,
  checkoutEmailSchema,
  type EndpointRequest,
  type OrderJson,
  type OrderState,
  stateIndex,
  TERMS_NOT_ACCEPTED_MESSAGE,
} from '@fanshop/core'
import { type AppLoadContext, redirect } from 'react-router'
import { ApiError } from '../api.server.ts'
import { fetchOrder, orderArgs, storeCall } from './cart.server.ts'
import { forgetCart, keepPlacedOrder, type OrderRef, readCartRef } from './cart-cookie.server.ts'
import { loadCountries } from './regions.server.ts'

export type CheckoutStep = 'address' | 'delivery' | 'payment'

/** What a step's failed submission gives back to its form. */
export interface CheckoutResult {
  step: CheckoutStep
  error?: string
  fieldErrors?: Record<string, string>
  values?: Record<string, string>
}

export const ADDRESS_TEXT_FIELDS = [
  'firstname',
  'lastname',
  'address1',
  'address2',
  'city',
  'zipcode',
  'phone',
] as const

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim()
const id = (form: FormData, name: string) => {
  const value = Number(form.get(name))
  return Number.isInteger(value) && value > 0 ? value : null
}

async function withCart<T>(
  context: AppLoadContext,
  step: CheckoutStep,
  run: (ref: OrderRef) => Promise<T>,
): Promise<T | CheckoutResult> {
  const ref = readCartRef(context)
  if (!ref) throw redirect('/cart')
  try {
    return await run(ref)
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode >= 500) throw error
    return { step, error: error.message }
  }
}

const next = async (
  request: Request,
  context: AppLoadContext,
  ref: OrderRef,
  headers?: Record<string, string>,
) => (await storeCall(request, context, cartEndpoints.nextCheckoutStep, { ...orderArgs(ref), headers })).data

/** Moves the order on with `next` until it reaches `target` (it stops at confirm: placing is separate). */
async function advanceTo(request: Request, context: AppLoadContext, ref: OrderRef, target: OrderState) {
  let order = await fetchOrder(request, context, ref)
  while (stateIndex(order.state) < stateIndex(target)) order = await next(request, context, ref)
  return order
}

const saveCheckout = (
  request: Request,
  context: AppLoadContext,
  ref: OrderRef,
  body: EndpointRequest<typeof cartEndpoints.updateCheckout>['body'],
) => storeCall(request, context, cartEndpoints.updateCheckout, { ...orderArgs(ref), body })

/** Step 1: e-mail and the delivery address (also the billing address), then on to delivery. */
export async function saveAddressStep(request: Request, context: AppLoadContext, form: FormData) {
  const values = Object.fromEntries(
    ['email', ...ADDRESS_TEXT_FIELDS, 'country_id', 'state_id'].map((name) => [name, text(form, name)]),
  )
  const address: AddressInput = {
    ...Object.fromEntries(ADDRESS_TEXT_FIELDS.map((name) => [name, text(form, name)])),
    country_id: id(form, 'country_id'),
    state_id: id(form, 'state_id'),
  }
  const email = text(form, 'email')
  const emailCheck = checkoutEmailSchema.safeParse(email)
  const country = (await loadCountries(context)).find((each) => each.id === address.country_id) ?? null
  const fieldErrors: Record<string, string> = { ...addressFormatErrors(address, country) }
  if (!emailCheck.success) fieldErrors.email = emailCheck.error.issues[0]?.message ?? ''
  if (Object.keys(fieldErrors).length > 0) {
    return { step: 'address', fieldErrors, values } satisfies CheckoutResult
  }
  const result = await withCart(context, 'address', async (ref) => {
    await saveCheckout(request, context, ref, {
      order: { email, bill_address_attributes: address, use_billing: true },
    })
    await advanceTo(request, context, ref, 'delivery')
    return null
  })
  return result && { ...result, values }
}

/** Step 2: the shipping rate, then on to payment. */
export async function saveDeliveryStep(request: Request, context: AppLoadContext, form: FormData) {
  const rateId = id(form, 'shipping_rate_id')
  if (!rateId) return { step: 'delivery', error: 'Choose a shipping method.' } satisfies CheckoutResult
  return withCart(context, 'delivery', async (ref) => {
    await saveCheckout(request, context, ref, {
      order: { shipments_attributes: [{ selected_shipping_rate_id: rateId }] },
    })
    await advanceTo(request, context, ref, 'payment')
    return null
  })
}

/**
 * Step 3: the payment method (and card), then confirm and place the order. Success goes to
 * /order/confirmation; a declined card to /order/failed, with the order still in `payment`.
 */
export async function payStep(request: Request, context: AppLoadContext, form: FormData) {
  const methodId = id(form, 'payment_method_id')
  const values = Object.fromEntries(
    ['payment_method_id', 'card_name', 'card_month', 'card_year', 'terms_accepted'].map((name) => [
      name,
      text(form, name),
    ]),
  )
  if (!methodId)
    return { step: 'payment', error: 'Choose a payment method.', values } satisfies CheckoutResult
  if (values.terms_accepted !== 'on') {
    return {
      step: 'payment',
      fieldErrors: { terms_accepted: TERMS_NOT_ACCEPTED_MESSAGE },
      values,
    } satisfies CheckoutResult
  }
  const ref = readCartRef(context)
  if (!ref) throw redirect('/cart')
  const order = await fetchOrder(request, context, ref)
  const method = order.payment_methods.find((m) => m.id === methodId)
  if (!method) return { step: 'payment', error: 'Choose a payment method.' } satisfies CheckoutResult

  let paymentSource: CheckoutUpdateBody['payment_source']
  if (method.method_type === 'credit_card') {
    const card = cardSourceSchema.safeParse({
      name: text(form, 'card_name'),
      number: text(form, 'card_number'),
      month: text(form, 'card_month'),
      year: text(form, 'card_year'),
      verification_value: text(form, 'card_cvc'),
    })
    if (!card.success) {
      const fieldOf: Record<string, string> = {
        name: 'card_name',
        number: 'card_number',
        month: 'card_month',
        year: 'card_year',
        verification_value: 'card_cvc',
      }
      const fieldErrors = Object.fromEntries(
        card.error.issues.map((issue) => [fieldOf[String(issue.path[0])] ?? 'card_number', issue.message]),
      )
      return { step: 'payment', fieldErrors, values } satisfies CheckoutResult
    }
    paymentSource = { [methodId]: card.data }
  }

  const saved = await withCart(context, 'payment', async () => {
    await saveCheckout(request, context, ref, {
      order: { payments_attributes: [{ payment_method_id: methodId }], terms_accepted: true },
      ...(paymentSource ? { payment_source: paymentSource } : {}),
    })
    await advanceTo(request, context, ref, 'confirm')
    return null
  })
  if (saved) return { ...saved, values }

  const key = text(form, 'idempotency_key') || crypto.randomUUID()
  const placed = await placeOrder(request, context, ref, key)
  if (placed.state === 'complete') {
    keepPlacedOrder(context, ref)
    forgetCart(context)
    throw redirect(`/order/confirmation?number=${ref.number}`)
  }
  if (placed.state === 'payment' && placed.payments.at(-1)?.state === 'failed') {
    throw redirect(`/order/failed?number=${ref.number}`)
  }
  return { step: 'payment', error: placed.error, values } satisfies CheckoutResult
}

/**
 * `next` from confirm, which charges. While the same request is still being processed (a double
 * submit: 409), it waits for that one's outcome instead of placing again.
 */
async function placeOrder(
  request: Request,
  context: AppLoadContext,
  ref: OrderRef,
  key: string,
): Promise<Pick<OrderJson, 'state' | 'payments'> & { error?: string }> {
  try {
    return await next(request, context, ref, { 'Idempotency-Key': key })
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode >= 500) throw error
    if (error.statusCode !== 409) {
      const order = await fetchOrder(request, context, ref).catch(() => null)
      return { state: order?.state ?? 'payment', payments: order?.payments ?? [], error: error.message }
    }
  }
  for (let attempt = 0; attempt < 20; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    const order = await fetchOrder(request, context, ref)
    if (order.state !== 'confirm') return order
  }
  return {
    state: 'confirm',
    payments: [],
    error: 'Your order is still being placed. Check your e-mail in a moment.',
  }
}
