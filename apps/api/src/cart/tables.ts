/**
 * The cart domain's data: carts and orders (one `orders` row from first add to completion, as in
 * Spree), their lines, payments, and the reference data the checkout needs: countries and states,
 * shipping zones and methods, payment methods and coupons.
 *
 * Stock holds are rows of `holds`, one per add (each unit's own hour, spec 9); what they hold is
 * also counted on the product row (`products.stock_held`) so that taking stock is one conditional
 * write (cart/holds.ts, ADR 0006).
 */

import type { OrderEventKind, PaymentState, ShipmentState } from '@fanshop/core'
import type { Generated } from 'kysely'
import type { StockAlertsTable } from './back-in-stock.ts'

export interface CountriesTable {
  id: Generated<number>
  /** ISO 3166-1 alpha-2. */
  iso: string
  /** The ISO short name in capitals, as Spree sends it. */
  iso_name: string
  name: string
  /** 1 when an address in this country must name one of its states (spec: country and state selects). */
  states_required: number
}

export interface StatesTable {
  id: Generated<number>
  country_id: number
  abbr: string
  name: string
}

/** WooCommerce's shipping zones; zone 0 is "Locations not covered by your other zones". */
export interface ShippingZonesTable {
  id: Generated<number>
  name: string
  zone_order: number
}

export interface ShippingZoneCountriesTable {
  zone_id: number
  country_id: number
}

export interface ShippingMethodsTable {
  id: Generated<number>
  zone_id: number
  name: string
  /** Cents. */
  cost: number
  /** Cents; free from this subtotal on, or null. */
  free_above: number | null
  position: number
}

export interface PaymentMethodsTable {
  id: Generated<number>
  method_type: 'credit_card' | 'bank_transfer'
  name: string
  description: string
  position: number
  active: number
}

export interface CouponsTable {
  id: Generated<number>
  /** Stored in capitals; codes are matched without regard to case. */
  code: string
  type: 'percent'
  amount: number
  active: number
  /** The end of its validity window (exclusive), or null. */
  expires_at: number | null
  /** The start of its validity window, or null: valid from creation. */
  starts_at: number | null
  /** Uses over every order, or null: unlimited. */
  usage_limit: number | null
  /** Uses per account or guest e-mail, or null: unlimited. */
  per_customer_limit: number | null
  /** Orders placed (or being paid) with it: counted up at placement in one conditional write. */
  uses: Generated<number>
  created_at: number | null
}

export interface OrdersTable {
  id: Generated<number>
  number: string
  /** The guest's secret for this order (Spree's order_token). */
  token: string
  state: 'cart' | 'address' | 'delivery' | 'payment' | 'confirm' | 'complete'
  user_id: number | null
  email: string | null
  /** Totals in cents, recomputed from packages/core on every change and frozen on completion. */
  item_count: Generated<number>
  item_total: Generated<number>
  adjustment_total: Generated<number>
  ship_total: Generated<number>
  total: Generated<number>
  coupon_id: number | null
  shipping_method_id: number | null
  /** JSON of AddressInput, or null. */
  bill_address: string | null
  ship_address: string | null
  payment_state: PaymentState | null
  shipment_state: ShipmentState | null
  /** When the cart's earliest hold ends (each add holds for 1 hour); null when nothing is held. */
  hold_expires_at: number | null
  /** JSON list of { variant_id, name, quantity } that went back to the shelves when the hold expired. */
  expired_items: string
  /** JSON list of { variant_id, name, quantity } that a login's merge gave back over the per-fan cap. */
  capped_items: Generated<string>
  /** Set when order placement starts and cleared when the payment is declined or voided: while it
   *  is set the order cannot change and its holds do not expire (the payment is in flight). */
  frozen_at: number | null
  created_at: number
  updated_at: number
  completed_at: number | null
  /** The waiting-room ticket whose pass opened this cart; null when none did (launch/queue-gate.ts). */
  queue_ticket_id: number | null
  /** When that pass opened it: the cart stays admitted while the hold of that first add lives. */
  queue_admitted_at: number | null
  /** Set by the back office: when the parcel left, with whom and its tracking number. */
  shipped_at: number | null
  carrier: string | null
  tracking_number: string | null
  /** When staff cancelled the placed order. */
  canceled_at: number | null
  /** The mailbox (core's mailboxOf) the order was placed for: the per-fan cap (launch/fan-cap.ts)
   *  and a coupon's per-customer limit count by it; null before placement and once its customer
   *  is erased. */
  fan_mailbox: string | null
  /** Cents refunded so far (completed refunds). */
  refunded_total: Generated<number>
}

export interface LineItemsTable {
  id: Generated<number>
  order_id: number
  /** A simple product's id or a variation's id (one id space, see catalog/tables.ts). */
  variant_id: number
  quantity: number
  /** Unit price in cents when the line was last changed. */
  price: number
  created_at: number
  /** Units refunded (or being refunded) by the back office, and of those put back on the shelf. */
  refunded_quantity: Generated<number>
  restocked_quantity: Generated<number>
}

/** Units one add put aside for one order, until `expires_at` (unless the order is frozen). */
export interface HoldsTable {
  id: Generated<number>
  order_id: number
  variant_id: number
  quantity: number
  expires_at: number
  /** When a sweep gave the units back to the shelf (no longer in products.stock_held) and the cart
   *  has not taken note yet; null while the units are counted as held. */
  returned_at: number | null
  created_at: number
}

export interface PaymentsTable {
  id: Generated<number>
  order_id: number
  payment_method_id: number
  /** Cents. */
  amount: number
  state: 'checkout' | 'processing' | 'pending' | 'completed' | 'failed'
  /** The client's Idempotency-Key of the request that placed the order with this payment. */
  idempotency_key: string | null
  /** The gateway's token for the card (never the card number). */
  gateway_token: string | null
  card_brand: string | null
  card_last4: string | null
  card_month: number | null
  card_year: number | null
  card_name: string | null
  failure_reason: string | null
  /** What the order was when placement claimed this payment (lines, coupon, shipping, addresses,
   *  totals); settling completes the order only if it still is exactly that. */
  order_fingerprint: string | null
  created_at: number
  updated_at: number
}

/** The built-in card gateway's own record of its charges, one per gateway idempotency key. */
export interface TestCardChargesTable {
  idempotency_key: string
  /** Cents. */
  amount: number
  /** 'voided' once cancelled or refunded: a later charge with the key is refused. */
  outcome: 'paid' | 'declined' | 'voided'
}

/** What happened to a placed order, for its timeline in the back office (placement and payment
 *  are read from the order and its payments). */
export interface OrderEventsTable {
  id: Generated<number>
  order_id: number
  created_at: number
  kind: OrderEventKind
  text: string
  staff_id: number | null
  /** Kept as written, so the entry still says who after the account is gone. */
  staff_email: string | null
  /** A note's client key, once per order (a retried request adds no second note); null for other events. */
  idempotency_key: string | null
}

/** A refund staff asked for, once per client key: 'processing' while the gateway is asked. */
export interface OrderRefundsTable {
  id: Generated<number>
  order_id: number
  idempotency_key: string
  /** Cents. */
  amount: number
  state: 'processing' | 'completed' | 'failed'
  /** JSON list of { lineItemId, quantity } refunded (shipping is in the amount). */
  lines: string
  /** 1 when the refunded units go back on the shelf. */
  restock: number
  failure_reason: string | null
  staff_id: number | null
  staff_email: string
  created_at: number
  updated_at: number
}

/** The built-in card gateway's record of its refunds, one per refund key, against a charge's key. */
export interface TestCardRefundsTable {
  idempotency_key: string
  charge_key: string
  amount: number
}

export interface CartTables {
  countries: CountriesTable
  stock_alerts: StockAlertsTable
  states: StatesTable
  shipping_zones: ShippingZonesTable
  shipping_zone_countries: ShippingZoneCountriesTable
  shipping_methods: ShippingMethodsTable
  payment_methods: PaymentMethodsTable
  coupons: CouponsTable
  orders: OrdersTable
  line_items: LineItemsTable
  holds: HoldsTable
  payments: PaymentsTable
  test_card_charges: TestCardChargesTable
  test_card_refunds: TestCardRefundsTable
  order_events: OrderEventsTable
  order_refunds: OrderRefundsTable
}
