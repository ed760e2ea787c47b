/**
 * The checkout's actions on the storefront's server: each step's form is saved with one checkouts
 * update, then the order is moved on with `next` until it reaches the following step (spec 4: every
 * change is followed by a refetch). Placing the order sends an Idempotency-Key made when the page
 * was drawn, so a double submit or a retry places one order with one charge.
 */
import {
  type AddressInput,
  type CheckoutUpdateBody,
  cartEndpoints,
  checkoutAddressFormSchema,
  checkoutCardFormSchema,
  checkoutDeliveryFormSchema,
  checkoutPaymentFormSchema,
  type EndpointRequest,
  type OrderJson,
  type OrderState,
  stateIndex,
  TERMS_NOT_ACCEPTED_MESSAGE,
} from '@fanshop/core'
import { type AppLoadContext, redirect } from 'react-router'
import { formError } from '../api.server.ts'
import { fieldMessages, parseForm } from '../site/form/cue-form.ts'
import { applyCouponCode, fetchOrder, orderArgs, removeCouponCode, storeCall } from './cart.server.ts'
import { forgetCart, keepPlacedOrder, type OrderRef, readCartRef } from './cart-cookie.server.ts'
import { type CountryStates, loadCountries, postedCountryStates } from './regions.server.ts'

export type CheckoutStep = 'address' | 'delivery' | 'payment'

/** The step the order is at: the cart and address states fill in the address. */
export function stepOf(state: OrderState): CheckoutStep {
  if (state === 'cart' || state === 'address') return 'address'
  if (state === 'delivery') return 'delivery'
  return 'payment'
}

/** The pay form's answer when the order is no longer what the page showed (and is not placed). */
export const ORDER_CHANGED_MESSAGE =
  'Your order changed since this page was shown: check it and place it again.'

/** What a step's failed submission gives back to its form. */
export interface CheckoutResult {
  step: CheckoutStep
  error?: string
  /** The API's status when it refused the step; the page answers 422 without one. */
  status?: number
  fieldErrors?: Record<string, string>
  values?: Record<string, string>
  /** The coupon's refusal, when the step's form carried the coupon (without JavaScript). */
  couponError?: string
  /** The address step's country as sent, with its states: the form is drawn again with them. */
  countryStates?: CountryStates
}

/** What the visitor typed into a form, to draw it again as it was. */
function typedValues(payload: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).flatMap(([name, value]) =>
      typeof value === 'string' ? [[name, value.trim()]] : [],
    ),
  )
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
    const refused = formError(error)
    return { step, error: refused.message, status: refused.statusCode }
  }
}

const next = async (context: AppLoadContext, ref: OrderRef, headers?: Record<string, string>) =>
  (await storeCall(context, cartEndpoints.nextCheckoutStep, { ...orderArgs(ref), headers })).data

/** Moves the order on with `next` until it reaches `target` (it stops at confirm: placing is separate). */
async function advanceTo(context: AppLoadContext, ref: OrderRef, target: OrderState) {
  let order = await fetchOrder(context, ref)
  while (stateIndex(order.state) < stateIndex(target)) order = await next(context, ref)
  return order
}

const saveCheckout = (
  context: AppLoadContext,
  ref: OrderRef,
  body: EndpointRequest<typeof cartEndpoints.updateCheckout>['body'],
) => storeCall(context, cartEndpoints.updateCheckout, { ...orderArgs(ref), body })

/** The step whose form names each checkout intent. */
const STEP_OF_INTENT: Record<string, CheckoutStep> = {
  address: 'address',
  delivery: 'delivery',
  pay: 'payment',
}

/**
 * A coupon applied or removed from inside a step's form (the checkout without JavaScript): the
 * store's answer, with what was typed in that step so that its form is drawn again as it was (the
 * card's number and security code excepted, as ever). The step is neither saved nor moved on.
 */
export async function couponStep(
  context: AppLoadContext,
  form: FormData,
  intent: 'coupon' | 'remove-coupon',
): Promise<CheckoutResult & { status: number }> {
  const step = STEP_OF_INTENT[String(form.get('intent'))] ?? 'address'
  const code = String(form.get('coupon_code') ?? '')
  const { status, couponError } =
    intent === 'coupon' ? await applyCouponCode(context, code) : await removeCouponCode(context, code)
  const { card_number: _number, card_cvc: _cvc, ...values } = typedValues(Object.fromEntries(form))
  return { step, status, couponError, values }
}

/** Step 1: e-mail and the delivery address (also the billing address), then on to delivery. */
export async function saveAddressStep(context: AppLoadContext, form: FormData) {
  const countries = await loadCountries(context)
  const countryStates = await postedCountryStates(context, countries, form)
  const submission = parseForm(checkoutAddressFormSchema(countries, countryStates?.states), form)
  const values = typedValues(submission.payload)
  if (submission.status !== 'success') {
    const fieldErrors = fieldMessages(submission.reply())
    return { step: 'address', fieldErrors, values, countryStates } satisfies CheckoutResult
  }
  const { email, ...address } = submission.value satisfies { email: string } & AddressInput
  const result = await withCart(context, 'address', async (ref) => {
    await saveCheckout(context, ref, {
      order: { email, bill_address_attributes: address, use_billing: true },
    })
    await advanceTo(context, ref, 'delivery')
    return null
  })
  return result && { ...result, values, countryStates }
}

/** Step 2: the shipping rate, then on to payment. */
export async function saveDeliveryStep(context: AppLoadContext, form: FormData) {
  const submission = parseForm(checkoutDeliveryFormSchema, form)
  const rateId = submission.status === 'success' ? submission.value.shipping_rate_id : null
  if (!rateId) return { step: 'delivery', error: 'Choose a shipping method.' } satisfies CheckoutResult
  return withCart(context, 'delivery', async (ref) => {
    await saveCheckout(context, ref, {
      order: { shipments_attributes: [{ selected_shipping_rate_id: rateId }] },
    })
    await advanceTo(context, ref, 'payment')
    return null
  })
}

/**
 * Step 3: the payment method (and card), then confirm and place the order. Success goes to
 * /order/confirmation; a declined card to /order/failed, with the order still in `payment`.
 */
export async function payStep(context: AppLoadContext, form: FormData) {
  const submission = parseForm(checkoutPaymentFormSchema, form)
  // The card's number and security code are never drawn again.
  const { card_number: _number, card_cvc: _cvc, ...values } = typedValues(submission.payload)
  const fields = submission.status === 'success' ? submission.value : null
  const keyError = fieldMessages(submission.reply()).idempotency_key
  if (keyError) return { step: 'payment', error: keyError, values } satisfies CheckoutResult
  const methodId = fields?.payment_method_id
  if (!fields || !methodId)
    return { step: 'payment', error: 'Choose a payment method.', values } satisfies CheckoutResult
  if (fields.terms_accepted !== 'on') {
    return {
      step: 'payment',
      fieldErrors: { terms_accepted: TERMS_NOT_ACCEPTED_MESSAGE },
      values,
    } satisfies CheckoutResult
  }
  const ref = readCartRef(context)
  if (!ref) throw redirect('/cart')
  // An earlier post of this form (a double click, a reload that posts again) may have placed the
  // order or be placing it: saving the payment again would be refused, so this post answers that
  // placement's outcome (the same key replays it; another waits for it).
  const order = await fetchOrder(context, ref)
  if (!placedOrBeingPaid(order)) {
    const refused = await savePayment(context, ref, order, {
      methodId,
      fields,
      values,
      shownTotal: fields.shown_total,
    })
    if (refused && !placedOrBeingPaid(await fetchOrder(context, ref))) return refused
  }

  const key = fields.idempotency_key || crypto.randomUUID()
  const placed = await placeOrder(context, ref, key)
  if (placed.state === 'complete') {
    keepPlacedOrder(context, ref)
    forgetCart(context)
    throw redirect(`/order/confirmation?number=${ref.number}`)
  }
  if (placed.state === 'payment' && placed.payments.at(-1)?.state === 'failed') {
    throw redirect(`/order/failed?number=${ref.number}`)
  }
  return { step: 'payment', error: placed.error, status: placed.status, values } satisfies CheckoutResult
}

/** Whether the order is placed, or a placement of it is waiting for its payment's outcome. */
const placedOrBeingPaid = (order: Pick<OrderJson, 'state' | 'payments'>) =>
  order.state === 'complete' ||
  (order.state === 'confirm' && order.payments.some((payment) => payment.state === 'processing'))

/**
 * The pay form's method (and card) saved and the order moved to confirm; what refused it, if
 * anything. An order changed since the page showed it (a hold ran out, another tab changed the bag,
 * the coupon or the address) is not moved on: the shopper sees it as it is now before placing it.
 */
async function savePayment(
  context: AppLoadContext,
  ref: OrderRef,
  order: OrderJson,
  form: {
    methodId: number
    fields: Record<string, unknown>
    values: Record<string, string>
    shownTotal: string
  },
): Promise<CheckoutResult | null> {
  const { methodId, fields, values } = form
  const moved = (state: OrderState) =>
    stateIndex(state) < stateIndex('payment') ? { step: stepOf(state), error: ORDER_CHANGED_MESSAGE } : null
  const before = moved(order.state)
  if (before) return before
  const method = order.payment_methods.find((m) => m.id === methodId)
  if (!method) return { step: 'payment', error: 'Choose a payment method.' }

  let paymentSource: CheckoutUpdateBody['payment_source']
  if (method.method_type === 'credit_card') {
    const card = checkoutCardFormSchema.safeParse(fields)
    if (!card.success) {
      const fieldErrors = Object.fromEntries(
        card.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
      )
      return { step: 'payment', fieldErrors, values }
    }
    paymentSource = { [methodId]: card.data }
  }

  const saved = await withCart(context, 'payment', async (): Promise<CheckoutResult | null> => {
    const { data: chosen } = await saveCheckout(context, ref, {
      order: { payments_attributes: [{ payment_method_id: methodId }], terms_accepted: true },
      ...(paymentSource ? { payment_source: paymentSource } : {}),
    })
    const meanwhile = moved(chosen.state)
    if (meanwhile) return meanwhile
    const confirmed = await advanceTo(context, ref, 'confirm')
    if (form.shownTotal && confirmed.total !== form.shownTotal)
      return { step: 'payment', error: ORDER_CHANGED_MESSAGE, values }
    return null
  })
  return saved && { values, ...saved }
}

/**
 * `next` from confirm, which charges. While the same request is still being processed (a double
 * submit: 409), it waits for that one's outcome instead of placing again; a placement cancelled
 * (the order back at payment, ready to be placed again) is answered with its payment's reason.
 */
async function placeOrder(
  context: AppLoadContext,
  ref: OrderRef,
  key: string,
): Promise<Pick<OrderJson, 'state' | 'payments'> & Pick<CheckoutResult, 'error' | 'status'>> {
  try {
    return await next(context, ref, { 'Idempotency-Key': key })
  } catch (error) {
    const refused = formError(error)
    if (refused.statusCode !== 409) {
      const order = await fetchOrder(context, ref).catch(() => null)
      return {
        state: order?.state ?? 'payment',
        payments: order?.payments ?? [],
        error: refused.message,
        status: refused.statusCode,
      }
    }
  }
  for (let attempt = 0; attempt < 20; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    const order = await fetchOrder(context, ref)
    if (order.state === 'payment') {
      const failed = order.payments.findLast((payment) => payment.state === 'failed')
      return { ...order, error: failed?.failure_reason ?? undefined }
    }
    if (order.state !== 'confirm') return order
  }
  return {
    state: 'confirm',
    payments: [],
    error: 'Your order is still being placed. Check your e-mail in a moment.',
  }
}
