import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addLine,
  createCart,
  fetchOrder,
  insertProduct,
  insertShopper,
  insertVariableProduct,
} from '../../tests/cart.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'

describe(`orders and line items on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
  })
  afterAll(() => t.close())

  describe('POST /api/v1/orders.json', () => {
    it('creates an empty cart with a number and a token', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders.json', payload: {} })
      expect(res.statusCode).toBe(201)
      const order = res.json()
      expect(order).toMatchObject({
        state: 'cart',
        currency: 'EUR',
        item_count: 0,
        item_total: '0.00',
        display_item_total: '€0.00',
        total: '0.00',
        display_total: '€0.00',
        line_items: [],
        expires_at: null,
        expired_items: [],
        user_id: null,
        checkout_steps: ['address', 'delivery', 'payment', 'confirm', 'complete'],
      })
      expect(order.number).toMatch(/^R\d{9}$/)
      expect(order.token.length).toBeGreaterThanOrEqual(32)
    })

    it('gives every cart its own token, also across refills of the token bytes', async () => {
      const tokens = new Set<string>()
      for (let i = 0; i < 400; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders.json', payload: {} })
        const { token } = res.json()
        expect(token).toMatch(/^[\w-]{32}$/)
        tokens.add(token)
      }
      expect(tokens.size).toBe(400)
    })

    it('creates a cart with line items in one call', async () => {
      const productId = await insertProduct(t, { price: 1500, stock: 5 })
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/orders.json',
        payload: { order: { line_items: [{ variant_id: productId, quantity: 2 }] } },
      })
      expect(res.statusCode).toBe(201)
      expect(res.json()).toMatchObject({ item_count: 2, item_total: '30.00' })
    })

    it('holds nothing and keeps no cart when one of the line items is refused', async () => {
      const held = await insertProduct(t, { price: 1500, stock: 11 })
      const short = await insertProduct(t, { price: 1500, stock: 0 })
      const heldOf = async () =>
        (
          await t.ctx.db
            .selectFrom('products')
            .select('stock_held')
            .where('id', '=', held)
            .executeTakeFirstOrThrow()
        ).stock_held
      const countOrders = async () =>
        Number(
          (
            await t.ctx.db
              .selectFrom('orders')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        )
      const ordersBefore = await countOrders()
      const refusals: [number, number, number][] = [
        [short, 1, 422],
        [999_999, 1, 404],
        [held, 5, 422],
      ]
      for (const [variantId, quantity, status] of refusals) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/orders.json',
          payload: {
            order: {
              line_items: [
                { variant_id: held, quantity: 3 },
                { variant_id: variantId, quantity },
              ],
            },
          },
        })
        expect(res.statusCode).toBe(status)
        expect(res.json()).toMatchObject({ statusCode: status, message: expect.any(String) })
      }
      expect(await heldOf()).toBe(0)
      expect(await countOrders()).toBe(ordersBefore)
    })

    it('gives a logged-in shopper’s cart to their account', async () => {
      const shopper = await insertShopper(t)
      const order = await createCart(t, shopper.token)
      expect(order.user_id).toBe(shopper.id)
      expect(order.email).toBe(shopper.email)
    })

    it('answers 400 for a malformed line item', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/orders.json',
        payload: { order: { line_items: [{ variant_id: 'x', quantity: 1 }] } },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(/variant_id/)
    })
  })

  describe('GET /api/v1/orders/{number}.json', () => {
    it('answers the order for its token', async () => {
      const created = await createCart(t)
      const res = await t.app.inject(`/api/v1/orders/${created.number}.json?order_token=${created.token}`)
      expect(res.statusCode).toBe(200)
      expect(res.json().id).toBe(created.id)
    })

    it('takes the token as a header too', async () => {
      const created = await createCart(t)
      const res = await t.app.inject({
        url: `/api/v1/orders/${created.number}`,
        headers: { 'x-spree-order-token': created.token },
      })
      expect(res.statusCode).toBe(200)
    })

    it('answers 401 without a token or a login', async () => {
      const created = await createCart(t)
      const res = await t.app.inject(`/api/v1/orders/${created.number}.json`)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ statusCode: 401, message: expect.stringMatching(/order_token/) })
    })

    it('answers 404 for a wrong token, as for an order that does not exist', async () => {
      const created = await createCart(t)
      const wrong = await t.app.inject(`/api/v1/orders/${created.number}.json?order_token=not-the-token`)
      expect(wrong.statusCode).toBe(404)
      const missing = await t.app.inject(`/api/v1/orders/R000000000.json?order_token=${created.token}`)
      expect(missing.statusCode).toBe(404)
      expect(wrong.json().message).toBe(`Order ${created.number} not found.`)
    })

    it('answers the owner by their login, and 404 to another shopper', async () => {
      const owner = await insertShopper(t)
      const other = await insertShopper(t)
      const created = await createCart(t, owner.token)
      const mine = await t.app.inject({
        url: `/api/v1/orders/${created.number}.json`,
        headers: { authorization: `Bearer ${owner.token}` },
      })
      expect(mine.statusCode).toBe(200)
      const theirs = await t.app.inject({
        url: `/api/v1/orders/${created.number}.json`,
        headers: { authorization: `Bearer ${other.token}` },
      })
      expect(theirs.statusCode).toBe(404)
    })

    it('answers 401 for a forged login token', async () => {
      const created = await createCart(t)
      const res = await t.app.inject({
        url: `/api/v1/orders/${created.number}.json`,
        headers: { authorization: 'Bearer not.a.jwt' },
      })
      expect(res.statusCode).toBe(401)
    })

    it('answers 400 for something that is not an order number', async () => {
      const res = await t.app.inject('/api/v1/orders/12345.json?order_token=x')
      expect(res.statusCode).toBe(400)
    })
  })

  describe('line items', () => {
    it('adds a product, computes the totals and holds the stock for an hour', async () => {
      const productId = await insertProduct(t, { price: 999, stock: 10, name: 'Offside Sessions LP' })
      const order = await createCart(t)
      const res = await addLine(t, order, productId, 3)
      expect(res.statusCode).toBe(201)
      expect(res.json()).toMatchObject({
        variant_id: productId,
        product_id: productId,
        quantity: 3,
        name: 'Offside Sessions LP',
        price: '9.99',
        display_price: '€9.99',
        amount: '29.97',
        display_amount: '€29.97',
        variant: null,
      })
      const fetched = await fetchOrder(t, order)
      expect(fetched).toMatchObject({
        item_count: 3,
        item_total: '29.97',
        total: '29.97',
        display_total: '€29.97',
      })
      expect(Date.parse(fetched.expires_at!)).toBe(t.clock.now + 60 * 60 * 1000)
    })

    it('adds to the line already there', async () => {
      const productId = await insertProduct(t, { price: 500, stock: 10 })
      const order = await createCart(t)
      await addLine(t, order, productId, 1)
      const res = await addLine(t, order, productId, 2)
      expect(res.json().quantity).toBe(3)
      expect((await fetchOrder(t, order)).line_items).toHaveLength(1)
    })

    it('charges the sale price when it is lower', async () => {
      const productId = await insertProduct(t, { price: 3000, salePrice: 2500, stock: 10 })
      const order = await createCart(t)
      expect((await addLine(t, order, productId)).json().price).toBe('25.00')
    })

    it('describes a variation with its options', async () => {
      const { productId, variationId } = await insertVariableProduct(t, { price: 2990, stock: 4 })
      const order = await createCart(t)
      const res = await addLine(t, order, variationId, 1)
      expect(res.statusCode).toBe(201)
      const line = res.json()
      expect(line.product_id).toBe(productId)
      expect(line.variant).toMatchObject({
        id: variationId,
        price: '29.90',
        option_values: [
          expect.objectContaining({ presentation: 'Black', option_type_presentation: 'Colour' }),
          expect.objectContaining({ presentation: 'M', option_type_presentation: 'Size' }),
        ],
      })
    })

    it('answers each add with its line as the order then shows it, and keeps the totals and the earliest hold end', async () => {
      const single = await insertProduct(t, { price: 3000, salePrice: 2500, stock: 10 })
      const { variationId } = await insertVariableProduct(t, { price: 2990, stock: 4 })
      const order = await createCart(t)
      const firstAddAt = t.clock.now
      const answers = [await addLine(t, order, single, 2)]
      t.clock.advance(10 * 60 * 1000)
      answers.push(await addLine(t, order, variationId, 1))
      t.clock.advance(10 * 60 * 1000)
      answers.push(await addLine(t, order, single, 1))
      const fetched = await fetchOrder(t, order)
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201])
      expect(answers[1]!.json()).toEqual(fetched.line_items[1])
      expect(answers[2]!.json()).toEqual(fetched.line_items[0])
      expect(fetched.line_items.map((line) => line.quantity)).toEqual([3, 1])
      expect(fetched).toMatchObject({ item_count: 4, item_total: '104.90', total: '104.90' })
      expect(Date.parse(fetched.expires_at!)).toBe(firstAddAt + 60 * 60 * 1000)
    })

    it('refuses the variable product itself (422) and an unknown product (404)', async () => {
      const { productId } = await insertVariableProduct(t, { price: 2990, stock: 4 })
      const order = await createCart(t)
      const parent = await addLine(t, order, productId)
      expect(parent.statusCode).toBe(422)
      expect(parent.json().message).toMatch(/Choose the options/)
      const unknown = await addLine(t, order, 99_999_999)
      expect(unknown.statusCode).toBe(404)
    })

    it('answers 422 with the spec’s message beyond the stock', async () => {
      const productId = await insertProduct(t, { price: 1000, stock: 2 })
      const order = await createCart(t)
      const res = await addLine(t, order, productId, 3)
      expect(res.statusCode).toBe(422)
      expect(res.json()).toEqual({
        statusCode: 422,
        message: 'Product is out of stock for requested quantity.',
      })
      expect((await fetchOrder(t, order)).line_items).toEqual([])
    })

    it('answers 400 for a quantity below 1', async () => {
      const productId = await insertProduct(t, { price: 1000, stock: 2 })
      const order = await createCart(t)
      const res = await addLine(t, order, productId, 0)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(/quantity/)
    })

    it('sets a quantity from the query, as spec 7 sends it, and from a body', async () => {
      const productId = await insertProduct(t, { price: 1000, stock: 5 })
      const order = await createCart(t)
      const line = (await addLine(t, order, productId, 1)).json()
      const byQuery = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${order.number}/line_items/${line.id}?line_item[variant_id]=${productId}&line_item[quantity]=4&order_token=${order.token}`,
      })
      expect(byQuery.statusCode).toBe(200)
      expect(byQuery.json().quantity).toBe(4)
      const byBody = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${order.number}/line_items/${line.id}.json?order_token=${order.token}`,
        payload: { line_item: { quantity: 2 } },
      })
      expect(byBody.json().quantity).toBe(2)
      expect((await fetchOrder(t, order)).item_total).toBe('20.00')
    })

    it('answers 422 when raising a quantity beyond the stock, and keeps the line', async () => {
      const productId = await insertProduct(t, { price: 1000, stock: 2 })
      const order = await createCart(t)
      const line = (await addLine(t, order, productId, 2)).json()
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${order.number}/line_items/${line.id}?line_item[quantity]=3&order_token=${order.token}`,
      })
      expect(res.statusCode).toBe(422)
      expect((await fetchOrder(t, order)).line_items[0]!.quantity).toBe(2)
    })

    it('answers 400 in its own words to a quantity that is not a whole number from 1 to 99, and keeps the line', async () => {
      const productId = await insertProduct(t, { price: 1000, stock: 5 })
      const order = await createCart(t)
      const line = (await addLine(t, order, productId, 1)).json()
      const added = [
        [0, 'quantity must be at least 1'],
        [-3, 'quantity must be at least 1'],
        [2.5, 'quantity must be a whole number'],
        ['2.5', 'quantity must be a whole number'],
      ] as const
      for (const [quantity, message] of added) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/v1/orders/${order.number}/line_items.json?order_token=${order.token}`,
          payload: { line_item: { variant_id: productId, quantity } },
        })
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual({
          message: `Invalid body parameter "line_item.quantity": ${message}`,
          statusCode: 400,
        })
      }
      const set = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${order.number}/line_items/${line.id}?line_item[quantity]=2.5&order_token=${order.token}`,
      })
      expect(set.statusCode).toBe(400)
      expect(set.json().message).toMatch(/: quantity must be a whole number$/)
      expect((await fetchOrder(t, order)).line_items[0]!.quantity).toBe(1)
    })

    it('answers 400 without a quantity and 404 for a line of another order', async () => {
      const productId = await insertProduct(t, { price: 1000, stock: 5 })
      const order = await createCart(t)
      const other = await createCart(t)
      const line = (await addLine(t, other, productId, 1)).json()
      const noQuantity = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${order.number}/line_items/${line.id}?order_token=${order.token}`,
      })
      expect(noQuantity.statusCode).toBe(400)
      const foreign = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${order.number}/line_items/${line.id}?line_item[quantity]=2&order_token=${order.token}`,
      })
      expect(foreign.statusCode).toBe(404)
    })

    it('takes units out of a line at the price they were held at, also of a product taken off sale', async () => {
      const productId = await insertProduct(t, { price: 1000, stock: 5 })
      const order = await createCart(t)
      const line = (await addLine(t, order, productId, 3)).json()
      // Repriced and then taken off sale in the back office while the units are held.
      await t.ctx.db
        .updateTable('products')
        .set({ regular_price: 9999, status: 'draft' })
        .where('id', '=', productId)
        .execute()
      const lowered = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${order.number}/line_items/${line.id}?line_item[quantity]=1&order_token=${order.token}`,
      })
      expect(lowered.statusCode, lowered.body).toBe(200)
      expect(lowered.json()).toMatchObject({ quantity: 1, price: '10.00' })
      expect((await fetchOrder(t, order)).item_total).toBe('10.00')
      // More units of it are refused, as an add is.
      const raised = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/orders/${order.number}/line_items/${line.id}?line_item[quantity]=2&order_token=${order.token}`,
      })
      expect(raised.statusCode).toBe(404)
    })

    it('removes a line and releases its stock at once', async () => {
      const productId = await insertProduct(t, { price: 1000, stock: 1 })
      const first = await createCart(t)
      const line = (await addLine(t, first, productId, 1)).json()
      const second = await createCart(t)
      expect((await addLine(t, second, productId, 1)).statusCode).toBe(422)
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/orders/${first.number}/line_items/${line.id}?order_token=${first.token}`,
      })
      expect(removed.statusCode).toBe(204)
      expect((await fetchOrder(t, first)).line_items).toEqual([])
      expect((await addLine(t, second, productId, 1)).statusCode).toBe(201)
    })

    it('answers 404 when deleting a line that is not there', async () => {
      const order = await createCart(t)
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/orders/${order.number}/line_items/424242?order_token=${order.token}`,
      })
      expect(res.statusCode).toBe(404)
    })

    it('answers 401 when changing lines without the token', async () => {
      const productId = await insertProduct(t, { price: 1000, stock: 1 })
      const order = await createCart(t)
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${order.number}/line_items.json`,
        payload: { line_item: { variant_id: productId, quantity: 1 } },
      })
      expect(res.statusCode).toBe(401)
    })
  })
})
