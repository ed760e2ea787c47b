// A login that merges the guest's cart into the account's, against the real API (on a loopback
// port, over a private SQLite database), behind the root's visitor middleware: when the per-fan cap
// trims the merged cart, the page the fan lands on says so.
import { describe, expect, it } from 'vitest'
import { issueToken } from '../../../api/src/accounts/sessions.ts'
import { seedCart } from '../../../api/src/demo/cart.ts'
import { addLine, createCart, insertProduct, insertShopper } from '../../../api/tests/cart.ts'
import { testLoadContext } from '../../tests/load-context.ts'
import { listeningApi, sessionCookie } from '../../tests/visitor.ts'
import { CART_FLASH_PARAM } from '../cart/cart-flash.ts'
import { visitorMiddleware } from '../site/visitor.server.ts'
import { completeLogin } from './complete-login.server.ts'

const api = listeningApi(seedCart)

const context = () => testLoadContext(fetch, api.baseUrl)

/** Logs the shopper in from a guest session holding `guest` as its cart; answers where the page goes. */
async function logIn(shopperId: number, guest: { number: string; token: string }): Promise<URL> {
  const cookie = sessionCookie(context(), { cart: { number: guest.number, token: guest.token } })
  const request = new Request('http://shop.test/login', { method: 'POST', headers: { cookie } })
  const { data: login } = await issueToken(api.t.ctx, shopperId, 'password')
  const args = { request, context: context(), params: {}, url: new URL(request.url), pattern: '/login' }
  const response = (await visitorMiddleware(args, async () => {
    try {
      return await completeLogin(args.context, login, '/shop?sort=new')
    } catch (thrown) {
      if (thrown instanceof Response) return thrown
      throw thrown
    }
  })) as Response
  expect(response.status).toBe(302)
  return new URL(response.headers.get('location')!, 'http://shop.test')
}

describe('completing a login with a guest cart', () => {
  it('tells the fan when the per-fan cap sent merged units back to the shop', async () => {
    const fan = await insertShopper(api.t)
    const item = await insertProduct(api.t, { price: 4000, stock: 100 })
    await api.t.ctx.db.updateTable('products').set({ max_per_fan: 2 }).where('id', '=', item).execute()
    expect((await addLine(api.t, await createCart(api.t, fan.token), item)).statusCode).toBe(201)
    const guest = await createCart(api.t)
    expect((await addLine(api.t, guest, item, 2)).statusCode).toBe(201)

    const landing = await logIn(fan.id, guest)
    expect(landing.pathname).toBe('/shop')
    expect(landing.searchParams.get('sort')).toBe('new')
    expect(landing.searchParams.get(CART_FLASH_PARAM)).toBe('capped')
  })

  it('says nothing when the whole guest cart was kept', async () => {
    const fan = await insertShopper(api.t)
    const guest = await createCart(api.t)
    expect(
      (await addLine(api.t, guest, await insertProduct(api.t, { price: 100, stock: 9 }), 3)).statusCode,
    ).toBe(201)

    const landing = await logIn(fan.id, guest)
    expect(landing.pathname).toBe('/shop')
    expect(landing.searchParams.has(CART_FLASH_PARAM)).toBe(false)
  })
})
