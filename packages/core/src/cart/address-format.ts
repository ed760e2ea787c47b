/**
 * Whether an address's phone number and postcode could be real for its country (issue 9: the
 * checkout took 'call me maybe' and a Spanish postcode 'ZZZZZZZZZZ'), and whether it names a state
 * where its country has them. One rule for the checkout form, the address book's and the store
 * API: phone numbers by libphonenumber-js, postcodes by postcode-validator's per-country patterns.
 * Empty values are left to the completeness check (missingAddressFields).
 */
import { isValidPhoneNumber } from 'libphonenumber-js'
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator'
import type { z } from 'zod'

export interface AddressCountry {
  /** ISO 3166-1 alpha-2 code, as the countries list has it ("ES"). */
  iso: string
  name: string
  /** Whether an address there names one of its states (the countries list's flag); absent: not known. */
  states_required?: boolean
}

type AddressFormatField = 'zipcode' | 'phone'

export const PHONE_FORMAT_MESSAGE = 'Enter a phone number we can call, such as +34 612 345 678.'
const postcodeFormatMessage = (country: Pick<AddressCountry, 'name'>) =>
  `Enter a valid postcode for ${country.name}.`

/** The phone and postcode problems of an address, by field ({} when none). */
export function addressFormatErrors(
  address: { zipcode?: string | null; phone?: string | null },
  country: Pick<AddressCountry, 'iso' | 'name'> | null,
): Partial<Record<AddressFormatField, string>> {
  const errors: Partial<Record<AddressFormatField, string>> = {}
  const phone = address.phone?.trim()
  if (phone && !isPhoneNumber(phone, country?.iso)) errors.phone = PHONE_FORMAT_MESSAGE
  const zipcode = address.zipcode?.trim()
  if (
    zipcode &&
    country &&
    postcodeValidatorExistsForCountry(country.iso) &&
    !postcodeValidator(zipcode, country.iso)
  )
    errors.zipcode = postcodeFormatMessage(country)
  return errors
}

/**
 * What is wrong with an address's state, if anything: in a country with states (`states_required`,
 * a flag or SQLite's 0/1), none named or, when `states` lists that country's, not one of them (a
 * state of another country, such as the one chosen before, sent by a form that could not change
 * its list without JavaScript). One rule for the forms and the API's address book.
 */
export function stateProblem(
  country: Pick<AddressCountry, 'name'> & { states_required?: boolean | number | null },
  stateId: number | null | undefined,
  states?: readonly { id: number }[],
): string | undefined {
  if (!country.states_required) return undefined
  if (stateId && (!states || states.some((state) => state.id === stateId))) return undefined
  return `Choose a state or province of ${country.name}.`
}

/**
 * The same problems as a form schema's issues at their fields (a superRefine step), the country
 * the one of `countries` (the shop's list) that the form's country_id names, and its state's
 * problem (stateProblem) with `states` as that country's when given. A step that runs beside the
 * fields' own rules (evenWithOtherIssues) may meet a postcode or phone as posted: only text is read.
 */
export function addAddressIssues(
  form: {
    zipcode?: string | null
    phone?: string | null
    country_id?: number | null
    state_id?: number | null
  },
  countries: readonly (AddressCountry & { id: number })[],
  context: z.RefinementCtx,
  states?: readonly { id: number }[],
): void {
  const country = countries.find((each) => each.id === form.country_id) ?? null
  const lines = { zipcode: wellFormed(form.zipcode), phone: wellFormed(form.phone) }
  for (const [field, message] of Object.entries(addressFormatErrors(lines, country)))
    context.addIssue({ code: 'custom', path: [field], message })
  const state = country && stateProblem(country, form.state_id, states)
  if (state) context.addIssue({ code: 'custom', path: ['state_id'], message: state })
}

/** A line as posted, or nothing when it is not text (a field posted twice, which its own rule refuses). */
const wellFormed = (value: unknown) => (typeof value === 'string' ? value : undefined)

/** A number in the country's own format or in international form (+…); any country's with a +. */
function isPhoneNumber(phone: string, iso: string | undefined): boolean {
  try {
    return isValidPhoneNumber(phone, iso as Parameters<typeof isValidPhoneNumber>[1])
  } catch {
    return false
  }
}
