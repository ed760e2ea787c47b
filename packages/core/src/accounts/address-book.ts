/**
 * A customer's address book (issue 9: a logged-in customer's checkout is filled from it): the
 * addresses they keep, edited in /profile and filled from the addresses of their past orders.
 * One schema for the profile's form and the API; the phone and postcode are checked for the
 * country by the same rule as the checkout (cart/address-format.ts), in the form at their fields.
 */
import { z } from 'zod'
import { type AddressCountry, addAddressIssues } from '../cart/address-format.ts'
import { evenWithOtherIssues, idParam, plainLine, text } from '../input.ts'

const oneLine = (label: string, schema: z.ZodString) =>
  plainLine(schema, (problem) => `The ${label} ${problem}.`)

const required = (label: string, max: number) =>
  oneLine(
    label,
    text({ error: `Enter the ${label}.` })
      .trim()
      .min(1, `Enter the ${label}.`)
      .max(max, `The ${label} can be at most ${max} characters.`),
  )

/** How many addresses one book keeps: plenty for a fan, and a bound on what one account stores. */
export const ADDRESS_BOOK_LIMIT = 20

/** What adding to a full book answers (422), and what the page says instead of its form. */
export const ADDRESS_BOOK_FULL_MESSAGE = `Your address book is full: it keeps up to ${ADDRESS_BOOK_LIMIT} addresses. Remove one to add another.`

export const savedAddressInputSchema = z.object({
  firstname: required('first name', 100),
  lastname: required('last name', 100),
  address1: required('street and number', 200),
  address2: oneLine(
    'flat, floor and door',
    text().trim().max(200, 'The flat, floor and door can be at most 200 characters.'),
  ).optional(),
  zipcode: required('postcode', 20),
  city: required('city', 100),
  country_id: idParam('Choose a country.'),
  state_id: idParam().nullish(),
  phone: required('phone number', 40),
})
export type SavedAddressInput = z.infer<typeof savedAddressInputSchema>

/**
 * The profile's address form: the input's rules, and the phone, the postcode and the state for the
 * country it picks among `countries` (the shop's list; `states`, when known, that country's), each
 * message at its field. The API checks the same rule against its own countries and answers a
 * refusal as one message. They are said beside the other fields' (an empty city), in one answer.
 */
export const savedAddressFormSchema = (
  countries: readonly (AddressCountry & { id: number })[],
  states?: readonly { id: number }[],
) =>
  savedAddressInputSchema.superRefine(
    (address, context) => addAddressIssues(address, countries, context, states),
    evenWithOtherIssues('country_id', 'state_id'),
  )

export const savedAddressJsonSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  address1: z.string(),
  address2: z.string(),
  zipcode: z.string(),
  city: z.string(),
  country_id: z.number().int(),
  state_id: z.number().int().nullable(),
  phone: z.string(),
  /** "Ana García, Calle Mayor 1, 28013 Madrid, Spain": the address on one line. */
  label: z.string(),
})
export type SavedAddressJson = z.infer<typeof savedAddressJsonSchema>

export const addressBookJsonSchema = z.object({ addresses: z.array(savedAddressJsonSchema) })
