import { describe, expect, it } from 'vitest'
import { savedAddressFormSchema } from './address-book.ts'

const SPAIN = { id: 7, iso: 'ES', name: 'Spain', states_required: true }
const PORTUGAL = { id: 8, iso: 'PT', name: 'Portugal', states_required: false }

const address = {
  firstname: 'Ana',
  lastname: 'García',
  address1: 'Calle Mayor 1',
  zipcode: '28013',
  city: 'Madrid',
  phone: '612 345 678',
  country_id: 7,
  state_id: 31,
}

const issues = (form: Record<string, unknown>, states?: { id: number }[]) =>
  savedAddressFormSchema([SPAIN, PORTUGAL], states)
    .safeParse(form)
    .error?.issues.map((issue) => [issue.path[0], issue.message])

describe("the address book's form", () => {
  it("asks for a state of the country where it has them, at the state's field", () => {
    expect(issues(address, [{ id: 31 }])).toBeUndefined()
    expect(issues({ ...address, state_id: null })).toEqual([
      ['state_id', 'Choose a state or province of Spain.'],
    ])
    expect(issues({ ...address, state_id: 99 }, [{ id: 31 }])).toEqual([
      ['state_id', 'Choose a state or province of Spain.'],
    ])
  })

  it('needs no state where the country has none', () => {
    expect(
      issues({ ...address, zipcode: '1000-001', phone: '+351 912 345 678', country_id: 8, state_id: null }),
    ).toBeUndefined()
  })

  it("says the phone's, postcode's and state's problems while another field is still missing", () => {
    // A form read as posted (Conform's coercion): an empty city is a missing one.
    const { city: _missing, ...withoutCity } = address
    expect(
      issues({ ...withoutCity, phone: 'call me maybe', zipcode: 'ZZZZZZZZZZ', state_id: undefined }),
    ).toEqual([
      ['city', 'Enter the city.'],
      ['phone', 'Enter a phone number we can call, such as +34 612 345 678.'],
      ['zipcode', 'Enter a valid postcode for Spain.'],
      ['state_id', 'Choose a state or province of Spain.'],
    ])
  })

  it('says nothing of the phone or postcode while the country itself is not read, and takes no list for a line', () => {
    expect(issues({ ...address, country_id: 'Spain', phone: '612 345 678' })).toEqual([
      ['country_id', 'Choose a country.'],
    ])
    expect(issues({ ...address, phone: ['612 345 678', 'call me'], zipcode: ['28013'] })).toEqual([
      ['zipcode', 'Enter the postcode.'],
      ['phone', 'Enter the phone number.'],
    ])
  })
})
