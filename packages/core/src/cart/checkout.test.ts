import { describe, expect, it } from 'vitest'
import {
  addressInputSchema,
  CHECKOUT_STEPS,
  isPast,
  listInWords,
  missingAddressFields,
  nextState,
} from './checkout.ts'

describe('checkout states', () => {
  it('moves cart → address → delivery → payment → confirm → complete', () => {
    expect(nextState('cart')).toBe('address')
    expect(nextState('address')).toBe('delivery')
    expect(nextState('delivery')).toBe('payment')
    expect(nextState('payment')).toBe('confirm')
    expect(nextState('confirm')).toBe('complete')
    expect(nextState('complete')).toBeNull()
  })

  it('lists the checkout steps after the cart', () => {
    expect(CHECKOUT_STEPS).toEqual(['address', 'delivery', 'payment', 'confirm', 'complete'])
  })

  it('knows which steps an order has passed', () => {
    expect(isPast('payment', 'address')).toBe(true)
    expect(isPast('address', 'address')).toBe(false)
    expect(isPast('cart', 'delivery')).toBe(false)
  })
})

describe('missingAddressFields', () => {
  const complete = {
    firstname: 'Ana',
    lastname: 'García',
    address1: 'Calle Mayor 1',
    city: 'Madrid',
    zipcode: '28013',
    phone: '+34 600 000 000',
    country_id: 1,
    state_id: 7,
  }

  it('is empty for a complete address', () => {
    expect(missingAddressFields(complete, { statesRequired: true })).toEqual([])
  })

  it('names every empty field in words', () => {
    expect(
      missingAddressFields({ ...complete, firstname: '', city: undefined }, { statesRequired: false }),
    ).toEqual(['first name', 'city'])
  })

  it('asks for a state only where the country has states', () => {
    const noState = { ...complete, state_id: null }
    expect(missingAddressFields(noState, { statesRequired: true })).toEqual(['state or province'])
    expect(missingAddressFields(noState, { statesRequired: false })).toEqual([])
  })

  it('lists everything for a missing address', () => {
    expect(missingAddressFields(null, { statesRequired: false })).toHaveLength(7)
  })

  it('trims what the shopper typed', () => {
    expect(addressInputSchema.parse({ city: '  Madrid ' }).city).toBe('Madrid')
  })
})

describe('listInWords', () => {
  it('joins with commas and a final "and"', () => {
    expect(listInWords(['first name'])).toBe('first name')
    expect(listInWords(['first name', 'city'])).toBe('first name and city')
    expect(listInWords(['a', 'b', 'c'])).toBe('a, b and c')
  })
})
