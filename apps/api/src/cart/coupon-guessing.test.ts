/**
 * Coupon codes cannot be guessed by trying: wrong codes are counted per cart and per client
 * address (a right code is not), and past the limit the cart's coupon call is refused 429, the
 * right code too, till the lock ends. Placement takes no code of its own, so it is no way around.
 */
import type { OrderJson } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addLine,
  applyCoupon,
  approvedCard,
  createCart,
  fetchOrder,
  insertProduct,
  madridAddress,
  placeIds,
} from '../../tests/cart.ts'
import { freePort } from '../../tests/redis-server.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { seedCart } from '../demo/cart.ts'

type Cart = Pick<OrderJson, 'number' | 'token'>

const MINUTE = 60_000
const RIGHT = 'FANS15'

describe(`coupon code guessing on ${testDialect}`, () => {
  let t: TestApp
  let productId: number

  beforeAll(async () => {
    t = await createTestApp({ seed: false })
    await seedCart(t.ctx)
    productId = await insertProduct(t, { price: 2000, stock: 1000 })
  })
  afterAll(() => t.close())

  async function cartWithLine() {
    const order = await createCart(t)
    expect((await addLine(t, order, productId)).statusCode).toBe(201)
    return order
  }

  /** `count` wrong codes on the cart from the address, each answered 422 saying the code does not exist. */
  async function wrongCodes(order: Cart, address: string, count: number) {
    for (let i = 0; i < count; i++) {
      const res = await applyCoupon(t, order, `GUESS${i}`, address)
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json().message).toBe(`The coupon code "GUESS${i}" does not exist.`)
    }
  }

  function expectRefused(res: Awaited<ReturnType<typeof applyCoupon>>, minutes: number) {
    expect(res.statusCode, res.body).toBe(429)
    expect(res.json()).toEqual({
      message: `Too many wrong coupon codes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      statusCode: 429,
    })
    expect(res.headers['retry-after']).toBe(String(minutes * 60))
  }

  it('refuses the 11th wrong code on a cart within 15 minutes, and the right code too till the lock ends', async () => {
    const order = await cartWithLine()
    await wrongCodes(order, '203.0.113.10', 10)
    expectRefused(await applyCoupon(t, order, 'GUESS10', '203.0.113.10'), 15)
    // Another address changes nothing: the cart is locked, whoever asks.
    expectRefused(await applyCoupon(t, order, RIGHT, '198.51.100.10'), 15)
    expect((await fetchOrder(t, order)).coupon).toBeNull()
    t.clock.advance(14 * MINUTE)
    expectRefused(await applyCoupon(t, order, RIGHT, '203.0.113.10'), 1)
    t.clock.advance(MINUTE)
    const applied = await applyCoupon(t, order, RIGHT, '203.0.113.10')
    expect(applied.statusCode, applied.body).toBe(200)
    expect(applied.json()).toMatchObject({ coupon: { code: RIGHT }, adjustment_total: '-3.00' })
  })

  it('does not count a right code', async () => {
    const order = await cartWithLine()
    for (let i = 0; i < 15; i++)
      expect((await applyCoupon(t, order, RIGHT, '203.0.113.20')).statusCode).toBe(200)
    await wrongCodes(order, '203.0.113.20', 9)
    expect((await applyCoupon(t, order, RIGHT.toLowerCase(), '203.0.113.20')).statusCode).toBe(200)
    await wrongCodes(order, '203.0.113.20', 1)
    expectRefused(await applyCoupon(t, order, 'GUESS10', '203.0.113.20'), 15)
    // The coupon applied before the lock stays.
    expect((await fetchOrder(t, order)).coupon).toMatchObject({ code: RIGHT })
  })

  it('counts an expired code as a wrong one', async () => {
    await t.ctx.db
      .insertInto('coupons')
      .values({ code: 'OLD10', type: 'percent', amount: 10, active: 1, expires_at: t.clock.now - 1 })
      .execute()
    const order = await cartWithLine()
    for (let i = 0; i < 10; i++) {
      const res = await applyCoupon(t, order, 'OLD10', '203.0.113.30')
      expect(res.json().message).toBe('The coupon code "OLD10" has expired.')
    }
    expectRefused(await applyCoupon(t, order, RIGHT, '203.0.113.30'), 15)
  })

  it('lets another cart from the same address guess till the address has 100 wrong codes in an hour', async () => {
    const address = '203.0.113.40'
    const first = await cartWithLine()
    await wrongCodes(first, address, 10)
    expectRefused(await applyCoupon(t, first, 'GUESS10', address), 15)
    const second = await cartWithLine()
    await wrongCodes(second, address, 1)
    // Counted at the address so far: 10 wrong codes, the refused one, 1 more.
    let counted = 12
    while (counted < 100) {
      const order = await cartWithLine()
      const tries = Math.min(9, 100 - counted)
      await wrongCodes(order, address, tries)
      counted += tries
    }
    const fresh = await cartWithLine()
    expectRefused(await applyCoupon(t, fresh, 'GUESS0', address), 60)
    expectRefused(await applyCoupon(t, fresh, RIGHT, address), 60)
    // The cart itself is not locked: from another address its right code applies.
    expect((await applyCoupon(t, fresh, RIGHT, '203.0.113.41')).statusCode).toBe(200)
    t.clock.advance(60 * MINUTE)
    const later = await cartWithLine()
    expect((await applyCoupon(t, later, RIGHT, address)).statusCode).toBe(200)
  })

  it('takes no coupon code at placement: a locked cart is placed at full price, whatever it sends', async () => {
    const address = '203.0.113.50'
    const spain = await placeIds(t, 'ES', 'M')
    const order = await cartWithLine()
    await wrongCodes(order, address, 10)
    expectRefused(await applyCoupon(t, order, RIGHT, address), 15)
    const q = `order_token=${order.token}`
    const send = (url: string, payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'PUT', url, payload, headers, remoteAddress: address })
    const next = (key?: string) =>
      send(
        `/api/v1/checkouts/${order.number}/next.json?${q}`,
        { coupon_code: RIGHT, order: { coupon_code: RIGHT } },
        key ? { 'idempotency-key': key } : {},
      )
    expect(
      (await send(`/api/v1/orders/${order.number}?${q}`, { order: { coupon_code: RIGHT } })).statusCode,
    ).toBe(200)
    expect((await next()).json().state).toBe('address')
    const saved = await send(`/api/v1/checkouts/${order.number}.json?${q}`, {
      coupon_code: RIGHT,
      order: {
        coupon_code: RIGHT,
        email: 'locked.cart@example.com',
        bill_address_attributes: madridAddress(spain),
        use_billing: true,
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect((await next()).json().state).toBe('delivery')
    expect((await next()).json().state).toBe('payment')
    const card = await t.ctx.db
      .selectFrom('payment_methods')
      .select('id')
      .where('method_type', '=', 'credit_card')
      .executeTakeFirstOrThrow()
    const paid = await send(`/api/v1/checkouts/${order.number}.json?${q}`, {
      coupon_code: RIGHT,
      order: { coupon_code: RIGHT, payments_attributes: [{ payment_method_id: card.id }] },
      payment_source: { [card.id]: approvedCard },
    })
    expect(paid.statusCode, paid.body).toBe(200)
    expect((await next()).json().state).toBe('confirm')
    const placed = await next('locked-cart-placed')
    expect(placed.statusCode, placed.body).toBe(200)
    expect(placed.json()).toMatchObject({ state: 'complete', coupon: null, adjustment_total: '0.00' })
    // A placed order takes no code, and that refusal judges no code: it is not counted.
    t.clock.advance(15 * MINUTE)
    for (let i = 0; i < 12; i++) {
      const res = await applyCoupon(t, order, `GUESS${i}`, '203.0.113.51')
      expect(res.json()).toEqual({ message: `Order ${order.number} is already complete.`, statusCode: 422 })
    }
  })
})

describe('coupon codes while the counts are out of reach', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` } })
    await seedCart(t.ctx)
  })
  afterAll(() => t.close())

  it('refuses a code 503 with Retry-After and applies nothing, the right code too', async () => {
    const order = await createCart(t)
    const res = await applyCoupon(t, order, RIGHT, '203.0.113.60')
    expect(res.statusCode, res.body).toBe(503)
    expect(res.json()).toEqual({
      message: 'We cannot check this safely right now: please try again in a minute.',
      statusCode: 503,
    })
    expect(res.headers['retry-after']).toBe('60')
    expect((await fetchOrder(t, order)).coupon).toBeNull()
  })
})
