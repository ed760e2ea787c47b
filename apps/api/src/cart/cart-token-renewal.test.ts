// An account's cart and the order token a browser kept of it: once the account's sessions are
// ended (a password reset or change, staff disabling it), the token the ended logins knew opens
// nothing, and a guest cart that becomes an account's at login gets a token of its own.
import type { OrderJson } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  changePassword,
  loggedInUser,
  login,
  mailedResetKey,
  setPasswordWithKey,
} from '../../tests/accounts.ts'
import { addLine, createCart, insertProduct, madridAddress, placeIds } from '../../tests/cart.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { setCustomerDisabled } from '../admin/accounts/customers.ts'
import { seedCart } from '../demo/cart.ts'
import type { MailMessage } from '../mail/mailer.ts'

describe(`an account's cart token after its sessions end, on ${testDialect}`, () => {
  let t: TestApp
  let productId: number
  const mail: MailMessage[] = []

  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      mailer: { send: async (message) => void mail.push(message), close() {} },
    })
    await seedCart(t.ctx)
    productId = await insertProduct(t, { price: 1500, stock: 100 })
  })
  afterAll(() => t.close())

  const q = (order: Pick<OrderJson, 'token'>) => `order_token=${order.token}`
  const read = (order: Pick<OrderJson, 'number' | 'token'>) =>
    t.app.inject(`/api/v1/orders/${order.number}.json?${q(order)}`)
  const next = (order: Pick<OrderJson, 'number' | 'token'>) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/checkouts/${order.number}/next.json?${q(order)}` })
  const currentCart = async (token: string): Promise<OrderJson> => {
    const res = await t.app.inject({ url: '/api/v1/orders/current.json', headers: bearer(token) })
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  /** The account's cart, opened by a login (the one that will be ended), taken to the payment step. */
  async function cartAtPayment(sessionToken: string, email: string): Promise<OrderJson> {
    const cart = await createCart(t, sessionToken)
    expect((await addLine(t, cart, productId)).statusCode).toBe(201)
    await next(cart)
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/checkouts/${cart.number}.json?${q(cart)}`,
      payload: {
        order: {
          email,
          bill_address_attributes: madridAddress(await placeIds(t, 'ES', 'M')),
          use_billing: true,
        },
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    await next(cart)
    expect((await next(cart)).json().state).toBe('payment')
    return cart
  }

  /** Whoever kept the cart's old token: it reads, changes, moves and finds nothing any more. */
  async function expectLockedOut(cart: OrderJson, email: string) {
    expect((await read(cart)).statusCode).toBe(404)
    expect((await addLine(t, cart, productId)).statusCode).toBe(404)
    expect((await next(cart)).statusCode).toBe(404)
    const lookup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders/lookup',
      payload: { number: cart.number, email },
      remoteAddress: '203.0.113.50',
    })
    expect(lookup.statusCode).toBe(404)
  }

  it('a password reset ends the token the ended logins kept; the owner’s next login gets the new one', async () => {
    const user = await loggedInUser(t.app)
    const cart = await cartAtPayment(user.token, user.email)

    const key = await mailedResetKey(t.app, mail, user.email)
    const set = await setPasswordWithKey(t.app, key, 'brand new secret')
    expect(set.statusCode, set.body).toBe(200)

    await expectLockedOut(cart, user.email)
    const relogin = await login(t.app, user.email, 'brand new secret')
    const own = await currentCart(relogin.json().data.token)
    expect(own.number).toBe(cart.number)
    expect(own.token).not.toBe(cart.token)
    expect(own.item_count).toBe(1)
    expect((await read(own)).statusCode).toBe(200)
  })

  it('a password change in the profile ends it for the other devices; this one reads the new one', async () => {
    const user = await loggedInUser(t.app)
    const stolen = (await login(t.app, user.email, user.password)).json().data.token as string
    const cart = await cartAtPayment(stolen, user.email)

    const changed = await changePassword(t.app, user.token, user.password, 'brand new secret')
    expect(changed.statusCode, changed.body).toBe(200)

    await expectLockedOut(cart, user.email)
    const own = await currentCart(user.token)
    expect(own.number).toBe(cart.number)
    expect(own.token).not.toBe(cart.token)
    expect((await read(own)).statusCode).toBe(200)
  })

  it('staff disabling the account ends it too', async () => {
    const user = await loggedInUser(t.app)
    const cart = await cartAtPayment(user.token, user.email)
    await setCustomerDisabled(t.ctx, { id: null, email: 'owner@example.com' }, user.id, true)
    await expectLockedOut(cart, user.email)
  })

  it('leaves other shoppers’ carts as they were', async () => {
    const user = await loggedInUser(t.app)
    const guest = await createCart(t)
    expect((await addLine(t, guest, productId)).statusCode).toBe(201)
    await setCustomerDisabled(t.ctx, { id: null, email: 'owner@example.com' }, user.id, true)
    expect((await read(guest)).statusCode).toBe(200)
  })

  it('gives a guest cart that becomes an account’s at login a token of its own', async () => {
    const user = await loggedInUser(t.app)
    const guest = await createCart(t)
    expect((await addLine(t, guest, productId)).statusCode).toBe(201)
    const associated = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/orders/${guest.number}/associate.json?${q(guest)}`,
      headers: bearer(user.token),
    })
    expect(associated.statusCode, associated.body).toBe(200)
    const kept: OrderJson = associated.json()
    expect(kept.number).toBe(guest.number)
    expect(kept.token).not.toBe(guest.token)
    // Whoever else held the guest's token (a shared computer, a link) does not hold the account's cart.
    expect((await read(guest)).statusCode).toBe(404)
    expect((await read(kept)).statusCode).toBe(200)
    expect((await currentCart(user.token)).token).toBe(kept.token)
  })
})
