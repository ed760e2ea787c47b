import { type OrderJson, QUEUE_PASS_HEADER } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addLine,
  approvedCard,
  insertProduct,
  insertShopper,
  madridAddress,
  placeIds,
} from '../../tests/cart.ts'
import { type TestApp, testDialect } from '../../tests/test-app.ts'
import { addToOrderNumbered } from '../cart/carts.ts'
import { createOrder } from '../cart/orders.ts'
import { seedCart } from '../demo/cart.ts'
import { reopenCart } from './queue-store.ts'
import { joinWithTicket, openCart, status, waitingRoomApp } from './queue-test-helpers.ts'

const LAUNCH = Date.parse('2099-01-01T07:00:00Z')
const MIN = 60_000

describe(`a cart opened through the waiting room on ${testDialect}`, () => {
  let t: TestApp
  let productId: number
  let spain: { countryId: number; stateId: number | null }
  let cardMethod: number
  beforeAll(async () => {
    t = await waitingRoomApp(LAUNCH, { ratePerMinute: 6000, passMinutes: 15 })
    await seedCart(t.ctx)
    spain = await placeIds(t, 'ES', 'M')
    cardMethod = (
      await t.ctx.db
        .selectFrom('payment_methods')
        .select('id')
        .where('method_type', '=', 'credit_card')
        .executeTakeFirstOrThrow()
    ).id
    productId = await insertProduct(t, { price: 1000, stock: 100 })
  })
  afterAll(() => t.close())

  /** A fan let in now: their pass. */
  const admitted = async () => {
    const ticket = await joinWithTicket(t)
    t.clock.advance(1000)
    const answer = await status(t, ticket)
    expect(answer.statusCode).toBe(200)
    return answer.json().data.pass as string
  }

  const q = (order: Pick<OrderJson, 'token'>) => `order_token=${order.token}`
  const next = (order: OrderJson) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/checkouts/${order.number}/next.json?${q(order)}` })
  const update = (order: OrderJson, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/checkouts/${order.number}.json?${q(order)}`, payload })

  /** The whole checkout, without any pass: the state it ends in. */
  async function checkOut(order: OrderJson) {
    expect((await next(order)).statusCode).toBe(200)
    await update(order, {
      order: { email: 'slow@example.com', bill_address_attributes: madridAddress(spain), use_billing: true },
    })
    await next(order)
    await next(order)
    await update(order, {
      order: { payments_attributes: [{ payment_method_id: cardMethod }] },
      payment_source: { [cardMethod]: approvedCard },
    })
    const confirm = await next(order)
    expect(confirm.json(), confirm.body).toMatchObject({ state: 'confirm' })
    const placed = await next(order)
    expect(placed.statusCode).toBe(200)
    return placed.json().state as string
  }

  it('places the order after the pass has expired, while the hold of its first add lives', async () => {
    t.clock.now = LAUNCH + MIN
    const pass = await admitted()
    const opened = await openCart(t, productId, pass)
    expect(opened.statusCode).toBe(201)
    const order = opened.json() as OrderJson

    // 40 minutes later: the pass (15 minutes) is long gone, the cart's hour is not.
    t.clock.now = LAUNCH + 41 * MIN
    expect((await openCart(t, productId, pass)).statusCode).toBe(403)
    expect((await addLine(t, order, productId)).statusCode).toBe(201)
    expect(await checkOut(order)).toBe('complete')
  })

  it('still needs a pass for a new cart, and lends the admission to no one without the cart’s token', async () => {
    t.clock.now = LAUNCH + 2 * MIN
    const order = (await openCart(t, productId, await admitted())).json() as OrderJson
    t.clock.now = LAUNCH + 30 * MIN
    const fresh = await openCart(t, productId)
    expect(fresh.statusCode).toBe(403)
    expect(fresh.json().message).toBe('Join the waiting room: your pass is missing or has expired.')
    const stranger = await addLine(t, { number: order.number, token: 'not-the-token' }, productId)
    expect(stranger.statusCode).toBe(404)
  })

  it('ends the admission with the hour of the first hold', async () => {
    t.clock.now = LAUNCH + 3 * MIN
    const order = (await openCart(t, productId, await admitted())).json() as OrderJson
    t.clock.now = LAUNCH + 65 * MIN
    const late = await addLine(t, order, productId)
    expect(late.statusCode).toBe(403)
    expect(late.json().message).toBe('Join the waiting room: your pass is missing or has expired.')
    // A new pass lets the fan go on with the same cart.
    const again = await admitted()
    const withPass = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.number}/line_items.json?${q(order)}`,
      headers: { [QUEUE_PASS_HEADER]: again },
      payload: { line_item: { variant_id: productId, quantity: 1 } },
    })
    expect(withPass.statusCode).toBe(201)
  })

  it('keeps the admission when the guest cart is merged into the account’s cart at login', async () => {
    t.clock.now = LAUNCH + 70 * MIN
    const fan = await insertShopper(t)
    const own = await createOrder(t.ctx, { userId: fan.id, email: fan.email })
    const guest = (await openCart(t, productId, await admitted())).json() as OrderJson
    const merged = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${guest.number}/associate.json?${q(guest)}`,
      headers: { authorization: `Bearer ${fan.token}` },
    })
    expect(merged.statusCode).toBe(200)
    expect(merged.json().number).toBe(own.number)
    t.clock.now = LAUNCH + 100 * MIN
    const add = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${own.number}/line_items.json`,
      headers: { authorization: `Bearer ${fan.token}` },
      payload: { line_item: { variant_id: productId, quantity: 1 } },
    })
    expect(add.statusCode).toBe(201)
  })

  it('lets a pass write to the one cart it opened or first wrote to, and to no other cart', async () => {
    t.clock.now = LAUNCH + 120 * MIN
    // Carts made before the launch (an access code that does not skip the queue): no admission.
    const [early, other, third] = await Promise.all([1, 2, 3].map(() => createOrder(t.ctx, null)))
    const withPass = (order: Pick<OrderJson, 'number' | 'token'>, pass: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${order.number}/line_items.json?${q(order)}`,
        headers: { [QUEUE_PASS_HEADER]: pass },
        payload: { line_item: { variant_id: productId, quantity: 1 } },
      })
    // A pass that opened a cart opens no one else's: handed on, it adds nothing to theirs.
    const opener = await admitted()
    expect((await openCart(t, productId, opener)).statusCode).toBe(201)
    const handedOn = await withPass(other!, opener)
    expect(handedOn.statusCode).toBe(403)
    expect(handedOn.json().message).toBe('This pass has already opened another cart.')
    // A fan who made their cart before the launch goes on with it: that cart is their pass's one.
    const own = await admitted()
    expect((await withPass(early!, own)).statusCode).toBe(201)
    expect((await withPass(early!, own)).statusCode).toBe(201)
    expect((await withPass(third!, own)).statusCode).toBe(403)
    expect((await openCart(t, productId, own)).statusCode).toBe(403)
    // Logging in merges that cart into the account's, and the pass goes on with the merged cart.
    const fan = await insertShopper(t)
    const account = await createOrder(t.ctx, { userId: fan.id, email: fan.email })
    const merged = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${early!.number}/associate.json?${q(early!)}`,
      headers: { authorization: `Bearer ${fan.token}` },
    })
    expect(merged.json().number).toBe(account.number)
    expect((await withPass(account, own)).statusCode).toBe(201)
    // A stranger's pass binds nothing to a cart whose token it lacks.
    const stranger = await admitted()
    expect((await withPass({ number: other!.number, token: 'not-the-token' }, stranger)).statusCode).toBe(404)
    expect((await withPass(other!, stranger)).statusCode).toBe(201)
  })

  it('lets a fan who emptied their bag open its new cart with their pass, and no second full one', async () => {
    t.clock.now = LAUNCH + 150 * MIN
    const pass = await admitted()
    const first = (await openCart(t, productId, pass)).json() as OrderJson
    // A second cart while the first holds units: still one cart per pass.
    const second = await openCart(t, productId, pass)
    expect(second.statusCode).toBe(403)
    expect(second.json().message).toBe('This pass has already opened a cart.')
    // Removing the last line resets the cart (spec 4): the storefront opens a new one.
    t.clock.advance(1000)
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/orders/${first.number}/line_items/${first.line_items[0]!.id}?${q(first)}`,
    })
    expect(removed.statusCode).toBeLessThan(300)
    const reset = await openCart(t, productId, pass)
    expect(reset.statusCode).toBe(201)
    // The pass's one cart is now the new one: the emptied cart is no longer admitted.
    const old = await addLine(t, first, productId)
    expect(old.statusCode).toBe(403)
    expect((await addLine(t, reset.json() as OrderJson, productId)).statusCode).toBe(201)
  })

  /** A fan's pass and the cart it opened, emptied (its last line removed), still the pass's. */
  async function emptiedCart() {
    const pass = await admitted()
    const cart = (await openCart(t, productId, pass)).json() as OrderJson
    t.clock.advance(1000)
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/orders/${cart.number}/line_items/${cart.line_items[0]!.id}?${q(cart)}`,
    })
    expect(removed.statusCode).toBeLessThan(300)
    return { pass, cart }
  }
  const heldIn = async (number: string) =>
    Number(
      (
        await t.ctx.db
          .selectFrom('holds')
          .innerJoin('orders', 'orders.id', 'holds.order_id')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('orders.number', '=', number)
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('refuses an add let through for an emptied cart once a new cart of its pass has taken the pass', async () => {
    t.clock.now = LAUNCH + 180 * MIN
    const { cart } = await emptiedCart()
    const { queue_ticket_id } = await t.ctx.db
      .selectFrom('orders')
      .select('queue_ticket_id')
      .where('number', '=', cart.number)
      .executeTakeFirstOrThrow()
    // The waiting room let the add through for the cart's standing; before the add's transaction
    // ran, the fan's other tab opened a new cart with the same pass.
    expect(await reopenCart(t.ctx, queue_ticket_id!)).toBe(true)
    const add = addToOrderNumbered(
      t.ctx,
      { orderToken: cart.token, user: null },
      { number: cart.number, variantId: productId, quantity: 1, queueStanding: true },
      () => Promise.reject(new Error('the add opened the cart the long way')),
    )
    await expect(add).rejects.toMatchObject({
      statusCode: 403,
      message: 'This pass has already opened another cart.',
    })
    expect(await heldIn(cart.number)).toBe(0)
  })

  it('holds units for one cart of a pass when an add to its emptied cart and a new cart race', async () => {
    t.clock.now = LAUNCH + 200 * MIN
    for (let round = 0; round < 8; round++) {
      const { pass, cart } = await emptiedCart()
      const [add, opened] = await Promise.all([addLine(t, cart, productId), openCart(t, productId, pass)])
      expect([add.statusCode, opened.statusCode]).not.toEqual([201, 201])
      const carts = [cart.number, ...(opened.statusCode === 201 ? [opened.json().number as string] : [])]
      const holding = []
      for (const number of carts) if ((await heldIn(number)) > 0) holding.push(number)
      expect(holding.length, `round ${round}`).toBeLessThanOrEqual(1)
    }
  })
})
