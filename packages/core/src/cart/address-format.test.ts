import { describe, expect, it } from 'vitest'
import { addressFormatErrors, PHONE_FORMAT_MESSAGE, stateProblem } from './address-format.ts'

const spain = { iso: 'ES', name: 'Spain' }
const unitedKingdom = { iso: 'GB', name: 'United Kingdom' }

describe('address formats', () => {
  it('takes real Spanish numbers and postcodes, national or international', () => {
    expect(addressFormatErrors({ phone: '612 345 678', zipcode: '28013' }, spain)).toEqual({})
    expect(addressFormatErrors({ phone: '+34 600 000 000', zipcode: '08001' }, spain)).toEqual({})
    expect(addressFormatErrors({ phone: '+44 20 7946 0958', zipcode: 'SW1A 1AA' }, unitedKingdom)).toEqual({})
  })

  it('refuses words for a phone and a postcode that is not of the country', () => {
    expect(addressFormatErrors({ phone: 'call me maybe', zipcode: 'ZZZZZZZZZZ' }, spain)).toEqual({
      phone: PHONE_FORMAT_MESSAGE,
      zipcode: 'Enter a valid postcode for Spain.',
    })
    expect(addressFormatErrors({ zipcode: '28013' }, unitedKingdom)).toEqual({
      zipcode: 'Enter a valid postcode for United Kingdom.',
    })
  })

  it('leaves empty fields to the completeness check, and a country without postcodes alone', () => {
    expect(addressFormatErrors({ phone: '', zipcode: '' }, spain)).toEqual({})
    expect(addressFormatErrors({ zipcode: 'anything' }, null)).toEqual({})
    expect(addressFormatErrors({ zipcode: '999077' }, { iso: 'HK', name: 'Hong Kong' })).toEqual({})
  })

  it('needs the international form when the country is not known', () => {
    expect(addressFormatErrors({ phone: '+34 612 345 678' }, null)).toEqual({})
    expect(addressFormatErrors({ phone: '612 345 678' }, null)).toEqual({ phone: PHONE_FORMAT_MESSAGE })
  })

  it("asks for one of the country's states where it has them, and for none elsewhere", () => {
    const canada = { name: 'Canada', states_required: true }
    const missing = 'Choose a state or province of Canada.'
    expect(stateProblem(canada, null)).toBe(missing)
    expect(stateProblem(canada, 0)).toBe(missing)
    // Its states known: one of them, and no other country's (Madrid's id after a change from Spain).
    expect(stateProblem(canada, 31, [{ id: 60 }, { id: 61 }])).toBe(missing)
    expect(stateProblem(canada, 31, [])).toBe(missing)
    expect(stateProblem(canada, 61, [{ id: 60 }, { id: 61 }])).toBeUndefined()
    // Not known (a form checked in the browser): any state will do until the API checks it.
    expect(stateProblem(canada, 31)).toBeUndefined()
    // SQLite's flag reads 0/1; a country without states needs none, whatever is sent.
    expect(stateProblem({ name: 'Canada', states_required: 1 }, null)).toBe(missing)
    expect(stateProblem({ name: 'Spain', states_required: 0 }, 31, [])).toBeUndefined()
    expect(stateProblem({ name: 'Hong Kong' }, null)).toBeUndefined()
  })
})
