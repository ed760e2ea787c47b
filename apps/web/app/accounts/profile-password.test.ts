// A password change in the profile against the real API (on a loopback port, over a private SQLite
// database), behind the root's visitor middleware: it ends the account's other sessions and with
// them its cart's token, and the device that changed it keeps the bag under the new token.
import type { OrderJson } from '@fanshop/core'
import { describe, expect, it } from 'vitest'
import { seedCart } from '../../../api/src/demo/cart.ts'
import { loggedInUser } from '../../../api/tests/accounts.ts'
import { addLine, createCart, insertProduct } from '../../../api/tests/cart.ts'
import { testLoadContext } from '../../tests/load-context.ts'
import { listeningApi, sessionCookie } from '../../tests/visitor.ts'
import { loadCart } from '../cart/cart.server.ts'
import { visitorMiddleware } from '../site/visitor.server.ts'
import { action } from './routes/profile-password.tsx'

const api = listeningApi(seedCart)

describe('changing the password in the profile', () => {
  it('keeps the bag of the device that changed it', async () => {
    const user = await loggedInUser(api.t.app)
    const cart = await createCart(api.t, user.token)
    expect(
      (await addLine(api.t, cart, await insertProduct(api.t, { price: 1500, stock: 9 }))).statusCode,
    ).toBe(201)

    const context = testLoadContext(fetch, api.baseUrl)
    const cookie = sessionCookie(context, {
      auth: { value: user.token, expiresAt: Date.now() + 3_600_000 },
      cart: { number: cart.number, token: cart.token },
    })
    const body = new URLSearchParams({
      old_password: user.password,
      password: 'brand new secret',
      password_repeat: 'brand new secret',
    })
    const request = new Request('http://shop.test/profile/password', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    })
    const args = { request, context, params: {}, url: new URL(request.url), pattern: '/profile/password' }
    const after: { bag?: OrderJson | null } = {}
    await visitorMiddleware(args, async () => {
      const result = await action(args as Parameters<typeof action>[0])
      expect(result).toEqual({ done: 'Your password has been changed.' })
      after.bag = await loadCart(context)
      return new Response(null)
    })
    expect(after.bag).toMatchObject({ number: cart.number, item_count: 1 })
    expect(after.bag?.token).not.toBe(cart.token)
  })
})
