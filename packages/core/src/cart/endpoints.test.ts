/** The store API's requests answer every broken limit in the shop's words, never zod's defaults. */
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { cardSourceSchema } from './card.ts'
import { cartEndpoints } from './endpoints.ts'
import {
  applyCouponBodySchema,
  checkoutUpdateBodySchema,
  createOrderBodySchema,
  lineItemBodySchema,
  orderUpdateBodySchema,
} from './schemas.ts'

/** Each issue as `path message`. */
const issues = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`)

const card = {
  name: 'Ana García',
  number: '4242424242424242',
  month: 12,
  year: 2030,
  verification_value: '123',
}

describe('limits of the store API requests', () => {
  it('names what a Spree request left out', () => {
    expect(issues(applyCouponBodySchema, {})).toEqual(['coupon_code Enter a coupon code.'])
    expect(issues(lineItemBodySchema, {})).toEqual([
      'line_item must be an object with the variant_id and quantity of the line',
    ])
    expect(issues(lineItemBodySchema, { line_item: { variant_id: 1 } })?.[0]).not.toMatch(
      /variant_id and quantity/,
    )
    expect(issues(orderUpdateBodySchema, {})).toEqual(["order must be an object of the order's attributes"])
  })

  it('says how long an order token and a coupon code may be', () => {
    expect(issues(cartEndpoints.order.query, { order_token: 't'.repeat(201) })).toEqual([
      'order_token must be at most 200 characters',
    ])
    expect(issues(applyCouponBodySchema, { coupon_code: 'C'.repeat(51) })).toEqual([
      'coupon_code Enter a coupon code of at most 50 characters.',
    ])
    expect(issues(cartEndpoints.removeCoupon.params, { number: 'R123456789', code: 'C'.repeat(51) })).toEqual(
      ['code Enter a coupon code of at most 50 characters.'],
    )
  })

  it("says how many lines a new order may carry, and an address line's length", () => {
    const line_items = Array.from({ length: 51 }, (_, index) => ({ variant_id: index + 1, quantity: 1 }))
    expect(issues(createOrderBodySchema, { order: { line_items } })).toEqual([
      'order.line_items must list at most 50 lines',
    ])
    expect(
      issues(checkoutUpdateBodySchema, { order: { bill_address_attributes: { zipcode: '1'.repeat(21) } } }),
    ).toEqual(['order.bill_address_attributes.zipcode must be at most 20 characters'])
  })

  it('takes one shipping rate, one payment method and cards keyed by a method id', () => {
    expect(
      issues(checkoutUpdateBodySchema, {
        order: {
          shipments_attributes: [{ selected_shipping_rate_id: 1 }, { selected_shipping_rate_id: 2 }],
          payments_attributes: [{ payment_method_id: 1 }, { payment_method_id: 2 }],
        },
      }),
    ).toEqual([
      'order.shipments_attributes must choose one shipping rate',
      'order.payments_attributes must choose one payment method',
    ])
    expect(issues(checkoutUpdateBodySchema, { payment_source: { ['1'.repeat(21)]: card } })).toEqual([
      `payment_source.${'1'.repeat(21)} must be keyed by a payment method id`,
    ])
  })

  it("says what is wrong with an over-long card holder's name or card number", () => {
    expect(issues(cardSourceSchema, { ...card, name: 'n'.repeat(101) })).toEqual([
      'name Enter the name on the card in at most 100 characters.',
    ])
    expect(issues(cardSourceSchema, { ...card, number: '4'.repeat(41) })).toEqual([
      'number Enter a valid card number.',
    ])
  })
})
