// The visitor's cart read once per request: the root frame and the cart or checkout page ask for
// it side by side, and a write in the same request (an action before the page is drawn) makes the
// next read fetch the cart the write left; the read is opened with the cart's token, the login
// being checked once per request by users/me. Against the real API on a loopback port.
import { expect, it } from 'vitest'
import { addLine, createCart, insertProduct, insertShopper } from '../../../api/tests/cart.ts'
import { testLoadContext } from '../../tests/load-context.ts'
import { inVisitorRequest, listeningApi } from '../../tests/visitor.ts'
import { loadPersonalFrame } from '../site/frame.server.ts'
import { changeQuantity, loadCart, loadFrameCart } from './cart.server.ts'

const api = listeningApi()

/** When the login of the fans of these tests expires. */
const loginEndsAt = Date.now() + 3_600_000

/**
 * Runs `page` in one request of a visitor whose session holds `cart` (and `login`, when given);
 * answers the order reads it made and the API calls that carried the login.
 */
async function inOneRequest(
  cart: { number: string; token: string },
  page: (context: ReturnType<typeof testLoadContext>) => Promise<void>,
  login?: string,
) {
  const reads: string[] = []
  const withLogin: string[] = []
  const counted: typeof fetch = (input, init) => {
    const url = new URL(String(input))
    if ((init?.method ?? 'GET') === 'GET' && url.pathname === `/api/v1/orders/${cart.number}`)
      reads.push(url.pathname)
    if (new Headers(init?.headers).has('authorization')) withLogin.push(url.pathname)
    return fetch(input, init)
  }
  const context = testLoadContext(counted, api.baseUrl)
  const auth = login ? { value: login, expiresAt: loginEndsAt } : undefined
  await inVisitorRequest(context, { cart, auth }, () => page(context))
  return Object.assign(reads, { withLogin })
}

it('reads the cart once for the frame and the page of one request', async () => {
  const cart = await createCart(api.t)
  expect(
    (await addLine(api.t, cart, await insertProduct(api.t, { price: 1500, stock: 10 }))).statusCode,
  ).toBe(201)
  const reads = await inOneRequest(cart, async (context) => {
    const [frame, order] = await Promise.all([loadFrameCart(context), loadCart(context)])
    expect(frame?.count).toBe(1)
    expect(order?.item_count).toBe(1)
  })
  expect(reads).toHaveLength(1)
})

it('reads the cart again after a write in the same request, and sees the write', async () => {
  const cart = await createCart(api.t)
  expect(
    (await addLine(api.t, cart, await insertProduct(api.t, { price: 1500, stock: 10 }))).statusCode,
  ).toBe(201)
  const reads = await inOneRequest(cart, async (context) => {
    const before = await loadCart(context)
    expect(await changeQuantity(context, before!.line_items[0]!.id, 3)).toEqual({})
    expect((await loadFrameCart(context))?.count).toBe(3)
  })
  expect(reads).toHaveLength(2)
})

it("opens a logged-in fan's cart with its token, their login checked once (users/me)", async () => {
  const fan = await insertShopper(api.t)
  const cart = await createCart(api.t, fan.token)
  expect(
    (await addLine(api.t, cart, await insertProduct(api.t, { price: 1500, stock: 10 }))).statusCode,
  ).toBe(201)
  const reads = await inOneRequest(
    cart,
    async (context) => {
      const frame = await loadPersonalFrame(context)
      expect(frame.user?.id).toBe(fan.id)
      expect(frame.cart?.count).toBe(1)
      expect(frame.endsAt).toBe(loginEndsAt)
    },
    fan.token,
  )
  expect(reads).toHaveLength(1)
  expect(reads.withLogin.filter((path) => path.startsWith('/api/v1/orders'))).toEqual([])
})

it("keeps an account's cart out of the frame once its login is gone", async () => {
  const fan = await insertShopper(api.t)
  const cart = await createCart(api.t, fan.token)
  expect(
    (await addLine(api.t, cart, await insertProduct(api.t, { price: 1500, stock: 10 }))).statusCode,
  ).toBe(201)
  await inOneRequest(cart, async (context) => {
    const frame = await loadPersonalFrame(context)
    expect(frame.user).toBeNull()
    expect(frame.cart).toBeNull()
    expect(frame.endsAt).toBeNull()
  })
})
