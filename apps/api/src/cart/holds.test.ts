import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, testDialect } from '../testing/test-app.ts'
import { heldStock } from './holds.ts'
import { addLine, createCart, fetchOrder, insertProduct } from './test-fixtures.ts'

const MINUTE = 60 * 1000

describe(`stock holds on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
  })
  afterAll(() => t.close())

  it('keeps held stock from other shoppers until the hold expires, then gives it back', async () => {
    const productId = await insertProduct(t, { price: 4500, stock: 3, name: 'Signed Tour Poster' })
    const first = await createCart(t)
    expect((await addLine(t, first, productId, 3)).statusCode).toBe(201)
    const second = await createCart(t)
    expect((await addLine(t, second, productId, 1)).statusCode).toBe(422)

    t.clock.advance(59 * MINUTE)
    expect((await addLine(t, second, productId, 1)).statusCode).toBe(422)

    t.clock.advance(1 * MINUTE)
    expect((await addLine(t, second, productId, 3)).statusCode).toBe(201)
  })

  it('tells the owner of an expired cart what went back to the shelves', async () => {
    const productId = await insertProduct(t, { price: 2500, stock: 5, name: 'Extra Time Snapback' })
    const order = await createCart(t)
    await addLine(t, order, productId, 2)
    t.clock.advance(61 * MINUTE)

    const expired = await fetchOrder(t, order)
    expect(expired).toMatchObject({
      state: 'cart',
      line_items: [],
      item_count: 0,
      total: '0.00',
      expires_at: null,
      expired_items: [{ variant_id: productId, name: 'Extra Time Snapback', quantity: 2 }],
    })
    expect((await fetchOrder(t, order)).expired_items).toHaveLength(1)

    await addLine(t, order, productId, 1)
    const refilled = await fetchOrder(t, order)
    expect(refilled.expired_items).toEqual([])
    expect(refilled.item_count).toBe(1)
  })

  it('restarts the hour with every change to the cart', async () => {
    const productId = await insertProduct(t, { price: 1000, stock: 2 })
    const order = await createCart(t)
    const line = (await addLine(t, order, productId, 1)).json()
    t.clock.advance(50 * MINUTE)
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${order.number}/line_items/${line.id}?line_item[quantity]=2&order_token=${order.token}`,
    })
    t.clock.advance(30 * MINUTE)
    const stillHeld = await fetchOrder(t, order)
    expect(stillHeld.item_count).toBe(2)
    expect(Date.parse(stillHeld.expires_at!)).toBe(t.clock.now + 30 * MINUTE)
  })

  it('shows the catalogue’s stock less what carts hold, and gives it back when holds expire', async () => {
    const productId = await insertProduct(t, { price: 1800, stock: 6 })
    const stockQuantity = async () =>
      (await t.app.inject(`/wp-json/wc/v3/products/${productId}`)).json().stock_quantity as number
    expect(await stockQuantity()).toBe(6)
    await addLine(t, await createCart(t), productId, 4)
    expect(await stockQuantity()).toBe(2)
    t.clock.advance(60 * MINUTE)
    expect(await stockQuantity()).toBe(6)
  })

  it('counts only live holds, and not the asking cart’s own', async () => {
    const productId = await insertProduct(t, { price: 1000, stock: 10 })
    const a = await createCart(t)
    const b = await createCart(t)
    await addLine(t, a, productId, 2)
    await addLine(t, b, productId, 3)
    expect((await heldStock(t.ctx.db, [productId], t.clock.now)).get(productId)).toBe(5)
    expect((await heldStock(t.ctx.db, [productId], t.clock.now, a.id)).get(productId)).toBe(3)
    expect((await heldStock(t.ctx.db, [productId], t.clock.now + 61 * MINUTE)).get(productId)).toBeUndefined()
  })

  it('lets 50 shoppers race for 10 units: exactly 10 held, 40 told it is out of stock', async () => {
    const productId = await insertProduct(t, { price: 3900, stock: 10, name: 'Drop Day Hoodie' })
    const carts = await Promise.all(Array.from({ length: 50 }, () => createCart(t)))
    const answers = await Promise.all(carts.map((cart) => addLine(t, cart, productId, 1)))
    const statuses = answers.map((res) => res.statusCode)
    expect(statuses.filter((s) => s === 201)).toHaveLength(10)
    expect(statuses.filter((s) => s === 422)).toHaveLength(40)
    for (const res of answers.filter((r) => r.statusCode === 422)) {
      expect(res.json().message).toBe('Product is out of stock for requested quantity.')
    }
    expect((await heldStock(t.ctx.db, [productId], t.clock.now)).get(productId)).toBe(10)
  })

  it('never oversells when shoppers race to raise quantities of lines they already hold', async () => {
    const productId = await insertProduct(t, { price: 1000, stock: 12 })
    const carts = await Promise.all(Array.from({ length: 6 }, () => createCart(t)))
    const lines = await Promise.all(
      carts.map(async (cart) => ({ cart, line: (await addLine(t, cart, productId, 1)).json() })),
    )
    await Promise.all(
      lines.map(({ cart, line }) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/v1/orders/${cart.number}/line_items/${line.id}?line_item[quantity]=3&order_token=${cart.token}`,
        }),
      ),
    )
    expect((await heldStock(t.ctx.db, [productId], t.clock.now)).get(productId)).toBeLessThanOrEqual(12)
    const held = await Promise.all(carts.map((cart) => fetchOrder(t, cart)))
    expect(held.reduce((sum, order) => sum + order.item_count, 0)).toBe(12)
  })
})
