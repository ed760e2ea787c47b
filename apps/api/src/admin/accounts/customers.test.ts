import {
  type AdminEndpoint,
  adminEndpoints,
  adminOrderEndpoints,
  couponEndpoints,
  customerEndpoints,
  ERASURE_KEEPS,
  type StaffRole,
} from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loggedInUser, login } from '../../../tests/accounts.ts'
import {
  addLine,
  approvedCard,
  createCart,
  insertProduct,
  madridAddress,
  placeIds,
} from '../../../tests/cart.ts'
import { type TestApp, testDialect } from '../../../tests/test-app.ts'
import { ACCOUNT_DISABLED_MESSAGE } from '../../accounts/sessions.ts'
import { callEndpoint, createAdminTestApp } from '../testing.ts'

let t: TestApp
let cookies: Record<StaffRole, string>

beforeAll(async () => {
  ;({ t, cookies } = await createAdminTestApp())
})
afterAll(async () => t?.close())

/** An endpoint called with the customer `id` (1 when not given) as its path param. */
const call = (
  endpoint: AdminEndpoint,
  { id = 1, ...options }: { cookie?: string; body?: unknown; id?: number; query?: string } = {},
) => callEndpoint(t.app, endpoint, { ...options, params: { id } })

const manager = (endpoint: AdminEndpoint, options: Parameters<typeof call>[1] = {}) =>
  call(endpoint, { cookie: cookies.manager, ...options })

async function auditOf(id: number) {
  const res = await callEndpoint(t.app, adminEndpoints.audit, {
    cookie: cookies.owner,
    query: 'entity=customer',
  })
  return (res.json().items as { action: string; entityId: string; after: unknown }[]).filter(
    (entry) => entry.entityId === String(id),
  )
}

/** A placed order of the logged-in shopper (bearer), with the Madrid address and the approved card. */
async function placeOrder(token: string, email: string) {
  const spain = await placeIds(t, 'ES', 'M')
  const card = await t.ctx.db
    .selectFrom('payment_methods')
    .select('id')
    .where('method_type', '=', 'credit_card')
    .executeTakeFirstOrThrow()
  const productId = await insertProduct(t, { price: 2500, stock: 10, name: 'Erasure tee' })
  const order = await createCart(t, token)
  const q = `order_token=${order.token}`
  const next = () => t.app.inject({ method: 'PUT', url: `/api/v1/checkouts/${order.number}/next.json?${q}` })
  const update = (payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/checkouts/${order.number}.json?${q}`, payload })
  expect((await addLine(t, order, productId, 2)).statusCode).toBe(201)
  await next()
  await update({ order: { email, bill_address_attributes: madridAddress(spain), use_billing: true } })
  await next()
  await next()
  await update({
    order: { payments_attributes: [{ payment_method_id: card.id }] },
    payment_source: { [card.id]: approvedCard },
  })
  await next()
  const placed = await next()
  expect(placed.json().state, placed.body).toBe('complete')
  return { number: order.number as string, countryId: spain.countryId }
}

describe(`the back office's customers, on ${testDialect}`, () => {
  // Who may call each endpoint (401, 403 by role) is checked for every back office endpoint in admin.test.ts.
  it('asks for the customers permission on every endpoint', () => {
    for (const endpoint of Object.values(customerEndpoints)) expect(endpoint.permission).toBe('customers')
  })

  it('refuses bad input with 4xx and a clear message', async () => {
    const answers = [
      await manager(customerEndpoints.listCustomers, { query: 'page=0' }),
      await manager(customerEndpoints.listCustomers, { query: 'per_page=1000' }),
      await manager(customerEndpoints.customer, { id: 999_999 }),
      await t.app.inject({ url: '/admin/api/customers/abc', headers: { cookie: cookies.manager } }),
      await manager(customerEndpoints.setCustomerStatus, { body: { disabled: 'yes' } }),
      await manager(customerEndpoints.eraseCustomer, { id: 999_999 }),
    ]
    expect(answers.map((res) => res.statusCode)).toEqual([400, 400, 404, 400, 400, 404])
    for (const res of answers)
      expect(res.json()).toEqual({ statusCode: res.statusCode, message: expect.any(String) })
  })

  it('searches by name and e-mail, a page at a time', async () => {
    const a = await loggedInUser(t.app, { firstname: 'Zebedee', lastname: 'Quartz' })
    await loggedInUser(t.app, { firstname: 'Zebedee', lastname: 'Onyx' })
    const byName = await manager(customerEndpoints.listCustomers, { query: 'search=zebedee&per_page=1' })
    expect(byName.json()).toMatchObject({ total: 2, page: 1, perPage: 1 })
    expect(byName.json().items).toHaveLength(1)
    const byBoth = await manager(customerEndpoints.listCustomers, { query: 'search=quartz%20zebedee' })
    expect(byBoth.json().items.map((c: { id: number }) => c.id)).toEqual([a.id])
    const byEmail = await manager(customerEndpoints.listCustomers, {
      query: `search=${a.email.toUpperCase()}`,
    })
    expect(byEmail.json().items).toMatchObject([
      { id: a.id, email: a.email, name: 'Zebedee Quartz', orders: 0 },
    ])
    const literal = await manager(customerEndpoints.listCustomers, { query: 'search=%25' })
    expect(literal.json().total).toBe(0)
  })

  it('disables an account: its sessions end at once and it cannot log in until enabled again', async () => {
    const user = await loggedInUser(t.app)
    const me = () =>
      t.app.inject({ method: 'POST', url: '/wp-json/wp/v2/users/me', headers: bearer(user.token) })
    expect((await me()).statusCode).toBe(200)
    const disabled = await manager(customerEndpoints.setCustomerStatus, {
      id: user.id,
      body: { disabled: true },
    })
    expect(disabled.statusCode, disabled.body).toBe(200)
    expect(disabled.json()).toMatchObject({ disabledAt: expect.any(String), activeSessions: 0 })
    expect((await me()).statusCode).toBe(401)
    const refused = await login(t.app, user.email, user.password)
    expect(refused.json()).toEqual({ statusCode: 403, message: ACCOUNT_DISABLED_MESSAGE })
    const wrong = await login(t.app, user.email, 'not the password')
    expect(wrong.json().message).not.toBe(ACCOUNT_DISABLED_MESSAGE)
    const enabled = await manager(customerEndpoints.setCustomerStatus, {
      id: user.id,
      body: { disabled: false },
    })
    expect(enabled.json().disabledAt).toBeNull()
    expect((await login(t.app, user.email, user.password)).statusCode).toBe(200)
    expect((await auditOf(user.id)).map((entry) => entry.action)).toEqual([
      'customer.enable',
      'customer.disable',
    ])
    expect((await auditOf(user.id))[1]!.after).toMatchObject({ sessionsEnded: 1 })
  })

  it("shows a customer's details and exports their data as a download", async () => {
    const user = await loggedInUser(t.app, { firstname: 'Export', lastname: 'Me' })
    const order = await placeOrder(user.token, user.email)
    const detail = await manager(customerEndpoints.customer, { id: user.id })
    expect(detail.json()).toMatchObject({
      customer: { id: user.id, email: user.email, firstName: 'Export', orders: 1, activeSessions: 1 },
      orders: [{ number: order.number, state: 'complete', itemCount: 2, total: expect.any(Number) }],
    })
    const exported = await manager(customerEndpoints.exportCustomer, { id: user.id })
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="customer-${user.id}.json"`)
    expect(exported.json()).toMatchObject({
      profile: { email: user.email },
      orders: [
        {
          number: order.number,
          email: user.email,
          billAddress: { city: 'Madrid' },
          lines: [{ name: 'Erasure tee', quantity: 2, price: 2500 }],
        },
      ],
    })
    expect((await auditOf(user.id)).map((entry) => entry.action)).toEqual(['customer.export'])
  })

  it('erases the personal data on request and keeps the order minimum', async () => {
    const user = await loggedInUser(t.app, { firstname: 'Forget', lastname: 'Me' })
    const order = await placeOrder(user.token, user.email)
    // As an order with a limited item keeps it: the mailbox the per-fan cap counts by.
    await t.ctx.db
      .updateTable('orders')
      .set({ fan_mailbox: user.email })
      .where('number', '=', order.number)
      .execute()
    const before = await t.ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('number', '=', order.number)
      .executeTakeFirstOrThrow()
    const orderCall = (endpoint: AdminEndpoint, body?: object) =>
      callEndpoint(t.app, endpoint, { cookie: cookies.manager, params: { number: order.number }, body })
    expect((await orderCall(adminOrderEndpoints.resendConfirmation)).statusCode).toBe(200)
    const note = await orderCall(adminOrderEndpoints.addOrderNote, {
      key: `${order.number}-size-call`,
      text: `Called ${user.email.toUpperCase()} about the size`,
    })
    expect(note.statusCode, note.body).toBe(201)
    const res = await manager(customerEndpoints.eraseCustomer, { id: user.id })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      orders: 1,
      kept: [...ERASURE_KEEPS],
      customer: { firstName: '', erasedAt: expect.any(String) },
    })
    const row = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      first_name: '',
      last_name: '',
      phone: null,
      birthday: null,
      password_hash: null,
    })
    expect(row.email).not.toContain('example.com')
    const after = await t.ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('number', '=', order.number)
      .executeTakeFirstOrThrow()
    expect(after).toMatchObject({
      number: before.number,
      completed_at: before.completed_at,
      item_total: before.item_total,
      adjustment_total: before.adjustment_total,
      ship_total: before.ship_total,
      total: before.total,
      email: null,
      fan_mailbox: null,
      ship_address: null,
    })
    expect(JSON.parse(after.bill_address!)).toEqual({ country_id: order.countryId })
    const timeline = await t.ctx.db
      .selectFrom('order_events')
      .select('text')
      .where('order_id', '=', after.id)
      .execute()
    expect(timeline.map((event) => event.text)).toEqual([
      'Confirmation e-mail sent to the customer',
      'Confirmation e-mail sent to the customer',
      'Called the customer about the size',
    ])
    const orderAudit = await t.ctx.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('entity', '=', 'order')
      .where('entity_id', '=', order.number)
      .execute()
    expect(orderAudit.map((entry) => entry.action).sort()).toEqual([
      'order.note',
      'order.resend_confirmation',
    ])
    expect(JSON.stringify(orderAudit).toLowerCase()).not.toContain(user.email.toLowerCase())
    const lines = await t.ctx.db
      .selectFrom('line_items')
      .selectAll()
      .where('order_id', '=', after.id)
      .execute()
    expect(lines).toMatchObject([{ quantity: 2, price: 2500 }])
    const payment = await t.ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', after.id)
      .execute()
    for (const p of payment)
      expect(p).toMatchObject({ card_name: null, card_last4: null, gateway_token: null })
    expect((await login(t.app, user.email, user.password)).statusCode).toBe(403)
    const found = await manager(customerEndpoints.listCustomers, {
      query: `search=${encodeURIComponent(user.email)}`,
    })
    expect(found.json().total).toBe(0)
    const audit = await auditOf(user.id)
    expect(audit[0]).toMatchObject({ action: 'customer.erase' })
    expect(JSON.stringify(audit[0])).not.toContain(user.email)
    expect((await manager(customerEndpoints.eraseCustomer, { id: user.id })).statusCode).toBe(409)
    const enable = await manager(customerEndpoints.setCustomerStatus, {
      id: user.id,
      body: { disabled: false },
    })
    expect(enable.statusCode).toBe(409)
  })
})

describe('the OpenAPI document', () => {
  it('lists the customer and coupon endpoints under the admin tag', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json()
    for (const endpoint of [...Object.values(customerEndpoints), ...Object.values(couponEndpoints)]) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}')
      expect(doc.paths[path]?.[endpoint.method.toLowerCase()]?.tags, path).toEqual(['admin'])
    }
  })
})
