/** The account API's request shapes answer every broken limit in the shop's own words. */
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { savedAddressInputSchema } from './address-book.ts'
import { customerUpdateSchema, facebookLoginSchema, loginRequestSchema } from './shapes.ts'
import { ACCOUNT_MESSAGES as M } from './validation.ts'

/** The messages zod reports for one field, in order. */
function messagesFor(schema: z.ZodType, value: unknown, field: string): string[] {
  const result = schema.safeParse(value)
  if (result.success) return []
  return result.error.issues.filter((issue) => issue.path.join('.') === field).map((issue) => issue.message)
}

describe('login token request (spec 7)', () => {
  it('asks for a missing or empty username and password', () => {
    expect(messagesFor(loginRequestSchema, { password: 'x' }, 'username')).toEqual([M.required])
    expect(messagesFor(loginRequestSchema, { username: ' ', password: 'x' }, 'username')).toEqual([
      M.required,
    ])
    expect(messagesFor(loginRequestSchema, { username: 'a@bc.de', password: '' }, 'password')).toEqual([
      M.required,
    ])
  })
  it('says an over-long username or password is too long', () => {
    const tooLong = { username: `${'a'.repeat(250)}@b.cd`, password: 'p'.repeat(1025) }
    expect(messagesFor(loginRequestSchema, tooLong, 'username')).toEqual([M.tooLong])
    expect(messagesFor(loginRequestSchema, tooLong, 'password')).toEqual([M.tooLong])
  })
})

describe('Facebook login', () => {
  it('says a missing access token is missing', () => {
    expect(messagesFor(facebookLoginSchema, {}, 'access_token')).toEqual([
      'The Facebook access token is missing.',
    ])
  })
  it('says an over-long access token is none', () => {
    expect(messagesFor(facebookLoginSchema, { access_token: 't'.repeat(4097) }, 'access_token')).toEqual([
      'The Facebook access token is too long to be one.',
    ])
  })
})

describe('customer update', () => {
  const update = customerUpdateSchema(2026)
  it('says an over-long metadata value is too long', () => {
    const body = { meta_data: [{ key: 'phone', value: '1'.repeat(101) }] }
    expect(messagesFor(update, body, 'meta_data.0.value')).toEqual([M.tooLong])
  })
  it('takes at most one entry per metadata key', () => {
    const body = { meta_data: ['gender', 'birthday', 'phone', 'phone'].map((key) => ({ key, value: '' })) }
    expect(messagesFor(update, body, 'meta_data')).toEqual(['must hold at most 3 entries, one per key'])
  })
  it('refuses a key given twice, which would leave its value to the order of the entries', () => {
    const body = {
      meta_data: [
        { key: 'gender', value: 'Male' },
        { key: 'gender', value: 'Female' },
      ],
    }
    expect(messagesFor(update, body, 'meta_data')).toEqual([
      'must hold one entry per key: a key given twice leaves its value in doubt',
    ])
  })
})

describe('address book', () => {
  const address = {
    firstname: 'Ana',
    lastname: 'López',
    address1: 'Calle Mayor 1',
    zipcode: '28013',
    city: 'Madrid',
    country_id: 1,
    phone: '+34 600 123 456',
  }
  it('says which field is over-long and by how much it may be', () => {
    expect(messagesFor(savedAddressInputSchema, { ...address, city: 'c'.repeat(101) }, 'city')).toEqual([
      'The city can be at most 100 characters.',
    ])
    expect(
      messagesFor(savedAddressInputSchema, { ...address, address2: 'f'.repeat(201) }, 'address2'),
    ).toEqual(['The flat, floor and door can be at most 200 characters.'])
  })
  it('keeps each field on one line, as the order e-mails print it', () => {
    expect(
      messagesFor(savedAddressInputSchema, { ...address, address1: 'Calle Mayor 1\nPay at' }, 'address1'),
    ).toEqual(['The street and number must fit on one line.'])
    expect(
      messagesFor(savedAddressInputSchema, { ...address, address2: '3º\r\nPay the courier' }, 'address2'),
    ).toEqual(['The flat, floor and door must fit on one line.'])
  })
  it('refuses direction controls, which would make a packing slip show another address', () => {
    expect(messagesFor(savedAddressInputSchema, { ...address, city: 'Madrid\u202E' }, 'city')).toEqual([
      'The city must not contain invisible text direction characters.',
    ])
    expect(
      messagesFor(savedAddressInputSchema, { ...address, address2: '\u2067B\u2069' }, 'address2'),
    ).toEqual(['The flat, floor and door must not contain invisible text direction characters.'])
  })
})
