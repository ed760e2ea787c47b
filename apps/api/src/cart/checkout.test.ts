import type { OrderJson } from '@fanshop/core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  addLine,
  applyCoupon,
  approvedCard,
  createCart,
  declinedCard,
  fetchOrder,
  insertProduct,
  insertShopper,
  madridAddress,
  placeIds,
} from '../../tests/cart.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { seedCart } from '../demo/cart.ts'
import type { MailMessage } from '../mail/mailer.ts'

describe(`checkout on ${testDialect}`, () => {
  let t: TestApp
  const mail: MailMessage[] = []
  let spain: { countryId: number; stateId: number | null }

  beforeAll(async () => {
    t = await createTestApp({ seed: false, mailer: { send: async (m) => void mail.push(m), close() {} } })
    await seedCart(t.ctx)
    spain = await placeIds(t, 'ES', 'M')
  })
  afterAll(() => t.close())
  beforeEach(() => {
    mail.length = 0
  })

  type Cart = Pick<OrderJson, 'number' | 'token'>
  const q = (order: Cart) => `order_token=${order.token}`

  const updateCheckout = (order: Cart, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/checkouts/${order.number}.json?${q(order)}`, payload })
  const next = (order: Cart, key?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/checkouts/${order.number}/next.json?${q(order)}`,
      headers: key ? { 'idempotency-key': key } : {},
    })

  async function paymentMethodId(type: 'credit_card' | 'bank_transfer') {
    const row = await t.ctx.db
      .selectFrom('payment_methods')
      .select('id')
      .where('method_type', '=', type)
      .executeTakeFirstOrThrow()
    return row.id
  }

  /** A cart with one product, taken through address and delivery to the payment step. */
  async function cartAtPayment(input: { price?: number; stock?: number; quantity?: number } = {}) {
    const productId = await insertProduct(t, { price: input.price ?? 2990, stock: input.stock ?? 10 })
    const order = await createCart(t)
    expect((await addLine(t, order, productId, input.quantity ?? 1)).statusCode).toBe(201)
    expect((await next(order)).statusCode).toBe(200)
    const saved = await updateCheckout(order, {
      order: { email: 'Ana@Example.com', bill_address_attributes: madridAddress(spain), use_billing: true },
    })
    expect(saved.statusCode).toBe(200)
    const delivery = await next(order)
    expect(delivery.json().state).toBe('delivery')
    expect((await next(order)).json().state).toBe('payment')
    return { order, productId }
  }

  async function payWith(order: Cart, card: typeof approvedCard) {
    const cardMethod = await paymentMethodId('credit_card')
    const res = await updateCheckout(order, {
      order: { payments_attributes: [{ payment_method_id: cardMethod }] },
      payment_source: { [cardMethod]: card },
    })
    expect(res.statusCode).toBe(200)
    const confirm = await next(order)
    expect(confirm.json().state).toBe('confirm')
  }

  async function soldOf(productId: number) {
    const row = await t.ctx.db
      .selectFrom('products')
      .select('stock_sold')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow()
    return row.stock_sold
  }

  describe('steps and what they need', () => {
    it('will not leave an empty cart', async () => {
      const order = await createCart(t)
      const res = await next(order)
      expect(res.statusCode).toBe(422)
      expect(res.json().message).toBe('Your cart is empty: add a product first.')
    })

    it('names the e-mail, then every missing address field', async () => {
      const productId = await insertProduct(t, { price: 1000, stock: 5 })
      const order = await createCart(t)
      await addLine(t, order, productId)
      expect((await next(order)).json().state).toBe('address')

      const noEmail = await next(order)
      expect(noEmail.statusCode).toBe(422)
      expect(noEmail.json().message).toBe('Enter your e-mail address.')

      await updateCheckout(order, {
        order: {
          email: 'ana@example.com',
          ship_address_attributes: { firstname: 'Ana', country_id: spain.countryId },
        },
      })
      const missing = await next(order)
      expect(missing.statusCode).toBe(422)
      expect(missing.json().message).toBe(
        'The shipping address needs a last name, street address, city, postcode, phone and state or province.',
      )
    })

    it('refuses a state of another country and a country that does not exist', async () => {
      const order = await createCart(t)
      const texas = await placeIds(t, 'US', 'TX')
      const wrongState = await updateCheckout(order, {
        order: { ship_address_attributes: { ...madridAddress(spain), state_id: texas.stateId } },
      })
      expect(wrongState.statusCode).toBe(422)
      expect(wrongState.json().message).toBe('The shipping address names a state that is not in Spain.')
      const noCountry = await updateCheckout(order, {
        order: { ship_address_attributes: { ...madridAddress(spain), country_id: 999_999 } },
      })
      expect(noCountry.statusCode).toBe(422)
    })

    it('refuses a phone that is no number and a postcode that is not of the country', async () => {
      const order = await createCart(t)
      const words = await updateCheckout(order, {
        order: { ship_address_attributes: { ...madridAddress(spain), phone: 'call me maybe' } },
      })
      expect(words.statusCode).toBe(422)
      expect(words.json()).toEqual({
        statusCode: 422,
        message: 'Enter a phone number we can call, such as +34 612 345 678. (shipping address)',
      })
      const postcode = await updateCheckout(order, {
        order: {
          bill_address_attributes: { ...madridAddress(spain), zipcode: 'ZZZZZZZZZZ' },
          use_billing: true,
        },
      })
      expect(postcode.statusCode).toBe(422)
      expect(postcode.json().message).toBe('Enter a valid postcode for Spain. (billing address)')
      const national = await updateCheckout(order, {
        order: {
          ship_address_attributes: { ...madridAddress(spain), phone: '612 345 678', zipcode: '08001' },
        },
      })
      expect(national.statusCode).toBe(200)
      expect(national.json().ship_address).toMatchObject({ phone: '612 345 678', zipcode: '08001' })
    })

    it('refuses terms sent unaccepted, and asks nothing of clients that do not send them', async () => {
      const order = await createCart(t)
      const refused = await updateCheckout(order, {
        order: { email: 'ana@example.com', terms_accepted: false },
      })
      expect(refused.statusCode).toBe(422)
      expect(refused.json()).toEqual({
        statusCode: 422,
        message: 'Accept the terms and conditions to place your order.',
      })
      expect((await fetchOrder(t, order)).email).toBeNull()
      const accepted = await updateCheckout(order, {
        order: { email: 'ana@example.com', terms_accepted: true },
      })
      expect(accepted.statusCode).toBe(200)
      const legacy = await updateCheckout(order, { order: { email: 'bea@example.com' } })
      expect(legacy.json().email).toBe('bea@example.com')
    })

    it('refuses an address line holding a line break with a 400, before saving it', async () => {
      // The confirmation e-mail prints the address a line per field: a break would start a line
      // of the sender's choosing in a mail that a guest checkout sends to any address.
      const order = await createCart(t)
      for (const address1 of [
        'Calle Mayor 1\nYour payment failed: pay again at',
        'Calle\r1',
        'Calle\u20281',
      ]) {
        const res = await updateCheckout(order, {
          order: { ship_address_attributes: { ...madridAddress(spain), address1 } },
        })
        expect(res.json()).toEqual({
          statusCode: 400,
          message: expect.stringContaining('address1": must fit on one line'),
        })
      }
      expect((await fetchOrder(t, order)).ship_address).toBeNull()
    })

    it('refuses a name holding a direction control with a 400, before saving it', async () => {
      // Invisible, it would make the packing slip and the back office show another name.
      const order = await createCart(t)
      const res = await updateCheckout(order, {
        order: { ship_address_attributes: { ...madridAddress(spain), lastname: 'Gómez\u202Eorrac' } },
      })
      expect(res.json()).toEqual({
        statusCode: 400,
        message: expect.stringContaining('lastname": must not contain invisible text direction characters'),
      })
      expect((await fetchOrder(t, order)).ship_address).toBeNull()
    })

    it('refuses an e-mail address longer than mail can carry with a 400, before saving it', async () => {
      const long = `${'a'.repeat(5000)}@example.com`
      const order = await createCart(t)
      for (const res of [
        await updateCheckout(order, { order: { email: long } }),
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/orders/${order.number}.json?${q(order)}`,
          payload: { order: { email: `${'a'.repeat(65)}@example.com` } },
        }),
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/orders.json',
          payload: { order: { email: long } },
        }),
      ]) {
        expect(res.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('e-mail') })
      }
      expect((await fetchOrder(t, order)).email).toBeNull()
    })

    it('does not ship where no zone has a rate', async () => {
      const productId = await insertProduct(t, { price: 1000, stock: 5 })
      const antarctica = await placeIds(t, 'AQ')
      const order = await createCart(t)
      await addLine(t, order, productId)
      await next(order)
      await updateCheckout(order, {
        order: { email: 'ana@example.com', ship_address_attributes: { ...madridAddress(antarctica) } },
      })
      const res = await next(order)
      expect(res.statusCode).toBe(422)
      expect(res.json().message).toBe('Sorry, we do not ship to Antarctica.')
    })

    it('offers the zone’s rates, picks the cheapest, and adds the chosen one to the total', async () => {
      const { order } = await cartAtPayment({ price: 2990 })
      const atPayment = await fetchOrder(t, order)
      const rates = atPayment.shipments[0]!.shipping_rates
      expect(rates.map((rate) => rate.display_cost)).toEqual(['€4.90', '€9.90'])
      expect(atPayment).toMatchObject({
        ship_total: '4.90',
        display_ship_total: '€4.90',
        total: '34.80',
        email: 'ana@example.com',
      })
      expect(atPayment.ship_address).toMatchObject({
        city: 'Madrid',
        country: { iso: 'ES', name: 'Spain' },
        state: { abbr: 'M', name: 'Madrid' },
      })
      expect(atPayment.bill_address).toEqual(atPayment.ship_address)

      const express = rates[1]!
      const chosen = await updateCheckout(order, {
        order: { shipments_attributes: [{ selected_shipping_rate_id: express.id }] },
      })
      expect(chosen.json()).toMatchObject({ state: 'delivery', ship_total: '9.90', total: '39.80' })
      const wrong = await updateCheckout(order, {
        order: { shipments_attributes: [{ selected_shipping_rate_id: 999_999 }] },
      })
      expect(wrong.statusCode).toBe(422)
    })

    it('ships free from the zone’s threshold on', async () => {
      const { order } = await cartAtPayment({ price: 3000, quantity: 2 })
      expect(await fetchOrder(t, order)).toMatchObject({
        item_total: '60.00',
        ship_total: '0.00',
        total: '60.00',
      })
    })

    it('asks for a payment method, then for valid card details', async () => {
      const { order } = await cartAtPayment()
      const none = await next(order)
      expect(none.statusCode).toBe(422)
      expect(none.json().message).toBe('Choose a payment method.')

      const cardMethod = await paymentMethodId('credit_card')
      const noCard = await updateCheckout(order, {
        order: { payments_attributes: [{ payment_method_id: cardMethod }] },
      })
      expect(noCard.statusCode).toBe(422)
      expect(noCard.json().message).toBe('Enter your card details.')

      const typo = await updateCheckout(order, {
        order: { payments_attributes: [{ payment_method_id: cardMethod }] },
        payment_source: { [cardMethod]: { ...approvedCard, number: '4242 4242 4242 4241' } },
      })
      expect(typo.statusCode).toBe(400)
      expect(typo.json().message).toMatch(/Enter a valid card number/)

      const expired = await updateCheckout(order, {
        order: { payments_attributes: [{ payment_method_id: cardMethod }] },
        payment_source: { [cardMethod]: { ...approvedCard, month: 1, year: 2001 } },
      })
      expect(expired.statusCode).toBe(422)
      expect(expired.json().message).toBe('Your card has expired.')

      const realCard = await updateCheckout(order, {
        order: { payments_attributes: [{ payment_method_id: cardMethod }] },
        payment_source: { [cardMethod]: { ...approvedCard, number: '5555 5555 5555 4444' } },
      })
      expect(realCard.statusCode).toBe(422)
      expect(realCard.json().message).toMatch(/test payments only/)

      const unknownMethod = await updateCheckout(order, {
        order: { payments_attributes: [{ payment_method_id: 999 }] },
      })
      expect(unknownMethod.statusCode).toBe(422)
    })

    it('rewinds to the step being edited', async () => {
      const { order } = await cartAtPayment()
      const edited = await updateCheckout(order, {
        order: { ship_address_attributes: { ...madridAddress(spain), city: 'Alcalá' } },
      })
      expect(edited.json().state).toBe('address')
      const productId = await insertProduct(t, { price: 500, stock: 5 })
      await addLine(t, order, productId)
      expect((await fetchOrder(t, order)).state).toBe('cart')
    })

    it('updates e-mail and addresses through orders/{number} too', async () => {
      const order = await createCart(t)
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${order.number}.json?${q(order)}`,
        payload: { order: { email: 'fan@example.com', ship_address_attributes: madridAddress(spain) } },
      })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ email: 'fan@example.com', ship_address: { city: 'Madrid' } })
      const bad = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${order.number}.json?${q(order)}`,
        payload: { order: { email: 'not-an-email' } },
      })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toMatch(/e-mail/)
    })
  })

  describe('placing the order', () => {
    it('completes with the approved card: holds become sales, the mail goes out', async () => {
      const { order, productId } = await cartAtPayment({ quantity: 2 })
      await payWith(order, approvedCard)
      const res = await next(order, 'place-approved-1')
      expect(res.statusCode).toBe(200)
      const placed = res.json()
      expect(placed).toMatchObject({
        state: 'complete',
        payment_state: 'paid',
        shipment_state: 'ready',
        expires_at: null,
        total: '64.70',
        payment_total: '64.70',
        payments: [
          expect.objectContaining({
            state: 'completed',
            display_amount: '€64.70',
            source: expect.objectContaining({ cc_type: 'visa', last_digits: '4242' }),
          }),
        ],
      })
      expect(placed.completed_at).not.toBeNull()
      expect(await soldOf(productId)).toBe(2)
      expect(mail).toHaveLength(1)
      expect(mail[0]).toMatchObject({
        to: 'ana@example.com',
        subject: `Your order ${placed.number} is confirmed`,
      })
      expect(mail[0]!.text).toContain('Total: €64.70')
      expect(mail[0]!.text).toContain('card ending in 4242')

      const changeAfter = await addLine(t, order, productId)
      expect(changeAfter.statusCode).toBe(422)
    })

    it('keeps the order in payment with the reason when the card is declined', async () => {
      const { order, productId } = await cartAtPayment()
      await payWith(order, declinedCard)
      const res = await next(order, 'place-declined-1')
      expect(res.statusCode).toBe(422)
      expect(res.json().message).toBe('Your card was declined. Try another card or pay by bank transfer.')
      const after = await fetchOrder(t, order)
      expect(after).toMatchObject({ state: 'payment', payment_state: 'failed' })
      expect(after.payments.at(-1)).toMatchObject({
        state: 'failed',
        failure_reason: 'Your card was declined. Try another card or pay by bank transfer.',
      })
      expect(await soldOf(productId)).toBe(0)
      expect(mail).toHaveLength(0)

      const replay = await next(order, 'place-declined-1')
      expect(replay.statusCode).toBe(422)
      expect((await fetchOrder(t, order)).payments.filter((p) => p.state === 'failed')).toHaveLength(1)

      await payWith(order, approvedCard)
      const retried = await next(order, 'place-declined-2')
      expect(retried.json().state).toBe('complete')
      expect(await soldOf(productId)).toBe(1)
    })

    it('takes a bank transfer as a complete order with the balance due', async () => {
      const { order, productId } = await cartAtPayment()
      const transfer = await paymentMethodId('bank_transfer')
      await updateCheckout(order, { order: { payments_attributes: [{ payment_method_id: transfer }] } })
      expect((await next(order)).json().state).toBe('confirm')
      const placed = (await next(order, 'place-transfer-1')).json()
      expect(placed).toMatchObject({
        state: 'complete',
        payment_state: 'balance_due',
        payment_total: '0.00',
        payments: [expect.objectContaining({ state: 'pending', source: null })],
      })
      expect(await soldOf(productId)).toBe(1)
      expect(mail[0]!.text).toContain('IBAN')
    })

    it('makes one order and one charge from a double submit', async () => {
      const { order, productId } = await cartAtPayment()
      await payWith(order, approvedCard)
      const [first, second] = await Promise.all([
        next(order, 'double-submit-1'),
        next(order, 'double-submit-1'),
      ])
      const statuses = [first.statusCode, second.statusCode].sort()
      expect(statuses[0]).toBe(200)
      expect([200, 409]).toContain(statuses[1])
      const placed = await fetchOrder(t, order)
      expect(placed.state).toBe('complete')
      expect(placed.payments.filter((p) => p.state === 'completed')).toHaveLength(1)
      expect(await soldOf(productId)).toBe(1)
      expect(mail).toHaveLength(1)

      const retried = await next(order, 'double-submit-1')
      expect(retried.statusCode).toBe(200)
      expect(retried.json().state).toBe('complete')
      const otherKey = await next(order, 'double-submit-2')
      expect(otherKey.statusCode).toBe(200)
      expect((await fetchOrder(t, order)).payments).toHaveLength(1)
      expect(await soldOf(productId)).toBe(1)
    })

    it('charges once when two requests without the same key race', async () => {
      const { order, productId } = await cartAtPayment()
      await payWith(order, approvedCard)
      const answers = await Promise.all([next(order, 'race-key-a'), next(order, 'race-key-b'), next(order)])
      expect(answers.filter((res) => res.statusCode === 200).length).toBeGreaterThanOrEqual(1)
      expect(answers.every((res) => [200, 409].includes(res.statusCode))).toBe(true)
      expect((await fetchOrder(t, order)).payments.filter((p) => p.state === 'completed')).toHaveLength(1)
      expect(await soldOf(productId)).toBe(1)
    })

    it('refuses an Idempotency-Key that is not visible ASCII with a 400, and charges nothing', async () => {
      const { order, productId } = await cartAtPayment()
      await payWith(order, approvedCard)
      for (const key of ['clé-de-paiement', 'short', 'k'.repeat(201)]) {
        const res = await next(order, key)
        expect(res.json()).toMatchObject({
          statusCode: 400,
          message: expect.stringContaining('idempotency-key'),
        })
      }
      expect((await fetchOrder(t, order)).state).toBe('confirm')
      expect(await soldOf(productId)).toBe(0)
    })

    it('will not place an order whose hold expired', async () => {
      const { order } = await cartAtPayment()
      await payWith(order, approvedCard)
      t.clock.advance(61 * 60 * 1000)
      const res = await next(order, 'too-late-1')
      expect(res.statusCode).toBe(422)
      const after = await fetchOrder(t, order)
      expect(after.state).toBe('cart')
      expect(after.expired_items).toHaveLength(1)
    })
  })

  describe('coupons', () => {
    it('takes the percent off the full basket and reads "N% on full basket"', async () => {
      const productId = await insertProduct(t, { price: 3333, stock: 5 })
      const order = await createCart(t)
      await addLine(t, order, productId)
      const res = await applyCoupon(t, order, 'fans15')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({
        item_total: '33.33',
        adjustment_total: '-5.00',
        display_adjustment_total: '-€5.00',
        total: '28.33',
        coupon: { code: 'FANS15', type: 'percent', amount: 15, description: '15% on full basket' },
        adjustments: [expect.objectContaining({ amount: '-5.00', label: 'Promotion (FANS15)' })],
      })
    })

    it("shows a placed order's coupon as it was paid, whatever the coupon has become since", async () => {
      const { order } = await cartAtPayment({ price: 3333 })
      expect((await applyCoupon(t, order, 'FANS15')).statusCode).toBe(200)
      await payWith(order, approvedCard)
      expect((await next(order, 'place-coupon-kept')).json().state).toBe('complete')
      await t.ctx.db.updateTable('coupons').set({ amount: 1 }).where('code', '=', 'FANS15').execute()
      try {
        expect(await fetchOrder(t, order)).toMatchObject({
          adjustment_total: '-5.00',
          coupon: { code: 'FANS15', amount: 15, description: '15% on full basket' },
        })
      } finally {
        await t.ctx.db.updateTable('coupons').set({ amount: 15 }).where('code', '=', 'FANS15').execute()
      }
    })

    it('says clearly that a wrong code does not exist', async () => {
      const order = await createCart(t)
      const res = await applyCoupon(t, order, 'NOPE')
      expect(res.statusCode).toBe(422)
      expect(res.json().message).toBe('The coupon code "NOPE" does not exist.')
      const empty = await applyCoupon(t, order, '  ')
      expect(empty.statusCode).toBe(400)
    })

    it('says when a code has expired', async () => {
      await t.ctx.db
        .insertInto('coupons')
        .values({ code: 'SUMMER10', type: 'percent', amount: 10, active: 1, expires_at: t.clock.now - 1 })
        .execute()
      const order = await createCart(t)
      const res = await applyCoupon(t, order, 'summer10')
      expect(res.statusCode).toBe(422)
      expect(res.json().message).toBe('The coupon code "summer10" has expired.')
    })

    it('removes an applied coupon', async () => {
      const productId = await insertProduct(t, { price: 1000, stock: 5 })
      const order = await createCart(t)
      await addLine(t, order, productId)
      await applyCoupon(t, order, 'FANS15')
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/orders/${order.number}/coupon_codes/FANS15?${q(order)}`,
      })
      expect(removed.json()).toMatchObject({ coupon: null, adjustment_total: '0.00', total: '10.00' })
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/orders/${order.number}/coupon_codes/FANS15?${q(order)}`,
      })
      expect(again.statusCode).toBe(404)
    })
  })

  describe('accounts', () => {
    it('lists the shopper’s placed orders, newest first, and only theirs', async () => {
      const shopper = await insertShopper(t)
      const other = await insertShopper(t)
      const bearer = { authorization: `Bearer ${shopper.token}` }
      const numbers: string[] = []
      for (let i = 0; i < 2; i++) {
        const { order: guest } = await cartAtPayment()
        // Now the account's, the cart opens with the token the login was answered.
        const order: Cart = (
          await t.app.inject({
            method: 'PUT',
            url: `/api/v1/orders/${guest.number}/associate.json?${q(guest)}`,
            headers: bearer,
          })
        ).json()
        await payWith(order, approvedCard)
        await next(order, `history-${i}`)
        numbers.unshift(order.number)
        t.clock.advance(1000)
      }
      const res = await t.app.inject({ url: '/wp-json/wp/v2/order/list', headers: bearer })
      expect(res.statusCode).toBe(200)
      const rows = res.json().data
      expect(rows.map((row: { number: string }) => row.number)).toEqual(numbers)
      expect(rows[0]).toMatchObject({
        state: 'complete',
        item_count: 1,
        display_total: '€34.80',
        payment_state: 'paid',
      })
      expect(rows[0].items[0]).toMatchObject({ quantity: 1 })

      const theirs = await t.app.inject({
        url: '/wp-json/wp/v2/order/list',
        headers: { authorization: `Bearer ${other.token}` },
      })
      expect(theirs.json().data).toEqual([])
      const anonymous = await t.app.inject('/wp-json/wp/v2/order/list')
      expect(anonymous.statusCode).toBe(401)
    })

    it('merges a guest cart into the account’s cart on login', async () => {
      const shopper = await insertShopper(t)
      const bearer = { authorization: `Bearer ${shopper.token}` }
      const tee = await insertProduct(t, { price: 2500, stock: 4 })
      const cap = await insertProduct(t, { price: 1500, stock: 4 })
      const own = await createCart(t, shopper.token)
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${own.number}/line_items.json`,
        headers: bearer,
        payload: { line_item: { variant_id: tee, quantity: 1 } },
      })
      const guest = await createCart(t)
      await addLine(t, guest, tee, 2)
      await addLine(t, guest, cap, 1)

      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${guest.number}/associate.json?${q(guest)}`,
        headers: bearer,
      })
      expect(res.statusCode).toBe(200)
      const kept = res.json()
      expect(kept.number).toBe(own.number)
      expect(
        kept.line_items.map((l: { variant_id: number; quantity: number }) => [l.variant_id, l.quantity]),
      ).toEqual([
        [tee, 3],
        [cap, 1],
      ])
      expect((await t.app.inject(`/api/v1/orders/${guest.number}.json?${q(guest)}`)).statusCode).toBe(404)

      const current = await t.app.inject({ url: '/api/v1/orders/current.json', headers: bearer })
      expect(current.json().number).toBe(own.number)
    })

    it('gives a guest cart to a shopper without a cart, and refuses it without a login', async () => {
      const shopper = await insertShopper(t)
      const guest = await createCart(t)
      const anonymous = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${guest.number}/associate.json?${q(guest)}`,
      })
      expect(anonymous.statusCode).toBe(401)
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${guest.number}/associate.json?${q(guest)}`,
        headers: { authorization: `Bearer ${shopper.token}` },
      })
      expect(res.json()).toMatchObject({ number: guest.number, user_id: shopper.id, email: shopper.email })
    })

    it('answers 204 when the shopper has no open cart', async () => {
      const shopper = await insertShopper(t)
      const res = await t.app.inject({
        url: '/api/v1/orders/current.json',
        headers: { authorization: `Bearer ${shopper.token}` },
      })
      expect(res.statusCode).toBe(204)
    })
  })
})
