/**
 * Card details as the checkout form takes them, and the built-in test gateway's two cards:
 * 4242 4242 4242 4242 is always approved and 4000 0000 0000 0002 is always declined
 * (the numbers payment providers use for their own test modes).
 */
import { z } from 'zod'
import { text, wholeNumber } from '../input.ts'

export const TEST_CARD_APPROVED = '4242424242424242'
export const TEST_CARD_DECLINED = '4000000000000002'

/** The digits of a card number as typed with spaces or dashes. */
export const cardDigits = (number: string): string => number.replace(/[\s-]/g, '')

/** The Luhn checksum every real card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

type CardBrand = 'visa' | 'mastercard' | 'amex' | 'card'

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard'
  if (/^3[47]/.test(digits)) return 'amex'
  return 'card'
}

/** A card is valid through the last day of its expiry month. */
export function isCardExpired(month: number, year: number, now: number): boolean {
  return Date.UTC(year, month, 1) <= now
}

/** Spree's `payment_source[<method id>]`: what the shopper types for a card payment. */
export const cardSourceSchema = z.object({
  name: text()
    .trim()
    .min(2, 'Enter the name on the card.')
    .max(100, 'Enter the name on the card in at most 100 characters.'),
  number: text()
    .max(40, 'Enter a valid card number.')
    .transform(cardDigits)
    .refine(passesLuhn, 'Enter a valid card number.'),
  month: wholeNumber(z.number().int().min(1, 'Choose the expiry month.').max(12, 'Choose the expiry month.')),
  year: wholeNumber(
    z.number().int().min(2000, 'Choose the expiry year.').max(2100, 'Choose the expiry year.'),
  ),
  verification_value: text().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code.'),
})
export type CardSource = z.infer<typeof cardSourceSchema>
