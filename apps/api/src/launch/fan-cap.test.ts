import type { OrderJson } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addLine,
  approvedCard,
  createCart,
  fetchOrder,
  insertProduct,
  insertShopper,
  insertSiblingVariation,
  insertVariableProduct,
  madridAddress,
  placeIds,
} from '../../tests/cart.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { cancelOrder } from '../admin/cart/refunds.ts'
import { seedCart } from '../demo/cart.ts'

/** Who cancels orders in these tests (the back office's audit names them). */
const STAFF = { id: null, email: 'staff@example.com' }

describe(`the per-fan cap on ${testDialect}`, () => {
  let t: TestApp
  let spain: { countryId: number; stateId: number | null }
  let cardMethod: number
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
    await seedCart(t.ctx)
    spain = await placeIds(t, 'ES', 'M')
    cardMethod = (
      await t.ctx.db
        .selectFrom('payment_methods')
        .select('id')
        .where('method_type', '=', 'credit_card')
        .executeTakeFirstOrThrow()
    ).id
  })
  afterAll(() => t.close())

  const held = async (id: number) =>
    Number(
      (
        await t.ctx.db
          .selectFrom('products')
          .select('stock_held')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).stock_held,
    )

  const capped = async (settings: { limited?: number; max_per_fan?: number | null }) => {
    const id = await insertProduct(t, { price: 4000, stock: 100 })
    await t.ctx.db.updateTable('products').set(settings).where('id', '=', id).execute()
    return id
  }

  /** The checkout's refusal of a capped item: it names the item, as the cart may hold several. */
  const refusedAtCheckout = async (item: number, cap: number) => {
    const { name } = await t.ctx.db
      .selectFrom('products')
      .select('name')
      .where('id', '=', item)
      .executeTakeFirstOrThrow()
    return {
      statusCode: 422,
      message: `"${name}" is limited to ${cap} per fan.`,
      limit: { kind: 'per-fan', max: cap },
    }
  }

  const q = (order: OrderJson) => `order_token=${order.token}`
  const next = (order: OrderJson) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/checkouts/${order.number}/next.json?${q(order)}` })
  const update = (order: OrderJson, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/checkouts/${order.number}.json?${q(order)}`, payload })
  /** Takes a cart with its lines through the checkout to the confirm step, paying by the approved card. */
  const toConfirm = async (order: OrderJson, email: string) => {
    expect((await next(order)).statusCode).toBe(200)
    await update(order, {
      order: { email, bill_address_attributes: madridAddress(spain), use_billing: true },
    })
    await next(order)
    await next(order)
    await update(order, {
      order: { payments_attributes: [{ payment_method_id: cardMethod }] },
      payment_source: { [cardMethod]: approvedCard },
    })
    expect((await next(order)).json().state).toBe('confirm')
  }

  it('holds a limited item to 1 per fan across the carts of their account', async () => {
    const fan = await insertShopper(t)
    const item = await capped({ limited: 1 })
    const first = await createCart(t, fan.token)
    expect((await addLine(t, first, item)).statusCode).toBe(201)
    const more = await addLine(t, first, item)
    expect(more.statusCode).toBe(422)
    expect(more.json()).toEqual({
      statusCode: 422,
      message: 'This item is limited to 1 per fan.',
      limit: { kind: 'per-fan', max: 1 },
    })
    const second = await createCart(t, fan.token)
    expect((await addLine(t, second, item)).statusCode).toBe(422)
    // Another fan is not affected, and items without a cap are not either.
    const other = await insertShopper(t)
    expect((await addLine(t, await createCart(t, other.token), item)).statusCode).toBe(201)
    expect((await addLine(t, second, await insertProduct(t, { price: 100, stock: 9 }), 3)).statusCode).toBe(
      201,
    )
  })

  it("takes the product's own cap when it sets one", async () => {
    const fan = await insertShopper(t)
    const item = await capped({ max_per_fan: 2 })
    const a = await createCart(t, fan.token)
    expect((await addLine(t, a, item, 2)).statusCode).toBe(201)
    const b = await createCart(t, fan.token)
    const over = await addLine(t, b, item)
    expect(over.json().message).toBe('This item is limited to 2 per fan.')
  })

  /** A variable product marked limited, with sizes M and L: the ids of its two variations. */
  const cappedSizes = async () => {
    const { productId, variationId: medium } = await insertVariableProduct(t, { price: 4000, stock: 100 })
    const large = await insertSiblingVariation(t, productId, { price: 4000, stock: 100 })
    await t.ctx.db.updateTable('products').set({ limited: 1 }).where('id', '=', productId).execute()
    return { medium, large }
  }

  it('holds a fan to 1 of a limited product, whatever the size, in a cart and across the account', async () => {
    const fan = await insertShopper(t)
    const { medium, large } = await cappedSizes()
    const first = await createCart(t, fan.token)
    expect((await addLine(t, first, medium)).statusCode).toBe(201)
    const otherSize = await addLine(t, first, large)
    expect(otherSize.statusCode).toBe(422)
    expect(otherSize.json().message).toBe('This item is limited to 1 per fan.')
    expect((await addLine(t, await createCart(t, fan.token), large)).statusCode).toBe(422)
    const guest = await createCart(t)
    expect((await addLine(t, guest, medium)).statusCode).toBe(201)
    expect((await addLine(t, guest, large)).statusCode).toBe(422)
  })

  it("tells each line how many units it may hold: its product's tightest limit less the order's other lines of it", async () => {
    const fan = await insertShopper(t)
    const { productId, variationId: medium } = await insertVariableProduct(t, { price: 4000, stock: 100 })
    const large = await insertSiblingVariation(t, productId, { price: 4000, stock: 100 })
    await t.ctx.db.updateTable('products').set({ max_per_fan: 3 }).where('id', '=', productId).execute()
    const free = await insertProduct(t, { price: 100, stock: 9 })
    const cart = await createCart(t, fan.token)
    const perFan = (max: number) => ({ kind: 'per-fan', max })
    // The add answers the line's room: the cap of 3, the sizes together.
    expect((await addLine(t, cart, medium)).json()).toMatchObject({ limit: perFan(3), max_quantity: 3 })
    expect((await addLine(t, cart, large)).json()).toMatchObject({ limit: perFan(3), max_quantity: 2 })
    const freeLine = await addLine(t, cart, free, 2)
    expect(freeLine.json()).toMatchObject({ limit: { kind: 'per-order', max: 5 }, max_quantity: 5 })
    const room = async () =>
      Object.fromEntries(
        (await fetchOrder(t, cart)).line_items.map((line) => [
          line.variant_id,
          { limit: line.limit, max_quantity: line.max_quantity },
        ]),
      )
    expect(await room()).toEqual({
      [medium]: { limit: perFan(3), max_quantity: 2 },
      [large]: { limit: perFan(3), max_quantity: 2 },
      [free]: { limit: { kind: 'per-order', max: 5 }, max_quantity: 5 },
    })
    // A raise answers the same way.
    const line = (await fetchOrder(t, cart)).line_items.find((l) => l.variant_id === medium)!
    const raised = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${cart.number}/line_items/${line.id}?order_token=${cart.token}`,
      payload: { line_item: { quantity: 2 } },
    })
    expect(raised.statusCode, raised.body).toBe(200)
    expect(raised.json()).toMatchObject({ quantity: 2, limit: perFan(3), max_quantity: 2 })
    // The cap lowered after the units were held: each line now has less room than it holds.
    await t.ctx.db.updateTable('products').set({ max_per_fan: 1 }).where('id', '=', productId).execute()
    const lowered = await room()
    expect(lowered[medium]).toEqual({ limit: perFan(1), max_quantity: 0 })
    expect(lowered[large]).toEqual({ limit: perFan(1), max_quantity: 0 })
  })

  it('holds a mailbox to 1 of a limited product at checkout, whatever the size', async () => {
    const { medium, large } = await cappedSizes()
    const email = `sizes-${Date.now()}@example.com`
    const checkout = async (variant: number) => {
      const order = await createCart(t)
      expect((await addLine(t, order, variant)).statusCode).toBe(201)
      await toConfirm(order, email)
      return next(order)
    }
    expect((await checkout(medium)).json().state).toBe('complete')
    const again = await checkout(large)
    expect(again.json()).toEqual(await refusedAtCheckout(large, 1))
  })

  it('holds with parallel carts of one fan', async () => {
    const fan = await insertShopper(t)
    const item = await capped({ limited: 1 })
    const carts: OrderJson[] = []
    for (let i = 0; i < 6; i++) carts.push(await createCart(t, fan.token))
    const answers = await Promise.all(carts.map((cart) => addLine(t, cart, item)))
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 422, 422, 422, 422, 422])
  })

  it('holds a guest to the cap in the cart and per e-mail address at checkout', async () => {
    const item = await capped({ limited: 1 })
    const checkout = async (email: string) => {
      const order = await createCart(t)
      expect((await addLine(t, order, item, 2)).statusCode).toBe(422)
      expect((await addLine(t, order, item)).statusCode).toBe(201)
      await toConfirm(order, email)
      return next(order)
    }
    const first = await checkout('guest@example.com')
    expect(first.statusCode).toBe(200)
    expect(first.json().state).toBe('complete')
    const again = await checkout('Guest@Example.com')
    expect(again.json()).toEqual(await refusedAtCheckout(item, 1))
    expect((await checkout('someone-else@example.com')).json().state).toBe('complete')
    // Once the shop cancels the order, its unit is back on the shelf and the fan may take it again.
    await cancelOrder(t.ctx, first.json().number, {}, STAFF)
    expect((await checkout('guest@example.com')).json().state).toBe('complete')
  })

  it('counts one mailbox as one fan: a +tag, Gmail’s dots and the case make no other fan', async () => {
    const item = await capped({ limited: 1 })
    const checkout = async (email: string) => {
      const order = await createCart(t)
      expect((await addLine(t, order, item)).statusCode).toBe(201)
      await toConfirm(order, email)
      return next(order)
    }
    const name = `drop${Date.now()}`
    expect((await checkout(`${name}@gmail.com`)).json().state).toBe('complete')
    for (const alias of [
      `${name}+2@gmail.com`,
      `${name.slice(0, 2)}.${name.slice(2)}@gmail.com`,
      `${name.toUpperCase()}+x@googlemail.com`,
    ]) {
      const refused = await checkout(alias)
      expect(refused.json(), alias).toEqual(await refusedAtCheckout(item, 1))
    }
    // Another mailbox is another fan; elsewhere than Gmail a dot makes another mailbox.
    expect((await checkout(`${name}.other@gmail.com`)).json().state).toBe('complete')
    expect((await checkout(`${name.slice(0, 2)}@example.com`)).json().state).toBe('complete')
    expect((await checkout(`${name.slice(0, 2)}+x@example.com`)).statusCode).toBe(422)
    expect((await checkout(`${name.slice(0, 1)}.${name.slice(1, 2)}@example.com`)).json().state).toBe(
      'complete',
    )
  })

  it('holds an account at checkout to what its e-mail address bought as a guest', async () => {
    const fan = await insertShopper(t)
    const item = await capped({ limited: 1 })
    const asGuest = await createCart(t)
    expect((await addLine(t, asGuest, item)).statusCode).toBe(201)
    await toConfirm(asGuest, fan.email)
    expect((await next(asGuest)).json().state).toBe('complete')
    const own = await createCart(t, fan.token)
    expect((await addLine(t, own, item)).statusCode).toBe(201)
    await toConfirm(own, fan.email.toUpperCase())
    const placed = await next(own)
    expect(placed.json()).toEqual(await refusedAtCheckout(item, 1))
  })

  const associate = (guest: OrderJson, token: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${guest.number}/associate.json?order_token=${guest.token}`,
      headers: { authorization: `Bearer ${token}` },
    })

  it('counts no unit of the account’s orders that went back to the shelf (a cancelled order)', async () => {
    const fan = await insertShopper(t)
    const item = await capped({ limited: 1 })
    const bought = await createCart(t, fan.token)
    expect((await addLine(t, bought, item)).statusCode).toBe(201)
    await t.ctx.db
      .updateTable('orders')
      .set({ state: 'complete' })
      .where('number', '=', bought.number)
      .execute()
    await cancelOrder(t.ctx, bought.number, { reason: 'out of stock at the warehouse' }, STAFF)
    // The fan's guest cart, merged at login, keeps the unit the cancelled order gave back.
    const guest = await createCart(t)
    expect((await addLine(t, guest, item)).statusCode).toBe(201)
    const merged = await associate(guest, fan.token)
    expect(merged.statusCode).toBe(200)
    expect(merged.json().line_items).toEqual([expect.objectContaining({ variant_id: item, quantity: 1 })])
    expect(merged.json().capped_items).toEqual([])
    // And an add to another cart of the account (SQLite's add path counts on its own) takes it too.
    await t.ctx.db.deleteFrom('line_items').where('order_id', '=', merged.json().id).execute()
    const another = await createCart(t, fan.token)
    expect((await addLine(t, another, item)).statusCode).toBe(201)
  })

  it('keeps a guest cart merged at login to what the account may still have, and says so', async () => {
    const fan = await insertShopper(t)
    const item = await capped({ max_per_fan: 2 })
    const free = await insertProduct(t, { price: 100, stock: 9 })
    const own = await createCart(t, fan.token)
    expect((await addLine(t, own, item)).statusCode).toBe(201)
    const guest = await createCart(t)
    expect((await addLine(t, guest, item, 2)).statusCode).toBe(201)
    expect((await addLine(t, guest, free, 3)).statusCode).toBe(201)
    const stockBefore = await held(item)

    const merged = await associate(guest, fan.token)
    expect(merged.statusCode).toBe(200)
    const body = merged.json()
    expect(body.number).toBe(own.number)
    const quantities = Object.fromEntries(
      body.line_items.map((line: { variant_id: number; quantity: number }) => [
        line.variant_id,
        line.quantity,
      ]),
    )
    // The cap (2) is kept, not less; the product without a cap is untouched.
    expect(quantities).toEqual({ [item]: 2, [free]: 3 })
    expect(body.capped_items).toEqual([{ variant_id: item, name: expect.any(String), quantity: 1 }])
    expect(body.message).toMatch(
      /^Some items are limited per fan and your account already had them: 1 × .+ went back to the shop\.$/,
    )
    // The unit beyond the cap went back to the shelf.
    expect(await held(item)).toBe(stockBefore - 1)
  })

  /** A fan whose account's cart holds the one unit of `item` its cap allows, and a guest cart's unit of it merged at login. */
  const cappedAtLogin = async () => {
    const fan = await insertShopper(t)
    const item = await capped({ max_per_fan: 1 })
    const free = await insertProduct(t, { price: 100, stock: 9 })
    const own = await createCart(t, fan.token)
    expect((await addLine(t, own, item)).statusCode).toBe(201)
    const guest = await createCart(t)
    expect((await addLine(t, guest, item)).statusCode).toBe(201)
    expect((await associate(guest, fan.token)).json().capped_items).toHaveLength(1)
    return { fan, item, free, own }
  }

  it('lists what a merge gave back on the kept cart until its next change, for any device to show', async () => {
    const { fan, item, free, own } = await cappedAtLogin()
    const read = () =>
      t.app.inject({ url: '/api/v1/orders/current.json', headers: { authorization: `Bearer ${fan.token}` } })
    const notice = [{ variant_id: item, name: expect.any(String), quantity: 1 }]
    // Read again, from another device: the notice is still there, and reading does not clear it.
    expect((await read()).json().capped_items).toEqual(notice)
    expect((await read()).json().capped_items).toEqual(notice)
    // The fan's next change to the cart clears it, as it clears the notice of an expired hold.
    expect((await addLine(t, own, free)).statusCode).toBe(201)
    expect((await read()).json().capped_items).toEqual([])
  })

  it('clears an earlier merge’s notice when a later merge gives nothing back', async () => {
    const { fan, free } = await cappedAtLogin()
    const second = await createCart(t)
    expect((await addLine(t, second, free)).statusCode).toBe(201)
    const merged = await associate(second, fan.token)
    expect(merged.json().capped_items).toEqual([])
    expect(merged.json().message).toBeUndefined()
  })

  it('counts the account’s other orders when the guest cart simply becomes its cart', async () => {
    const fan = await insertShopper(t)
    const item = await capped({ limited: 1 })
    const elsewhere = await createCart(t, fan.token)
    expect((await addLine(t, elsewhere, item)).statusCode).toBe(201)
    // The account's newest cart is the one it keeps, so make the guest cart the account's only open one.
    await t.ctx.db
      .updateTable('orders')
      .set({ state: 'complete' })
      .where('number', '=', elsewhere.number)
      .execute()
    const guest = await createCart(t)
    expect((await addLine(t, guest, item)).statusCode).toBe(201)
    const merged = await associate(guest, fan.token)
    expect(merged.statusCode).toBe(200)
    expect(merged.json().number).toBe(guest.number)
    expect(merged.json().line_items).toEqual([])
    expect(merged.json().message).toContain('went back to the shop')
  })

  it('trims a guest cart merged at login to the cap of a product over its sizes', async () => {
    const fan = await insertShopper(t)
    const { medium, large } = await cappedSizes()
    const own = await createCart(t, fan.token)
    expect((await addLine(t, own, medium)).statusCode).toBe(201)
    const guest = await createCart(t)
    expect((await addLine(t, guest, large)).statusCode).toBe(201)
    const merged = await associate(guest, fan.token)
    expect(merged.statusCode).toBe(200)
    expect(merged.json().line_items).toEqual([expect.objectContaining({ variant_id: medium, quantity: 1 })])
    expect(merged.json().capped_items).toEqual([{ variant_id: large, name: expect.any(String), quantity: 1 }])
    expect(await held(large)).toBe(0)
  })

  it('lets one of two guest checkouts with the same e-mail at the same instant through, not both', async () => {
    const item = await capped({ limited: 1 })
    const email = `twin-${Date.now()}@example.com`
    const ready = async () => {
      const order = await createCart(t)
      expect((await addLine(t, order, item)).statusCode).toBe(201)
      await toConfirm(order, email)
      return order
    }
    const orders = await Promise.all([ready(), ready(), ready(), ready()])
    const placed = await Promise.all(orders.map((order) => next(order)))
    expect(placed.map((res) => res.statusCode).sort()).toEqual([200, 422, 422, 422])
    for (const res of placed.filter((answer) => answer.statusCode === 422)) {
      expect(res.json()).toEqual(await refusedAtCheckout(item, 1))
    }
    const complete = await t.ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('email', '=', email)
      .where('state', '=', 'complete')
      .executeTakeFirstOrThrow()
    expect(Number(complete.n)).toBe(1)
  })
})
