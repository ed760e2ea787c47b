import {
  type AdminEndpoint,
  adminEndpoints,
  couponEndpoints,
  type OrderJson,
  type StaffRole,
} from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addLine,
  applyCoupon,
  approvedCard,
  createCart,
  declinedCard,
  insertProduct,
  madridAddress,
  placeIds,
} from '../../../tests/cart.ts'
import { type TestApp, testDialect } from '../../../tests/test-app.ts'
import { couponMessages } from '../../cart/coupons.ts'
import { callEndpoint, createAdminTestApp } from '../testing.ts'

let t: TestApp
let cookies: Record<StaffRole, string>
let spain: { countryId: number; stateId: number | null }
let cardMethod: number
let productId: number
const HOUR = 60 * 60 * 1000

beforeAll(async () => {
  ;({ t, cookies } = await createAdminTestApp())
  spain = await placeIds(t, 'ES', 'M')
  cardMethod = (
    await t.ctx.db
      .selectFrom('payment_methods')
      .select('id')
      .where('method_type', '=', 'credit_card')
      .executeTakeFirstOrThrow()
  ).id
  productId = await insertProduct(t, { price: 2000, stock: 500 })
})
afterAll(async () => t?.close())

/** An endpoint called with the coupon `id` (1 when not given) as its path param. */
const call = (
  endpoint: AdminEndpoint,
  { id = 1, ...options }: { cookie?: string; body?: unknown; id?: number } = {},
) => callEndpoint(t.app, endpoint, { ...options, params: { id } })

let codes = 0
async function createCoupon(input: Record<string, unknown> = {}) {
  codes += 1
  const res = await call(couponEndpoints.createCoupon, {
    cookie: cookies.manager,
    body: { code: `TEST${codes}-${testDialect}`, amount: 10, ...input },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: number; code: string; uses: number; status: string }
}

type Cart = Pick<OrderJson, 'number' | 'token'>
const q = (order: Cart) => `order_token=${order.token}`
const next = (order: Cart) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/checkouts/${order.number}/next.json?${q(order)}` })
const updateCheckout = (order: Cart, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/checkouts/${order.number}.json?${q(order)}`, payload })

/** A guest's cart with one line and the coupon, taken to the confirm step (coupon applied first unless `late`). */
async function cartAtConfirm(email: string, code: string, card = approvedCard): Promise<Cart> {
  const order = await createCart(t)
  expect((await addLine(t, order, productId, 1)).statusCode).toBe(201)
  expect((await applyCoupon(t, order, code)).statusCode).toBe(200)
  expect((await next(order)).statusCode).toBe(200)
  const saved = await updateCheckout(order, {
    order: { email, bill_address_attributes: madridAddress(spain), use_billing: true },
  })
  expect(saved.statusCode, saved.body).toBe(200)
  expect((await next(order)).json().state).toBe('delivery')
  expect((await next(order)).json().state).toBe('payment')
  const paid = await updateCheckout(order, {
    order: { payments_attributes: [{ payment_method_id: cardMethod }] },
    payment_source: { [cardMethod]: card },
  })
  expect(paid.statusCode, paid.body).toBe(200)
  expect((await next(order)).json().state).toBe('confirm')
  return order
}

const usesOf = async (id: number) =>
  Number(
    (await t.ctx.db.selectFrom('coupons').select('uses').where('id', '=', id).executeTakeFirstOrThrow()).uses,
  )

describe(`the back office's coupons, on ${testDialect}`, () => {
  // Who may call each endpoint (401, 403 by role) is checked for every back office endpoint in admin.test.ts.
  it('asks for the coupons permission on every endpoint', () => {
    for (const endpoint of Object.values(couponEndpoints)) expect(endpoint.permission).toBe('coupons')
  })

  it('refuses bad input with 4xx and a clear message', async () => {
    const cases: [unknown, number][] = [
      [{ code: 'x', amount: 10 }, 400],
      [{ code: 'GOOD1', amount: 0 }, 400],
      [{ code: 'GOOD1', amount: 101 }, 400],
      [{ code: 'GOOD1', amount: 10, startsAt: 'tomorrow' }, 400],
      [{ code: 'GOOD1', amount: 10, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }, 400],
      [{ code: 'GOOD1', amount: 10, usageLimit: 0 }, 400],
      [{ code: 'FANS15', amount: 10 }, 409],
    ]
    for (const [body, status] of cases) {
      const res = await call(couponEndpoints.createCoupon, { cookie: cookies.manager, body })
      expect(res.statusCode, JSON.stringify(body)).toBe(status)
      expect(res.json()).toEqual({ statusCode: status, message: expect.any(String) })
    }
    expect((await call(couponEndpoints.endCoupon, { cookie: cookies.manager, id: 999_999 })).statusCode).toBe(
      404,
    )
  })

  it('reads one coupon by its id, and answers 404 with a message for an unknown one', async () => {
    const coupon = await createCoupon({ code: `one-${testDialect}`, usageLimit: 3 })
    const res = await call(couponEndpoints.getCoupon, { cookie: cookies.manager, id: coupon.id })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual(coupon)
    const unknown = await call(couponEndpoints.getCoupon, { cookie: cookies.manager, id: 999_999 })
    expect(unknown.json()).toEqual({ statusCode: 404, message: 'There is no such coupon.' })
  })

  it('creates, edits and ends a coupon, each with an audit entry', async () => {
    const coupon = await createCoupon({ code: `edit-${testDialect}`, usageLimit: 5 })
    expect(coupon).toMatchObject({ code: `EDIT-${testDialect.toUpperCase()}`, uses: 0, status: 'active' })
    const edited = await call(couponEndpoints.updateCoupon, {
      cookie: cookies.manager,
      id: coupon.id,
      body: { code: coupon.code, amount: 20, perCustomerLimit: 2 },
    })
    expect(edited.json()).toMatchObject({ amount: 20, perCustomerLimit: 2, usageLimit: null })
    const ended = await call(couponEndpoints.endCoupon, { cookie: cookies.manager, id: coupon.id })
    expect(ended.json()).toMatchObject({ status: 'ended', endsAt: new Date(t.clock.now).toISOString() })
    const audit = await callEndpoint(t.app, adminEndpoints.audit, {
      cookie: cookies.owner,
      query: 'entity=coupon',
    })
    const entries = (audit.json().items as { action: string; entityId: string; staffEmail: string }[]).filter(
      (entry) => entry.entityId === String(coupon.id),
    )
    expect(entries.map((entry) => entry.action)).toEqual(['coupon.end', 'coupon.update', 'coupon.create'])
    expect(entries[0]!.staffEmail).toBe('manager@example.com')
  })

  it('holds its window when applied', async () => {
    const start = t.clock.now + HOUR
    const coupon = await createCoupon({
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + HOUR).toISOString(),
    })
    expect(coupon.status).toBe('scheduled')
    const order = await createCart(t)
    await addLine(t, order, productId, 1)
    const early = await applyCoupon(t, order, coupon.code)
    expect(early.json()).toEqual({ statusCode: 422, message: couponMessages.notYet(coupon.code) })
    t.clock.advance(HOUR)
    expect((await applyCoupon(t, order, coupon.code)).statusCode).toBe(200)
    t.clock.advance(HOUR)
    const other = await createCart(t)
    await addLine(t, other, productId, 1)
    expect((await applyCoupon(t, other, coupon.code)).json()).toEqual({
      statusCode: 422,
      message: couponMessages.expired(coupon.code),
    })
  })

  it('keeps a legacy coupon without limits working as before', async () => {
    const order = await cartAtConfirm('legacy@example.com', 'FANS15')
    expect((await next(order)).json().state).toBe('complete')
  })

  it('lets exactly `limit` of many parallel placements use it', async () => {
    const coupon = await createCoupon({ usageLimit: 3 })
    const carts = []
    for (let i = 0; i < 8; i++) carts.push(await cartAtConfirm(`parallel-${i}@example.com`, coupon.code))
    const answers = await Promise.all(carts.map((order) => next(order)))
    const completed = answers.filter((res) => res.statusCode === 200 && res.json().state === 'complete')
    expect(completed).toHaveLength(3)
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.json()).toEqual({ statusCode: 422, message: couponMessages.usedUp(coupon.code) })
    }
    expect(await usesOf(coupon.id)).toBe(3)
    const listed = await call(couponEndpoints.listCoupons, { cookie: cookies.manager })
    expect(listed.json().items.find((c: { id: number }) => c.id === coupon.id)).toMatchObject({
      uses: 3,
      status: 'used up',
    })
  })

  it('counts a guest by e-mail against the per-customer limit', async () => {
    const coupon = await createCoupon({ perCustomerLimit: 1 })
    const first = await cartAtConfirm('Once@Example.com', coupon.code)
    expect((await next(first)).json().state).toBe('complete')
    const again = await cartAtConfirm('once@example.com', coupon.code)
    expect((await next(again)).json()).toEqual({
      statusCode: 422,
      message: couponMessages.perCustomer(coupon.code),
    })
    // Once the shop knows the e-mail, applying the coupon says so at once.
    expect((await applyCoupon(t, again, coupon.code)).json()).toEqual({
      statusCode: 422,
      message: couponMessages.perCustomer(coupon.code),
    })
    const someoneElse = await cartAtConfirm('twice@example.com', coupon.code)
    expect((await next(someoneElse)).json().state).toBe('complete')
    expect(await usesOf(coupon.id)).toBe(2)
  })

  it('counts one mailbox once against the per-customer limit, however its address is written', async () => {
    const coupon = await createCoupon({ perCustomerLimit: 1 })
    const first = await cartAtConfirm('coupon.fan@gmail.com', coupon.code)
    expect((await next(first)).json().state).toBe('complete')
    for (const alias of ['couponfan+2@gmail.com', 'Coupon.Fan+x@googlemail.com']) {
      const again = await cartAtConfirm(alias, coupon.code)
      expect((await next(again)).json()).toEqual({
        statusCode: 422,
        message: couponMessages.perCustomer(coupon.code),
      })
    }
    expect(await usesOf(coupon.id)).toBe(1)
  })

  it('gives the use back when the payment is declined', async () => {
    const coupon = await createCoupon({ usageLimit: 1 })
    const declined = await cartAtConfirm('declined@example.com', coupon.code, declinedCard)
    expect((await next(declined)).statusCode).toBe(422)
    expect(await usesOf(coupon.id)).toBe(0)
    const paid = await cartAtConfirm('paid@example.com', coupon.code)
    expect((await next(paid)).json().state).toBe('complete')
    expect(await usesOf(coupon.id)).toBe(1)
  })
})
