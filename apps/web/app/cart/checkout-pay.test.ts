// The checkout's pay step against the real API on a loopback port: the Idempotency-Key the page
// drew comes back in the form, so a key that cannot be one (any text a tampered post holds) is
// answered in the page, before anything is saved or charged.
import { describe, expect, it } from 'vitest'
import { OUT_OF_STOCK } from '../../../api/src/cart/holds.ts'
import { claimPayment, completePlacement } from '../../../api/src/cart/placement.ts'
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
import { ORDER_CHANGED_MESSAGE, payStep } from './checkout.server.ts'

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
  await backToPayment(cart)
  return cart
}

/** The order moved on to the payment step, and as it is there. */
async function backToPayment(cart: { number: string; token: string }) {
  const url = `/api/v1/checkouts/${cart.number}/next.json?order_token=${cart.token}`
  let order = await fetchOrder(api.t, cart)
  while (order.state !== 'payment') {
    const moved = await api.t.app.inject({ method: 'PUT', url })
    expect(moved.statusCode).toBe(200)
    order = moved.json()
  }
  return order
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

it('answers a second post of the same pay form with the placed order, not an error', async () => {
  const transfer = await bankTransfer()
  const cart = await cartAtPayment()
  const fields = {
    payment_method_id: String(transfer.id),
    terms_accepted: 'on',
    idempotency_key: crypto.randomUUID(),
  }
  await expect(pay(cart, fields)).rejects.toMatchObject({ status: 302 })
  // The browser never saw the first answer (a double click, or a reload that posts again): its
  // session still names the cart, and the second post must still lead to the confirmation.
  const again = pay(cart, fields)
  await expect(again).rejects.toMatchObject({ status: 302 })
  const redirect = (await again.catch((error: Response) => error)) as Response
  expect(redirect.headers.get('location')).toBe(`/order/confirmation?number=${cart.number}`)
})

/**
 * A cart at confirm by bank transfer whose placement an earlier post of the pay form has claimed
 * (that post's request is between its claim and its charge), and that post's fields.
 */
async function cartBeingPlaced() {
  const transfer = await bankTransfer()
  const cart = await cartAtPayment()
  const url = (path: string) => `/api/v1/checkouts/${cart.number}${path}?order_token=${cart.token}`
  const chosen = await api.t.app.inject({
    method: 'PUT',
    url: url('.json'),
    payload: { order: { payments_attributes: [{ payment_method_id: transfer.id }] } },
  })
  expect(chosen.statusCode).toBe(200)
  expect((await api.t.app.inject({ method: 'PUT', url: url('/next.json') })).json().state).toBe('confirm')
  const fields = {
    payment_method_id: String(transfer.id),
    terms_accepted: 'on',
    idempotency_key: crypto.randomUUID(),
  }
  const row = await api.t.ctx.db
    .selectFrom('orders')
    .selectAll()
    .where('number', '=', cart.number)
    .executeTakeFirstOrThrow()
  return { cart, fields, claimed: await claimPayment(api.t.ctx, row, fields.idempotency_key) }
}

it('waits for the placement an earlier post of the same form started, and answers its outcome', async () => {
  const { cart, fields, claimed } = await cartBeingPlaced()
  const outcome = pay(cart, fields).catch((error: unknown) => error)
  await new Promise((resolve) => setTimeout(resolve, 200))
  expect((await completePlacement(api.t.ctx, claimed)).state).toBe('complete')
  const redirect = (await outcome) as Response
  expect(redirect).toBeInstanceOf(Response)
  expect(redirect.headers.get('location')).toBe(`/order/confirmation?number=${cart.number}`)
})

it('says why the placement it waited for was cancelled', async () => {
  const { cart, fields, claimed } = await cartBeingPlaced()
  const outcome = pay(cart, fields)
  await new Promise((resolve) => setTimeout(resolve, 200))
  // On hand fell under what the order holds (a fix made straight in the database): the placement
  // is cancelled and the order goes back to the payment step, ready to be placed again.
  const lines = await api.t.ctx.db
    .selectFrom('line_items')
    .select('variant_id')
    .where('order_id', '=', claimed.order.id)
    .execute()
  await api.t.ctx.db
    .updateTable('products')
    .set({ stock_on_hand: 0 })
    .where('id', '=', lines[0]!.variant_id)
    .execute()
  await expect(completePlacement(api.t.ctx, claimed)).rejects.toMatchObject({ message: OUT_OF_STOCK })
  expect(await outcome).toMatchObject({ step: 'payment', error: OUT_OF_STOCK })
  expect((await fetchOrder(api.t, cart)).state).toBe('payment')
})

describe('an order that changed since the pay form was drawn', () => {
  /** The fields of a pay form drawn for `order` as it was then, by bank transfer. */
  async function payForm(order: { total: string }) {
    return {
      payment_method_id: String((await bankTransfer()).id),
      terms_accepted: 'on',
      idempotency_key: crypto.randomUUID(),
      shown_total: order.total,
    }
  }

  it('is not placed without the products whose hold ran out meanwhile', async () => {
    const cart = await cartAtPayment()
    api.t.clock.advance(40 * 60 * 1000)
    const later = await insertProduct(api.t, { price: 900, stock: 10 })
    expect((await addLine(api.t, cart, later)).statusCode).toBe(201)
    const shown = await backToPayment(cart)
    // The first product's hour ends while the page is open; the one added later still holds.
    api.t.clock.advance(25 * 60 * 1000)
    const result = await pay(cart, await payForm(shown))
    expect(result).toEqual(expect.objectContaining({ step: 'address', error: ORDER_CHANGED_MESSAGE }))
    const after = await fetchOrder(api.t, cart)
    expect(after.state).toBe('cart')
    expect(after.line_items.map((line) => line.variant_id)).toEqual([later])
    expect(after.expired_items).toHaveLength(1)
  })

  it('does not charge a total raised or lowered in another tab, and places it once it is shown', async () => {
    const cart = await cartAtPayment()
    const shown = await fetchOrder(api.t, cart)
    const fields = await payForm(shown)
    await api.t.ctx.db
      .insertInto('coupons')
      .values({ code: 'OTHERTAB', type: 'percent', amount: 10, active: 1, created_at: api.t.clock.now })
      .execute()
    const applied = await api.t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${cart.number}/apply_coupon_code?order_token=${cart.token}`,
      payload: { coupon_code: 'OTHERTAB' },
    })
    expect(applied.statusCode).toBe(200)
    expect(await pay(cart, fields)).toEqual(
      expect.objectContaining({ step: 'payment', error: ORDER_CHANGED_MESSAGE }),
    )
    const now = await fetchOrder(api.t, cart)
    expect(now.state).not.toBe('complete')
    expect(now.total).not.toBe(shown.total)
    const placed = pay(cart, { ...fields, idempotency_key: crypto.randomUUID(), shown_total: now.total })
    await expect(placed).rejects.toMatchObject({ status: 302 })
    expect((await fetchOrder(api.t, cart)).state).toBe('complete')
  })
})
