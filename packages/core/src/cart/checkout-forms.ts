/**
 * The checkout's three forms as the storefront reads them from a post (spec 4): every text field
 * trimmed (a missing one is ''), ids as positive whole numbers or null. The address form also
 * carries the rules of the address: the e-mail's (spec 8) and the phone and postcode for the
 * chosen country (issue 9). The storefront parses posts with these; the store API checks the
 * saved order with its own request schemas.
 */
import { z } from 'zod'
import { type AddressCountry, addAddressIssues } from './address-format.ts'
import { cardSourceSchema } from './card.ts'
import { checkoutEmailSchema, idempotencyKeySchema } from './schemas.ts'

/** A text field of a checkout form, trimmed; '' when the post lacks it. */
const formText = z
  .string()
  .optional()
  .transform((value) => value?.trim() ?? '')

/** A chosen id (country, state, shipping rate, payment method), or null when none was chosen. */
const formId = z
  .string()
  .optional()
  .transform((value) => {
    const id = Number(value)
    return Number.isInteger(id) && id > 0 ? id : null
  })

/** The address form's text fields, also the address's own. */
export const ADDRESS_TEXT_FIELDS = [
  'firstname',
  'lastname',
  'address1',
  'address2',
  'city',
  'zipcode',
  'phone',
] as const

/**
 * Step 1: e-mail and the delivery address; `countries` are the ones the shop delivers to, `states`
 * (when known) those of the country the form names.
 */
export function checkoutAddressFormSchema(
  countries: readonly (AddressCountry & { id: number })[],
  states?: readonly { id: number }[],
) {
  return z
    .object({
      email: formText,
      firstname: formText,
      lastname: formText,
      address1: formText,
      address2: formText,
      city: formText,
      zipcode: formText,
      phone: formText,
      country_id: formId,
      state_id: formId,
    })
    .superRefine((form, context) => {
      addAddressIssues(form, countries, context, states)
      const email = checkoutEmailSchema.safeParse(form.email)
      if (!email.success)
        context.addIssue({ code: 'custom', path: ['email'], message: email.error.issues[0]?.message ?? '' })
    })
}

/** Step 2: the shipping rate. */
export const checkoutDeliveryFormSchema = z.object({ shipping_rate_id: formId })

/** What the pay step says of a retry key that breaks the key's rule: no page drew that form. */
const PAYMENT_FORM_EXPIRED_MESSAGE = 'This payment form has expired: reload the page and pay again.'

/**
 * Step 3: the payment method, the terms box ('on' when ticked), the card's fields, the retry key
 * the page drew (the placement's Idempotency-Key, so held to its rule; '' when the post lacks it)
 * and the total the page showed (what "Place order" agrees to pay; '' when the post lacks it).
 */
export const checkoutPaymentFormSchema = z.object({
  payment_method_id: formId,
  terms_accepted: formText,
  card_name: formText,
  card_number: formText,
  card_month: formText,
  card_year: formText,
  card_cvc: formText,
  idempotency_key: formText.refine(
    (key) => key === '' || idempotencyKeySchema.safeParse(key).success,
    PAYMENT_FORM_EXPIRED_MESSAGE,
  ),
  shown_total: formText,
})

/** The card's fields of the payment form, checked by the card's rules, named as the form names them. */
export const checkoutCardFormSchema = z
  .object({
    card_name: cardSourceSchema.shape.name,
    card_number: cardSourceSchema.shape.number,
    card_month: cardSourceSchema.shape.month,
    card_year: cardSourceSchema.shape.year,
    card_cvc: cardSourceSchema.shape.verification_value,
  })
  .transform(
    (card): z.output<typeof cardSourceSchema> => ({
      name: card.card_name,
      number: card.card_number,
      month: card.card_month,
      year: card.card_year,
      verification_value: card.card_cvc,
    }),
  )
