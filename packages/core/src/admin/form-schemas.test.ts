/**
 * The back office's forms as a browser posts them, read as typed (no coercion): text, a checkbox as
 * 'on' or nothing, an empty box as ''. Each form's schema is its API body's but for the checkbox,
 * which the API still reads as JSON's true or false.
 */
import { describe, expect, it } from 'vitest'
import { checkbox } from '../input.ts'
import {
  accessCodeChangeFormSchema,
  accessCodeChangeSchema,
  accessCodeInputFormSchema,
} from './access-codes-shapes.ts'
import { categoryFormSchema, categoryInputSchema } from './catalog-shapes.ts'
import { couponInputSchema } from './coupons-shapes.ts'
import { queueSettingsFormSchema, queueSettingsSchema } from './launch-endpoints.ts'
import { cancelOrderSchema, refundFormSchema } from './orders-shapes.ts'

const messagesOf = (result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) =>
  result.success
    ? {}
    : Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]))

describe('a checkbox', () => {
  it("reads 'on' as ticked and nothing as not, and refuses anything else", () => {
    expect(checkbox.parse('on')).toBe(true)
    expect(checkbox.parse(undefined)).toBe(false)
    for (const posted of ['true', 'off', '', 'ON', true, 1]) {
      expect(checkbox.safeParse(posted).success, String(posted)).toBe(false)
    }
  })
})

describe('the category form', () => {
  const posted = { name: 'Tour', slug: 'tour', description: '' }
  it('reads hidden as a checkbox, both ways', () => {
    expect(categoryFormSchema.parse({ ...posted, hidden: 'on' }).hidden).toBe(true)
    expect(categoryFormSchema.parse(posted).hidden).toBe(false)
    expect(messagesOf(categoryFormSchema.safeParse({ ...posted, hidden: 'yes' }))).toEqual({
      hidden: 'must be ticked or not',
    })
  })
  it('is the API body but for the checkbox, which the API reads from JSON', () => {
    expect(categoryInputSchema.parse({ ...posted, hidden: true }).hidden).toBe(true)
    expect(categoryInputSchema.parse({ ...posted, hidden: false }).hidden).toBe(false)
    expect(categoryInputSchema.safeParse({ ...posted, hidden: 'on' }).success).toBe(false)
  })
})

describe('the coupon form', () => {
  const posted = {
    code: 'fans20',
    amount: '20',
    startsAt: '',
    endsAt: '',
    usageLimit: '',
    perCustomerLimit: '',
  }
  it('reads its boxes left empty as no start, no end and no limits', () => {
    expect(couponInputSchema.parse(posted)).toEqual({
      code: 'FANS20',
      amount: 20,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      perCustomerLimit: null,
    })
  })
  it('refuses a number that is not typed in decimal digits', () => {
    for (const typed of ['1e2', '0x10', '2E1', ' 5', '5.0']) {
      expect(messagesOf(couponInputSchema.safeParse({ ...posted, amount: typed })), typed).toEqual({
        amount: 'must be a whole percent from 1 to 100',
      })
      expect(messagesOf(couponInputSchema.safeParse({ ...posted, usageLimit: typed })), typed).toEqual({
        usageLimit: `must be a whole number from 1 to 1000000`,
      })
    }
  })
})

describe('the access code forms', () => {
  const posted = { label: 'Press', maxUses: '', expiresAt: '' }
  it('read the waiting-room skip as a checkbox, both ways, and empty boxes as no limit and no expiry', () => {
    expect(accessCodeChangeFormSchema.parse({ ...posted, skipsQueue: 'on' })).toEqual({
      label: 'Press',
      maxUses: null,
      expiresAt: null,
      skipsQueue: true,
    })
    expect(accessCodeChangeFormSchema.parse(posted).skipsQueue).toBe(false)
    expect(accessCodeInputFormSchema.parse({ ...posted, code: 'fan24', skipsQueue: 'on' })).toMatchObject({
      code: 'FAN24',
      skipsQueue: true,
    })
    expect(accessCodeInputFormSchema.parse({ ...posted, code: 'fan24' }).skipsQueue).toBe(false)
  })
  it('refuse a use limit that is not typed in decimal digits', () => {
    for (const typed of ['1e2', '0x10']) {
      expect(messagesOf(accessCodeChangeFormSchema.safeParse({ ...posted, maxUses: typed })), typed).toEqual({
        maxUses: 'must be a whole number from 1 to 1000000',
      })
    }
  })
  it('are the API body but for the checkbox, which the API reads from JSON', () => {
    expect(accessCodeChangeSchema.parse({ label: 'Press', skipsQueue: true }).skipsQueue).toBe(true)
    expect(accessCodeChangeSchema.parse({ label: 'Press' }).skipsQueue).toBe(false)
    expect(accessCodeChangeSchema.safeParse({ label: 'Press', skipsQueue: 'on' }).success).toBe(false)
  })
})

describe('the drop form', () => {
  const posted = {
    preQueueMinutes: '30',
    ratePerMinute: '120',
    maxShopping: '',
    passMinutes: '10',
    powMaxNumber: '50000',
  }
  it('reads the waiting room’s switch as a checkbox, both ways, and an empty cap as none', () => {
    expect(queueSettingsFormSchema.parse({ ...posted, enabled: 'on' })).toEqual({
      enabled: true,
      preQueueMinutes: 30,
      ratePerMinute: 120,
      maxShopping: null,
      passMinutes: 10,
      powMaxNumber: 50000,
    })
    expect(queueSettingsFormSchema.parse({ ...posted, maxShopping: '500' })).toMatchObject({
      enabled: false,
      maxShopping: 500,
    })
  })
  it('refuses a number that is not typed in decimal digits', () => {
    expect(messagesOf(queueSettingsFormSchema.safeParse({ ...posted, ratePerMinute: '1e2' }))).toEqual({
      ratePerMinute: 'must be a whole number from 1 to 1000000',
    })
  })
  it('is the API body but for the checkbox, which the API reads from JSON', () => {
    const json = { ...posted, enabled: true, maxShopping: null }
    expect(queueSettingsSchema.parse(json).enabled).toBe(true)
    expect(queueSettingsSchema.parse({ ...json, enabled: false }).enabled).toBe(false)
    expect(queueSettingsSchema.safeParse({ ...json, enabled: 'on' }).success).toBe(false)
  })
})

describe('the order page’s forms', () => {
  const posted = { key: 'refund-key-1' }
  it('read the refund’s shipping and restock as checkboxes, both ways', () => {
    const lines = [{ lineItemId: '7', quantity: '1' }]
    expect(refundFormSchema.parse({ ...posted, lines, shipping: 'on', restock: 'on' })).toEqual({
      key: 'refund-key-1',
      lines: [{ lineItemId: 7, quantity: 1 }],
      shipping: true,
      restock: true,
    })
    expect(refundFormSchema.parse({ ...posted, lines })).toMatchObject({ shipping: false, restock: false })
  })
  it('refuse a refunded quantity that is not typed in decimal digits', () => {
    for (const typed of ['1e2', '0x10', '']) {
      const lines = [{ lineItemId: '7', quantity: typed }]
      expect(messagesOf(refundFormSchema.safeParse({ ...posted, lines })), typed).toEqual({
        'lines.0.quantity': 'Enter a quantity.',
      })
    }
    const lines = [{ lineItemId: '7', quantity: '-1' }]
    expect(messagesOf(refundFormSchema.safeParse({ ...posted, lines }))).toEqual({
      'lines.0.quantity': 'Enter 0 or more.',
    })
  })
  it('read a cancellation’s reason left empty as none', () => {
    expect(cancelOrderSchema.parse({ reason: '' })).toEqual({ reason: undefined })
    expect(cancelOrderSchema.parse({ reason: ' Out of stock ' })).toEqual({ reason: 'Out of stock' })
  })
})
