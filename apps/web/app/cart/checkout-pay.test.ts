// The checkout's pay step against the real API on a loopback port: the Idempotency-Key the page
// drew comes back in the form, so a key that cannot be one (any text a tampered post holds) is
// answered in the page, before anything is saved or charged.
import { expect, it } from 'vitest'
import {
  addLine,
  createCart,
  fetchOrder,
  insertProduct,
  madridAddress,
  placeIds,
} from '../../../api/tests/cart.ts'
import { testLoadContext } from '../../tests/load-context.ts'
import { inVisitorRequest, listeningApi } from '../../tests/visitor.ts'
import { payStep } from './checkout.server.ts'

const api = listeningApi()

/** A cart taken through address and delivery to the payment step. */
async function cartAtPayment() {
  const cart = await createCart(api.t)
  expect(
    (await addLine(api.t, cart, await insertProduct(api.t, { price: 1500, stock: 10 }))).statusCode,
  ).toBe(201)
  const url = (path: string) => `/api/v1/checkouts/${cart.number}${path}?order_token=${cart.token}`
  const address = madridAddress(await placeIds(api.t, 'ES', 'M'))
  const saved = await api.t.app.inject({
    method: 'PUT',
    url: url('.json'),
    payload: { order: { email: 'ana@example.com', bill_address_attributes: address, use_billing: true } },
  })
  expect(saved.statusCode).toBe(200)
  while ((await fetchOrder(api.t, cart)).state !== 'payment')
    expect((await api.t.app.inject({ method: 'PUT', url: url('/next.json') })).statusCode).toBe(200)
  return cart
}

const bankTransfer = () =>
  api.t.ctx.db
    .selectFrom('payment_methods')
    .select('id')
    .where('method_type', '=', 'bank_transfer')
    .executeTakeFirstOrThrow()

/** The pay step's answer to this post, in one request of a visitor whose session holds `cart`. */
function pay(cart: { number: string; token: string }, fields: Record<string, string>) {
  const context = testLoadContext(fetch, api.baseUrl)
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  return inVisitorRequest(context, { cart }, () => payStep(context, form))
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
    expect((await fetchOrder(api.t, cart)).state).toBe('payment')
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
  expect((await fetchOrder(api.t, cart)).state).toBe('complete')
})
