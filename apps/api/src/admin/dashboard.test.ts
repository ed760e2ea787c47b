import { randomUUID } from 'node:crypto'
import { adminEndpoints, type Dashboard, type PaymentState } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, testDialect } from '../../tests/test-app.ts'
import { callEndpoint, createAdminTestApp } from './testing.ts'

const DAY = 24 * 60 * 60 * 1000
let t: TestApp
let cookie: string

beforeAll(async () => {
  const admin = await createAdminTestApp()
  t = admin.t
  cookie = admin.cookies.manager
})
afterAll(async () => t?.close())

async function dashboard(): Promise<Dashboard> {
  const res = await callEndpoint(t.app, adminEndpoints.dashboard, { cookie })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

async function insertOrder(
  state: 'complete' | 'cart',
  completedAt: number | null,
  total: number,
  money: { payment: PaymentState; refunded?: number; canceledAt?: number } = { payment: 'paid' },
) {
  await t.ctx.db
    .insertInto('orders')
    .values({
      number: `R${randomUUID().slice(0, 9)}`,
      token: randomUUID(),
      state,
      user_id: null,
      email: null,
      total,
      coupon_id: null,
      shipping_method_id: null,
      bill_address: null,
      ship_address: null,
      payment_state: state === 'complete' ? money.payment : null,
      shipment_state: state === 'complete' ? (money.canceledAt ? 'canceled' : 'ready') : null,
      canceled_at: money.canceledAt ?? null,
      refunded_total: money.refunded ?? 0,
      hold_expires_at: null,
      expired_items: '[]',
      created_at: completedAt ?? t.clock.now,
      updated_at: completedAt ?? t.clock.now,
      completed_at: completedAt,
    })
    .execute()
}

describe(`the dashboard's figures, on ${testDialect}`, () => {
  it('counts and sums placed orders per UTC day, today and over 30 days', async () => {
    const before = await dashboard()
    const todayStart = Math.floor(t.clock.now / DAY) * DAY
    await insertOrder('complete', todayStart + 1, 1000)
    await insertOrder('complete', t.clock.now, 2550)
    await insertOrder('complete', todayStart - 1, 700) // yesterday's last millisecond
    await insertOrder('complete', todayStart - 29 * DAY, 400) // the first day shown
    await insertOrder('complete', todayStart - 30 * DAY, 9999) // too old
    await insertOrder('cart', null, 5000) // not placed
    const after = await dashboard()
    expect(after.today.orders - before.today.orders).toBe(2)
    expect(after.today.sales - before.today.sales).toBe(3550)
    expect(after.last30Days.orders - before.last30Days.orders).toBe(4)
    expect(after.last30Days.sales - before.last30Days.sales).toBe(4650)
    const delta = after.byDay.map((day, i) => day.sales - before.byDay[i]!.sales)
    expect(delta.at(-1)).toBe(3550)
    expect(delta.at(-2)).toBe(700)
    expect(delta[0]).toBe(400)
    expect(after.waitingForFulfilment - before.waitingForFulfilment).toBe(5)
  })

  it('counts only paid orders not cancelled, and takes refunds off the sales', async () => {
    const before = await dashboard()
    const now = t.clock.now
    await insertOrder('complete', now, 1000) // paid: counted
    await insertOrder('complete', now, 2000, { payment: 'partially_refunded', refunded: 500 }) // 1500 kept
    await insertOrder('complete', now, 3000, { payment: 'refunded', refunded: 3000 }) // all given back
    await insertOrder('complete', now, 4000, { payment: 'refunded', refunded: 4000, canceledAt: now })
    await insertOrder('complete', now, 5000, { payment: 'void', canceledAt: now }) // cancelled unpaid
    await insertOrder('complete', now, 6000, { payment: 'balance_due' }) // never paid
    await insertOrder('complete', now, 7000, { payment: 'failed' })
    const after = await dashboard()
    expect(after.today.orders - before.today.orders).toBe(2)
    expect(after.today.sales - before.today.sales).toBe(2500)
    expect(after.last30Days.orders - before.last30Days.orders).toBe(2)
    expect(after.last30Days.sales - before.last30Days.sales).toBe(2500)
    expect(after.byDay.at(-1)!.orders - before.byDay.at(-1)!.orders).toBe(2)
    expect(after.byDay.at(-1)!.sales - before.byDay.at(-1)!.sales).toBe(2500)
    // Waiting to be shipped: the paid ones, not the refunded nor the unpaid.
    expect(after.waitingForFulfilment - before.waitingForFulfilment).toBe(2)
  })
})
