import { describe, expect, it } from 'vitest'
import {
  cardBrand,
  cardDigits,
  cardSourceSchema,
  isCardExpired,
  passesLuhn,
  TEST_CARD_APPROVED,
  TEST_CARD_DECLINED,
} from './card.ts'

describe('card numbers', () => {
  it('accepts the test cards and refuses a typo', () => {
    expect(passesLuhn(TEST_CARD_APPROVED)).toBe(true)
    expect(passesLuhn(TEST_CARD_DECLINED)).toBe(true)
    expect(passesLuhn('4242424242424241')).toBe(false)
    expect(passesLuhn('42')).toBe(false)
  })

  it('reads numbers typed with spaces or dashes', () => {
    expect(cardDigits('4242 4242-4242 4242')).toBe(TEST_CARD_APPROVED)
  })

  it('names the brand from the first digits', () => {
    expect(cardBrand('4242424242424242')).toBe('visa')
    expect(cardBrand('5555555555554444')).toBe('mastercard')
    expect(cardBrand('378282246310005')).toBe('amex')
    expect(cardBrand('6011111111111117')).toBe('card')
  })
})

describe('isCardExpired', () => {
  it('keeps a card valid through its expiry month', () => {
    expect(isCardExpired(11, 2026, Date.UTC(2026, 10, 30, 23))).toBe(false)
    expect(isCardExpired(11, 2026, Date.UTC(2026, 11, 1))).toBe(true)
  })
})

describe('cardSourceSchema', () => {
  it('parses what the form sends', () => {
    const card = cardSourceSchema.parse({
      name: 'Ana García',
      number: '4242 4242 4242 4242',
      month: '12',
      year: '2030',
      verification_value: '123',
    })
    expect(card).toEqual({
      name: 'Ana García',
      number: TEST_CARD_APPROVED,
      month: 12,
      year: 2030,
      verification_value: '123',
    })
  })

  it('explains what is wrong', () => {
    const result = cardSourceSchema.safeParse({
      name: 'A',
      number: '1234',
      month: 13,
      year: 2030,
      verification_value: '12',
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Enter the name on the card.',
      'Enter a valid card number.',
      'Choose the expiry month.',
      'Enter the 3 or 4 digit security code.',
    ])
  })
})
