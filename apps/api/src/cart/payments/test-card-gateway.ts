/**
 * The built-in card gateway for a shop that has no payment provider yet: it behaves like a
 * provider's test mode. 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined; any
 * other number is refused, so no real card is ever typed into a shop that cannot charge it.
 * Like a provider it remembers every charge by its idempotency key, in the shop's database (several
 * instances of the shop share it), so a key charges once, can be looked up, and can be voided; and
 * it refunds a paid charge in parts, once per refund key, never more than the charge took.
 */
import { cardBrand, isCardExpired, TEST_CARD_APPROVED, TEST_CARD_DECLINED } from '@fanshop/core'
import type { Kysely, Selectable } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { unprocessable } from '../../http/errors.ts'
import type { TestCardChargesTable } from '../tables.ts'
import type { ChargeResult, PaymentGateway } from './gateway.ts'

const APPROVED_TOKEN = 'test_card_approved'
const DECLINED_TOKEN = 'test_card_declined'

export const DECLINED_REASON = 'Your card was declined. Try another card or pay by bank transfer.'
export const VOIDED_REASON = 'This payment was cancelled and nothing was charged.'
export const REFUND_OVER_CHARGE = 'The refunds of this payment would add up to more than it took.'
export const REFUND_NO_CHARGE = 'There is no paid charge to refund.'

const resultOf = (charge: Selectable<TestCardChargesTable>): ChargeResult =>
  charge.outcome === 'paid'
    ? { outcome: 'paid' }
    : { outcome: 'declined', reason: charge.outcome === 'voided' ? VOIDED_REASON : DECLINED_REASON }

export const testCardGateway = (db: Kysely<Database>): PaymentGateway => ({
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

  async charge({ amount, token, idempotencyKey }) {
    await db
      .insertInto('test_card_charges')
      .values({
        idempotency_key: idempotencyKey,
        amount,
        outcome: token === APPROVED_TOKEN ? 'paid' : 'declined',
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute()
    const charge = await db
      .selectFrom('test_card_charges')
      .selectAll()
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirstOrThrow()
    return resultOf(charge)
  },

  async lookup(idempotencyKey) {
    const charge = await db
      .selectFrom('test_card_charges')
      .selectAll()
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst()
    return charge ? resultOf(charge) : null
  },

  async void(idempotencyKey) {
    await db
      .insertInto('test_card_charges')
      .values({ idempotency_key: idempotencyKey, amount: 0, outcome: 'voided' })
      .onConflict((oc) => oc.column('idempotency_key').doUpdateSet({ outcome: 'voided' }))
      .execute()
  },

  async refund(idempotencyKey, amount, chargeKey) {
    return db.transaction().execute(async (trx) => {
      const done = await trx
        .selectFrom('test_card_refunds')
        .select('idempotency_key')
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst()
      if (done) return { outcome: 'refunded' as const }
      const charge = await trx
        .selectFrom('test_card_charges')
        .selectAll()
        .where('idempotency_key', '=', chargeKey)
        .executeTakeFirst()
      if (charge?.outcome !== 'paid') return { outcome: 'refused' as const, reason: REFUND_NO_CHARGE }
      const refunded = await trx
        .selectFrom('test_card_refunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), eb.lit(0)).as('total'))
        .where('charge_key', '=', chargeKey)
        .executeTakeFirstOrThrow()
      if (Number(refunded.total) + amount > charge.amount) {
        return { outcome: 'refused' as const, reason: REFUND_OVER_CHARGE }
      }
      await trx
        .insertInto('test_card_refunds')
        .values({ idempotency_key: idempotencyKey, charge_key: chargeKey, amount })
        .execute()
      return { outcome: 'refunded' as const }
    })
  },
})
