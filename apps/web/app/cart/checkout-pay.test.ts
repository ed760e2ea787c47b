// The checkout's pay step against the real API on a loopback port: the Idempotency-Key the page
// drew comes back in the form, so a key that cannot be one (any text a tampered post holds) is
// answered in the page, before anything is saved or charged.
import { afterAll, beforeAll, expect, it } from 'vitest'
import {
  addLine,
  createCart,
  fetchOrder,
  insertProduct,
  madridAddress,
  placeIds,
} from '../../../api/tests/cart.ts'
import { createTestApp, type TestApp } from '../../../api/tests/test-app.ts'
import { testLoadContext } from '../../tests/load-context.ts'
import { visitorMiddleware } from '../site/visitor.server.ts'
import { writeSession } from '../site/visitor-session.server.ts'
import { payStep } from './checkout.server.ts'

let t: TestApp
let apiBaseUrl: string

beforeAll(async () => {
  t = await createTestApp({ seed: false })
  apiBaseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 })
}, 60_000)
afterAll(() => t.close())

/** A cart taken through address and delivery to the payment step. */
async function cartAtPayment() {
  const cart = await createCart(t)
  expect((await addLine(t, cart, await insertProduct(t, { price: 1500, stock: 10 }))).statusCode).toBe(201)
  const url = (path: string) => `/api/v1/checkouts/${cart.number}${path}?order_token=${cart.token}`
  const address = madridAddress(await placeIds(t, 'ES', 'M'))
  const saved = await t.app.inject({
    method: 'PUT',
    url: url('.json'),
    payload: { order: { email: 'ana@example.com', bill_address_attributes: address, use_billing: true } },
  })
  expect(saved.statusCode).toBe(200)
  while ((await fetchOrder(t, cart)).state !== 'payment')
    expect((await t.app.inject({ method: 'PUT', url: url('/next.json') })).statusCode).toBe(200)
  return cart
}

const bankTransfer = () =>
  t.ctx.db
    .selectFrom('payment_methods')
    .select('id')
    .where('method_type', '=', 'bank_transfer')
    .executeTakeFirstOrThrow()

/** The pay step's answer to this post, in one request of a visitor whose session holds `cart`. */
async function pay(cart: { number: string; token: string }, fields: Record<string, string>) {
  const context = testLoadContext(fetch, apiBaseUrl)
  const [cookie] = writeSession({ cart }, [], context, Date.now())
  const request = new Request('http://shop.test/checkout', { headers: { cookie: cookie!.split(';')[0]! } })
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  let result: unknown
  await visitorMiddleware(
    { request, context, params: {}, url: new URL(request.url), pattern: '/checkout' },
    async () => {
      result = await payStep(context, form)
      return new Response(null)
    },
  )
  return result
}

it('answers an Idempotency-Key that is no key in the page, and charges nothing', async () => {
  const transfer = await bankTransfer()
  for (const key of ['€€€€€€€€€€', 'a-key-with\na-newline']) {
    const cart = await cartAtPayment()
    const result = await pay(cart, {
      payment_method_id: String(transfer.id),
      terms_accepted: 'on',
      idempotency_key: key,
    })
    expect(result).toMatchObject({ step: 'payment', error: expect.stringMatching(/reload/i) })
    expect((await fetchOrder(t, cart)).state).toBe('payment')
  }
})

it('places the order with the key the page drew', async () => {
  const transfer = await bankTransfer()
  const cart = await cartAtPayment()
  const placed = pay(cart, {
    payment_method_id: String(transfer.id),
    terms_accepted: 'on',
    idempotency_key: crypto.randomUUID(),
  })
  await expect(placed).rejects.toMatchObject({ status: 302 })
  expect((await fetchOrder(t, cart)).state).toBe('complete')
})
