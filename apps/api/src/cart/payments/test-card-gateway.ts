/**
 * The built-in card gateway for a shop that has no payment provider yet: it behaves like a
 * provider's test mode. 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined; any
 * other number is refused, so no real card is ever typed into a shop that cannot charge it.
 */
import { cardBrand, isCardExpired, TEST_CARD_APPROVED, TEST_CARD_DECLINED } from '@fanshop/core'
import { unprocessable } from '../../http/errors.ts'
import type { PaymentGateway } from './gateway.ts'

const APPROVED_TOKEN = 'test_card_approved'
const DECLINED_TOKEN = 'test_card_declined'

export const DECLINED_REASON = 'Your card was declined. Try another card or pay by bank transfer.'

export const testCardGateway: PaymentGateway = {
  methodType: 'credit_card',

  async prepare(source, now) {
    if (!source) throw unprocessable('Enter your card details.')
    if (isCardExpired(source.month, source.year, now)) throw unprocessable('Your card has expired.')
    const token =
      source.number === TEST_CARD_APPROVED
        ? APPROVED_TOKEN
        : source.number === TEST_CARD_DECLINED
          ? DECLINED_TOKEN
          : null
    if (!token) {
      throw unprocessable(
        'This shop takes test payments only: use 4242 4242 4242 4242 (approved) or 4000 0000 0000 0002 (declined).',
      )
    }
    return {
      token,
      card: {
        brand: cardBrand(source.number),
        last4: source.number.slice(-4),
        month: source.month,
        year: source.year,
        name: source.name,
      },
    }
  },

  async charge({ token }) {
    return token === APPROVED_TOKEN ? { outcome: 'paid' } : { outcome: 'declined', reason: DECLINED_REASON }
  },
}
