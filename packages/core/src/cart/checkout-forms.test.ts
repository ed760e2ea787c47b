import { describe, expect, it } from 'vitest'
import { PHONE_FORMAT_MESSAGE, stateProblem } from './address-format.ts'
import {
  checkoutAddressFormSchema,
  checkoutCardFormSchema,
  checkoutDeliveryFormSchema,
} from './checkout-forms.ts'

const SPAIN = { id: 7, iso: 'ES', name: 'Spain' }

const address = {
  email: ' ana@example.com ',
  firstname: 'Ana',
  lastname: 'García',
  address1: 'Calle Mayor 1',
  city: 'Madrid',
  zipcode: '28013',
  phone: '612 345 678',
  country_id: '7',
  state_id: '',
}

describe('the checkout forms', () => {
  it('read the address form trimmed, ids as numbers or null, a missing field as empty', () => {
    expect(checkoutAddressFormSchema([SPAIN]).parse(address)).toEqual({
      ...address,
      email: 'ana@example.com',
      address2: '',
      country_id: 7,
      state_id: null,
    })
  })

  it('check the e-mail, and the phone and postcode for the chosen country', () => {
    const result = checkoutAddressFormSchema([SPAIN]).safeParse({
      ...address,
      email: 'ana',
      zipcode: 'ZZZZZZZZZZ',
      phone: 'call me maybe',
    })
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['phone', PHONE_FORMAT_MESSAGE],
      ['zipcode', 'Enter a valid postcode for Spain.'],
      ['email', 'Enter a valid e-mail address.'],
    ])
  })

  it("ask for a state where the country has them, one of that country's when its states are known", () => {
    const unitedStates = { id: 9, iso: 'US', name: 'United States', states_required: true }
    const inUs = { ...address, zipcode: '10118', phone: '+1 212 736 3100', country_id: '9' }
    const stateIssues = (form: typeof address, states?: { id: number }[]) =>
      checkoutAddressFormSchema([SPAIN, unitedStates], states)
        .safeParse(form)
        .error?.issues.map((issue) => [issue.path[0], issue.message])
    const missing = [['state_id', 'Choose a state or province of United States.']]
    expect(stateProblem(unitedStates, null)).toBe(missing[0]![1])
    expect(stateIssues(inUs)).toEqual(missing)
    // Madrid's id, sent after the country was changed from Spain without its states being listed.
    expect(stateIssues({ ...inUs, state_id: '31' }, [{ id: 60 }, { id: 61 }])).toEqual(missing)
    expect(stateIssues({ ...inUs, state_id: '61' }, [{ id: 60 }, { id: 61 }])).toBeUndefined()
    // The states not known (the form as the browser checks it): any state will do, the API checks it.
    expect(stateIssues({ ...inUs, state_id: '31' })).toBeUndefined()
    // A country without states, or not known to have them, needs none.
    expect(stateIssues(address)).toBeUndefined()
  })

  it('take no shipping rate from anything but a positive whole number', () => {
    for (const value of ['', '0', '-3', '1.5', 'x', undefined])
      expect(checkoutDeliveryFormSchema.parse({ shipping_rate_id: value }).shipping_rate_id).toBeNull()
    expect(checkoutDeliveryFormSchema.parse({ shipping_rate_id: '12' }).shipping_rate_id).toBe(12)
  })

  it('name the card problems by the form fields and hand on the card as the API takes it', () => {
    const card = {
      card_name: 'Ana García',
      card_number: '4242 4242 4242 4242',
      card_month: '12',
      card_year: '2040',
    }
    expect(checkoutCardFormSchema.parse({ ...card, card_cvc: '123' })).toEqual({
      name: 'Ana García',
      number: '4242424242424242',
      month: 12,
      year: 2040,
      verification_value: '123',
    })
    const wrong = checkoutCardFormSchema.safeParse({ ...card, card_cvc: '1' })
    expect(wrong.error?.issues.map((issue) => issue.path[0])).toEqual(['card_cvc'])
  })
})
