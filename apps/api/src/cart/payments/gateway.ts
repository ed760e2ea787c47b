/**
 * The one interface every way of paying implements, so a real provider plugs in beside the built-in
 * ones: `prepare` turns what the shopper typed into a reusable token (a card number is never
 * stored), `charge` takes the money once per idempotency key, `refund` gives some of it back once
 * per refund key.
 */
import type { CardSource, PaymentMethodType } from '@fanshop/core'

/** What is kept about a payment source: a gateway token and what a receipt may show. */
export interface PreparedSource {
  token: string | null
  card: { brand: string; last4: string; month: number; year: number; name: string } | null
}

export type ChargeResult =
  /** The money is taken. */
  | { outcome: 'paid' }
  /** The order stands, the money arrives later (bank transfer). */
  | { outcome: 'pending' }
  | { outcome: 'declined'; reason: string }

export type RefundResult =
  /** The money is on its way back to the customer. */
  { outcome: 'refunded' } | { outcome: 'refused'; reason: string }

export interface PaymentGateway {
  readonly methodType: PaymentMethodType
  /** Validates and tokenises the source; throws HttpError 422 with a shopper-readable reason. */
  prepare(source: CardSource | undefined, now: number): Promise<PreparedSource>
  /** Charges `amount` cents. The same idempotency key never charges twice. */
  charge(input: {
    amount: number
    currency: 'EUR'
    token: string | null
    idempotencyKey: string
  }): Promise<ChargeResult>
  /** What the gateway did with this key (asked when a request crashed mid-payment); null: no charge. */
  lookup(idempotencyKey: string): Promise<ChargeResult | null>
  /** Cancels (or refunds) the charge made with this key; a later charge with the key is refused. */
  void(idempotencyKey: string): Promise<void>
  /**
   * Refunds `amount` cents of the charge made with `chargeKey`. The same idempotency key never
   * refunds twice (asking again answers what the first time did); the refunds of one charge never
   * add up to more than it took.
   */
  refund(idempotencyKey: string, amount: number, chargeKey: string): Promise<RefundResult>
}
