/**
 * The one interface every way of paying implements, so a real provider plugs in beside the built-in
 * ones: `prepare` turns what the shopper typed into a reusable token (a card number is never
 * stored), `charge` takes the money once per idempotency key.
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
}
