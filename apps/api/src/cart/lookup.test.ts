import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addLine, createCart, fetchOrder, insertProduct, madridAddress, placeIds } from '../../tests/cart.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { seedCart } from '../demo/cart.ts'

describe(`guest order lookup on ${testDialect}`, () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp({ seed: false })
    await seedCart(t.ctx)
  })
  afterAll(() => t.close())

  /** An order that reached payment, as a guest's does before it is placed or after a decline. */
  async function orderAtPayment(email: string) {
    const productId = await insertProduct(t, { price: 1500, stock: 10 })
    const order = await createCart(t)
    await addLine(t, order, productId)
    const q = `order_token=${order.token}`
    const next = () =>
      t.app.inject({ method: 'PUT', url: `/api/v1/checkouts/${order.number}/next.json?${q}` })
    await next()
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/checkouts/${order.number}.json?${q}`,
      payload: {
        order: {
          email,
          bill_address_attributes: madridAddress(await placeIds(t, 'ES', 'M')),
          use_billing: true,
        },
      },
    })
    await next()
    expect((await next()).json().state).toBe('payment')
    return order
  }

  const lookup = (payload: object, ip = '203.0.113.1') =>
    t.app.inject({ method: 'POST', url: '/api/v1/orders/lookup', payload, remoteAddress: ip })

  it('answers the token of the order with that number and e-mail, whatever the case', async () => {
    const order = await orderAtPayment('lookup.ana@example.com')
    const found = await lookup({ number: order.number.toLowerCase(), email: ' Lookup.Ana@Example.com ' })
    expect(found.statusCode).toBe(200)
    expect(found.json()).toEqual({ number: order.number, token: order.token })
    expect((await fetchOrder(t, found.json())).state).toBe('payment')
  })

  it('says the same for a wrong e-mail, an unknown number and an open cart', async () => {
    const order = await orderAtPayment('lookup.bea@example.com')
    const cart = await createCart(t)
    for (const payload of [
      { number: order.number, email: 'someone.else@example.com' },
      { number: 'R000000001', email: 'lookup.bea@example.com' },
      { number: cart.number, email: 'lookup.bea@example.com' },
    ]) {
      const res = await lookup(payload, '203.0.113.2')
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({
        statusCode: 404,
        message:
          'We found no order with that number and e-mail address. Check both against your confirmation e-mail.',
      })
    }
  })

  it('answers bad input with 400 and a readable message', async () => {
    const res = await lookup({ number: 'my order', email: 'not an address' }, '203.0.113.3')
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/R123456789|e-mail/)
  })

  it('locks an order number after 5 tries an hour, even from many clients', async () => {
    const order = await orderAtPayment('lookup.cai@example.com')
    for (let i = 0; i < 5; i++) {
      expect(
        (await lookup({ number: order.number, email: `guess${i}@example.com` }, `198.51.100.${i}`))
          .statusCode,
      ).toBe(404)
    }
    const locked = await lookup({ number: order.number, email: 'lookup.cai@example.com' }, '198.51.100.99')
    expect(locked.statusCode).toBe(429)
    expect(locked.headers['retry-after']).toBeDefined()
    expect(locked.json().message).toBe('Too many tries to find an order. Please try again in 60 minutes.')
  })

  it('locks a client after 10 tries an hour, whatever the numbers', async () => {
    for (let i = 0; i < 10; i++) {
      const number = `R1000000${String(i).padStart(2, '0')}`
      expect((await lookup({ number, email: 'x@example.com' }, '192.0.2.7')).statusCode).toBe(404)
    }
    expect((await lookup({ number: 'R100000099', email: 'x@example.com' }, '192.0.2.7')).statusCode).toBe(429)
  })
})
