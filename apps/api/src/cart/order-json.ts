/**
 * Turns an order row into Spree v1 order JSON (api-contract.md): lines with their product, variant,
 * options and picture, addresses with country and state, shipments with rates, payments, the
 * payment methods, the coupon as an adjustment, and every money field with its display_ twin.
 */
import {
  type AddressInput,
  type AddressJson,
  CHECKOUT_STEPS,
  describeDiscount,
  formatEuro,
  type LineItemJson,
  lineAmount,
  lineRoom,
  type OrderJson,
  type OrderSummaryJson,
  perFanCap,
  placedCouponPercent,
  toDecimalString,
} from '@fanshop/core'
import type { Kysely, Selectable } from 'kysely'
import type { ShopContext } from '../context.ts'
import { compiledOnce } from '../db/compiled.ts'
import type { Database } from '../db/schema.ts'
import { describeImage } from '../media/describe.ts'
import { otherUnitsOfProduct } from './holds.ts'
import { type Db, type OrderRow, parseAddress, parseReturnedItems } from './orders.ts'
import { type ShippingRate, shippingRatesFor } from './shipping.ts'
import type { CouponsTable } from './tables.ts'

const money = (cents: number) => toDecimalString(cents)
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

const paymentsOf = compiledOnce((db, orderId: number) =>
  db
    .selectFrom('payments')
    .innerJoin('payment_methods', 'payment_methods.id', 'payments.payment_method_id')
    .selectAll('payments')
    .select(['payment_methods.name as method_name', 'payment_methods.method_type'])
    .where('payments.order_id', '=', orderId)
    .orderBy('payments.id'),
)

const activePaymentMethods = compiledOnce((db) =>
  db
    .selectFrom('payment_methods')
    .select(['id', 'name', 'method_type', 'description'])
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('id'),
)

/** What an order's JSON is read with: the database, and the configuration its lines' limits come from. */
export type OrderJsonContext = Pick<ShopContext, 'db' | 'config'>

/** The order's JSON; `created` says it was made by this request, so it has no payments to read. */
export async function orderJson(ctx: OrderJsonContext, order: OrderRow, created = false): Promise<OrderJson> {
  const { db } = ctx
  const [lineItems, billAddress, shipAddress, payments, paymentMethods, coupon] = await Promise.all([
    order.item_count === 0
      ? new Map<number, LineItemJson[]>()
      : lineItemsJson(db, [order.id], ctx.config.MAX_PER_ORDER),
    addressJson(db, parseAddress(order.bill_address)),
    addressJson(db, parseAddress(order.ship_address)),
    created ? [] : paymentsOf(db, order.id).then((result) => result.rows),
    activePaymentMethods(db).then((result) => result.rows),
    order.coupon_id === null
      ? Promise.resolve(undefined)
      : db.selectFrom('coupons').selectAll().where('id', '=', order.coupon_id).executeTakeFirst(),
  ])
  const lines = lineItems.get(order.id) ?? []
  const rates = await shippingRatesFor(db, parseAddress(order.ship_address), order.item_total)
  return buildOrderJson(order, { lines, billAddress, shipAddress, payments, paymentMethods, coupon, rates })
}

type PaymentRow = Awaited<ReturnType<typeof paymentsOf>>['rows'][number]

/** What an order's JSON shows beside its row, read by orderJson (or known: a cart just created). */
export interface OrderParts {
  lines: LineItemJson[]
  billAddress: AddressJson | null
  shipAddress: AddressJson | null
  payments: PaymentRow[]
  paymentMethods: PaymentMethodRow[]
  coupon: Selectable<CouponsTable> | undefined
  rates: ShippingRate[]
}

export type PaymentMethodRow = Awaited<ReturnType<typeof activePaymentMethods>>['rows'][number]

/** The order's JSON from its row and the parts it shows. */
export function buildOrderJson(order: OrderRow, parts: OrderParts): OrderJson {
  const { lines, billAddress, shipAddress, payments, paymentMethods, coupon, rates } = parts
  const rateJson = rates.map((rate) => ({
    id: rate.id,
    shipping_method_id: rate.shipping_method_id,
    name: rate.name,
    cost: money(rate.cost),
    display_cost: formatEuro(rate.cost),
    selected: rate.shipping_method_id === order.shipping_method_id,
  }))
  const selectedRate = rateJson.find((rate) => rate.selected) ?? null
  // A placed order shows the percentage it was paid with, read from its stored totals: the coupon
  // may have been edited since. An open cart's discount follows the coupon as it is.
  const couponAmount =
    coupon && order.completed_at !== null
      ? placedCouponPercent({ itemTotal: order.item_total, discount: -order.adjustment_total }, coupon.amount)
      : coupon?.amount
  const couponJson =
    coupon && couponAmount !== undefined
      ? {
          id: coupon.id,
          code: coupon.code,
          type: coupon.type,
          amount: couponAmount,
          description: describeDiscount({ type: coupon.type, amount: couponAmount }),
        }
      : null
  const paymentTotal = payments
    .filter((payment) => payment.state === 'completed')
    .reduce((sum, payment) => sum + payment.amount, 0)

  return {
    id: order.id,
    number: order.number,
    token: order.token,
    state: order.state,
    email: order.email,
    currency: 'EUR',
    user_id: order.user_id,
    item_count: order.item_count,
    item_total: money(order.item_total),
    display_item_total: formatEuro(order.item_total),
    ship_total: money(order.ship_total),
    display_ship_total: formatEuro(order.ship_total),
    tax_total: money(0),
    display_tax_total: formatEuro(0),
    additional_tax_total: money(0),
    display_additional_tax_total: formatEuro(0),
    included_tax_total: money(0),
    display_included_tax_total: formatEuro(0),
    adjustment_total: money(order.adjustment_total),
    display_adjustment_total: formatEuro(order.adjustment_total),
    payment_total: money(paymentTotal),
    display_payment_total: formatEuro(paymentTotal),
    total: money(order.total),
    display_total: formatEuro(order.total),
    payment_state: order.payment_state,
    shipment_state: order.shipment_state,
    checkout_steps: [...CHECKOUT_STEPS],
    created_at: iso(order.created_at)!,
    updated_at: iso(order.updated_at)!,
    completed_at: iso(order.completed_at),
    expires_at: order.state === 'complete' ? null : iso(order.hold_expires_at),
    expired_items: parseReturnedItems(order.expired_items),
    capped_items: parseReturnedItems(order.capped_items),
    line_items: lines,
    bill_address: billAddress,
    ship_address: shipAddress,
    shipments:
      shipAddress?.country_id && lines.length > 0
        ? [
            {
              id: order.id,
              number: `H${order.number.slice(1)}`,
              state: order.shipment_state ?? 'pending',
              cost: money(order.ship_total),
              display_cost: formatEuro(order.ship_total),
              shipping_rates: rateJson,
              selected_shipping_rate: selectedRate,
            },
          ]
        : [],
    payments: payments.map((payment) => ({
      id: payment.id,
      amount: money(payment.amount),
      display_amount: formatEuro(payment.amount),
      state: payment.state,
      payment_method_id: payment.payment_method_id,
      payment_method: {
        id: payment.payment_method_id,
        name: payment.method_name,
        method_type: payment.method_type,
      },
      source:
        payment.card_last4 === null
          ? null
          : {
              cc_type: payment.card_brand ?? 'card',
              last_digits: payment.card_last4,
              month: payment.card_month ?? 0,
              year: payment.card_year ?? 0,
              name: payment.card_name ?? '',
            },
      failure_reason: payment.failure_reason,
      created_at: iso(payment.created_at)!,
    })),
    payment_methods: paymentMethods,
    adjustments: couponJson
      ? [
          {
            id: couponJson.id,
            label: `Promotion (${couponJson.code})`,
            amount: money(order.adjustment_total),
            display_amount: formatEuro(order.adjustment_total),
            source_type: 'coupon' as const,
            coupon: couponJson,
          },
        ]
      : [],
    coupon: couponJson,
  }
}

/** The order history rows (GET order/list) for these completed orders, in the given order. */
export async function orderSummariesJson(
  ctx: OrderJsonContext,
  orders: OrderRow[],
): Promise<OrderSummaryJson[]> {
  const lines = await lineItemsJson(
    ctx.db,
    orders.map((order) => order.id),
    ctx.config.MAX_PER_ORDER,
  )
  return orders.map((order) => ({
    id: order.id,
    number: order.number,
    state: order.state,
    payment_state: order.payment_state,
    shipment_state: order.shipment_state,
    item_count: order.item_count,
    item_total: money(order.item_total),
    display_item_total: formatEuro(order.item_total),
    total: money(order.total),
    display_total: formatEuro(order.total),
    completed_at: iso(order.completed_at),
    currency: 'EUR' as const,
    items: (lines.get(order.id) ?? []).map((line) => ({
      name: line.variant?.name ?? line.name,
      quantity: line.quantity,
    })),
  }))
}

/** The lines with what their JSON shows of the product (the `where` is the caller's), in line order. */
const lineRows = (db: Kysely<Database>) =>
  db
    .selectFrom('line_items')
    .innerJoin('products as bought', 'bought.id', 'line_items.variant_id')
    .leftJoin('products as parent', 'parent.id', 'bought.parent_id')
    .leftJoin('media', (join) =>
      join.on((eb) => eb('media.id', '=', eb.fn.coalesce('bought.image_id', 'parent.image_id'))),
    )
    .select([
      'line_items.id',
      'line_items.order_id',
      'line_items.variant_id',
      'line_items.quantity',
      'line_items.price',
      'bought.name as bought_name',
      'bought.sku as bought_sku',
      'bought.slug as bought_slug',
      'bought.parent_id',
      'parent.name as parent_name',
      'parent.slug as parent_slug',
      'bought.limited',
      'bought.max_per_fan',
      'parent.limited as parent_limited',
      'parent.max_per_fan as parent_max_per_fan',
      'media.id as image_id',
      'media.alt as image_alt',
      'media.width as image_width',
      'media.height as image_height',
    ])
    .orderBy('line_items.id')

const linesOfOrder = compiledOnce((db, orderId: number) =>
  lineRows(db).where('line_items.order_id', '=', orderId),
)

/**
 * The lines of these orders as Spree line item JSON, with their pictures, the options of
 * variations, and each line's room under `maxPerOrder` and its product's per-fan cap.
 */
export async function lineItemsJson(
  db: Db,
  orderIds: number[],
  maxPerOrder: number,
): Promise<Map<number, LineItemJson[]>> {
  if (orderIds.length === 0) return new Map()
  const rows =
    orderIds.length === 1
      ? (await linesOfOrder(db, orderIds[0]!)).rows
      : await lineRows(db).where('line_items.order_id', 'in', orderIds).execute()
  const options = await optionValuesOf(
    db,
    rows.filter((row) => row.parent_id !== null).map((row) => row.variant_id),
  )
  const rowsOf = new Map<number, typeof rows>()
  for (const row of rows) {
    const ofOrder = rowsOf.get(row.order_id)
    if (ofOrder) ofOrder.push(row)
    else rowsOf.set(row.order_id, [row])
  }
  const byOrder = new Map<number, LineItemJson[]>()
  for (const [orderId, ofOrder] of rowsOf) {
    const counted = ofOrder.map((row) => ({
      variantId: row.variant_id,
      parentId: row.parent_id,
      quantity: row.quantity,
    }))
    const lines = ofOrder.map((row) =>
      lineJson(
        {
          ...row,
          fan_cap: perFanCap(row, { limited: row.parent_limited, max_per_fan: row.parent_max_per_fan }),
          other_units: otherUnitsOfProduct(counted, row.variant_id, row.parent_id),
        },
        options.filter((option) => option.product_id === row.variant_id),
        maxPerOrder,
      ),
    )
    byOrder.set(orderId, lines)
  }
  return byOrder
}

/** What a line's JSON shows: the line, the product bought, its parent (for a variation) and picture. */
export interface LineRow {
  id: number
  variant_id: number
  quantity: number
  price: number
  bought_name: string
  bought_sku: string
  bought_slug: string
  parent_id: number | null
  parent_name: string | null
  parent_slug: string | null
  image_id: number | null
  image_alt: string | null
  image_width: number | null
  image_height: number | null
  /** The product's per-fan cap (core's perFanCap), null when it has none. */
  fan_cap: number | null
  /** The units of the same product (countedProductId) in the order's other lines. */
  other_units: number
}

type OptionValueRow = Awaited<ReturnType<typeof optionValuesOf>>[number]

/** The option values (colour, size) of these variations, in their attributes' order. */
async function optionValuesOf(db: Db, variantIds: number[]) {
  if (variantIds.length === 0) return []
  return db
    .selectFrom('product_terms')
    .innerJoin('attribute_terms', 'attribute_terms.id', 'product_terms.term_id')
    .innerJoin('attributes', 'attributes.id', 'attribute_terms.attribute_id')
    .select([
      'product_terms.product_id',
      'attribute_terms.slug as name',
      'attribute_terms.name as presentation',
      'attributes.slug as option_type_name',
      'attributes.name as option_type_presentation',
    ])
    .where('product_terms.product_id', 'in', variantIds)
    .orderBy('attributes.id')
    .execute()
}

/**
 * One line's JSON from a row already read (the add answers the line it just wrote this way);
 * only a variation's option values are read.
 */
export async function oneLineJson(db: Db, row: LineRow, maxPerOrder: number): Promise<LineItemJson> {
  return lineJson(row, row.parent_id === null ? [] : await optionValuesOf(db, [row.variant_id]), maxPerOrder)
}

function lineJson(row: LineRow, options: OptionValueRow[], maxPerOrder: number): LineItemJson {
  const image =
    row.image_id === null
      ? undefined
      : describeImage({
          id: row.image_id,
          alt: row.image_alt!,
          width: row.image_width,
          height: row.image_height,
        })
  const isVariation = row.parent_id !== null
  const amount = lineAmount({ unitPrice: row.price, quantity: row.quantity })
  return {
    id: row.id,
    product_id: row.parent_id ?? row.variant_id,
    variant_id: row.variant_id,
    quantity: row.quantity,
    name: row.parent_name ?? row.bought_name,
    slug: row.parent_slug ?? row.bought_slug,
    price: money(row.price),
    display_price: formatEuro(row.price),
    amount: money(amount),
    display_amount: formatEuro(amount),
    image: image ? { ...image, product_url: image.src } : null,
    variant: isVariation
      ? {
          id: row.variant_id,
          name: row.bought_name,
          sku: row.bought_sku,
          price: money(row.price),
          display_price: formatEuro(row.price),
          option_values: options.map(
            ({ name, presentation, option_type_name, option_type_presentation }) => ({
              name,
              presentation,
              option_type_name,
              option_type_presentation,
            }),
          ),
          images: image ? [image] : [],
        }
      : null,
    ...lineRoom(maxPerOrder, row.fan_cap, row.other_units),
  }
}

async function addressJson(db: Db, address: AddressInput | null): Promise<AddressJson | null> {
  if (!address) return null
  const [country, state] = await Promise.all([
    address.country_id
      ? db
          .selectFrom('countries')
          .select(['id', 'iso', 'iso_name', 'name'])
          .where('id', '=', address.country_id)
          .executeTakeFirst()
      : Promise.resolve(undefined),
    address.state_id
      ? db
          .selectFrom('states')
          .select(['id', 'name', 'abbr'])
          .where('id', '=', address.state_id)
          .executeTakeFirst()
      : Promise.resolve(undefined),
  ])
  const firstname = address.firstname ?? ''
  const lastname = address.lastname ?? ''
  return {
    firstname,
    lastname,
    full_name: `${firstname} ${lastname}`.trim(),
    company: address.company ?? '',
    address1: address.address1 ?? '',
    address2: address.address2 ?? '',
    city: address.city ?? '',
    zipcode: address.zipcode ?? '',
    phone: address.phone ?? '',
    country_id: country?.id ?? null,
    state_id: state?.id ?? null,
    state_name: state?.name ?? null,
    country: country ?? null,
    state: state ?? null,
  }
}
