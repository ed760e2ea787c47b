/**
 * Hostile input gets a clear 4xx `{ message, statusCode }`, never a 500: bodies that are not
 * objects, pages and ids past what the database holds, NUL characters, booleans and hex strings
 * as numbers, and the shapes Fastify and Node answer themselves (a malformed URL, huge headers).
 */
import type { OrderJson } from '@fanshop/core'
import type { InjectOptions } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loggedInUser, registration } from '../../tests/accounts.ts'
import {
  addLine,
  approvedCard,
  createCart,
  insertProduct,
  madridAddress,
  placeIds,
} from '../../tests/cart.ts'
import { rawRequest } from '../../tests/raw-request.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { demoStaff, staffCookie } from '../admin/testing.ts'
import { MISSING_BODY_MESSAGE } from './errors.ts'

const TOO_BIG_ID = 2_147_483_648

/** Asserts a 4xx answer whose body is exactly `{ message, statusCode }` with the same status. */
export function expectClientError(res: { statusCode: number; body: string }, status?: number) {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400)
  expect(res.statusCode, res.body).toBeLessThan(500)
  if (status) expect(res.statusCode, res.body).toBe(status)
  const body = JSON.parse(res.body)
  expect(Object.keys(body).sort()).toEqual(['message', 'statusCode'])
  expect(body.statusCode).toBe(res.statusCode)
  expect(typeof body.message).toBe('string')
}

/** How many rows each table of the test's database holds. */
async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const { name } of await t.ctx.db.introspection.getTables()) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(
      t.ctx.db,
    )
    counts[name] = Number(rows[0]!.n)
  }
  return counts
}

describe(`hostile input on ${testDialect}`, () => {
  let t: TestApp
  let cart: OrderJson
  let productId: number
  beforeAll(async () => {
    t = await createTestApp()
    productId = await insertProduct(t, { price: 1000, stock: 50 })
    cart = await createCart(t)
    expect((await addLine(t, cart, productId)).statusCode).toBe(201)
  })
  afterAll(() => t.close())

  const send = (options: InjectOptions | string) => t.app.inject(options)
  const json = (method: InjectOptions['method'], url: string, payload: string) =>
    send({ method, url, payload, headers: { 'content-type': 'application/json' } })
  const cartUrl = (path: string) => `/api/v1/orders/${cart.number}${path}?order_token=${cart.token}`

  it("answers a JSON body that is not an object in the shop's words on every route that reads one, changing nothing", async () => {
    const { token } = await loggedInUser(t.app)
    const owner = demoStaff('owner')
    const cookie = await staffCookie(t.app, owner.email, owner.password)
    const document = (await send('/openapi.json')).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>
    }
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody?.content['application/json'])
        .map(([method]) => [method.toUpperCase(), path.replace(/\{[^}]+\}/g, '1')] as const),
    )
    // Every family: the store API (cart, checkout, account), the content API, the back office.
    for (const family of [
      '/api/v1/orders',
      '/api/v1/checkouts',
      '/api/v1/account',
      '/wp-json/wp/v2',
      '/wp-json/wc/v3',
      '/wp-json/jwt-auth',
      '/admin/api',
    ]) {
      expect(
        routes.some(([, url]) => url.startsWith(family)),
        family,
      ).toBe(true)
    }
    const before = await rowCounts(t)
    for (const [payload, message] of [
      ['42', 'The request body is a number: send a JSON object.'],
      ['[]', 'The request body is an array: send a JSON object.'],
      ['"x"', 'The request body is a string: send a JSON object.'],
      ['true', 'The request body is true: send a JSON object.'],
      ['null', 'The request body is null: send a JSON object.'],
    ]) {
      for (const [method, url] of routes) {
        const res = await send({
          method,
          url,
          payload,
          headers: { 'content-type': 'application/json', cookie, ...bearer(token) },
        })
        expectClientError(res, 400)
        expect(res.json().message, `${method} ${url} ${payload}`).toBe(message)
      }
    }
    expect(await rowCounts(t)).toEqual(before)
  })

  it('answers 400 to a page or per_page past what a database integer holds', async () => {
    for (const url of [
      '/wp-json/wc/v3/products',
      '/wp-json/wc/v3/products/categories',
      '/wp-json/wp/v2/products/list',
      '/wp-json/wp/v2/posts',
      '/api/v1/countries',
    ]) {
      for (const query of ['page=1000000000000000000', 'page=2147483648', 'per_page=1000000000000000000']) {
        expectClientError(await send(`${url}?${query}`), 400)
      }
      // The last page a list accepts is still an answer (an empty one, or WordPress's 400).
      expect((await send(`${url}?page=2147483647`)).statusCode).toBeLessThan(500)
    }
  })

  it('answers 400 to ids past what an id column holds', async () => {
    const { countryId, stateId } = await placeIds(t, 'ES', 'M')
    expectClientError(await send(`/wp-json/wc/v3/products/${TOO_BIG_ID}`), 400)
    expectClientError(await send(`/wp-json/wc/v3/products?category=${TOO_BIG_ID}`), 400)
    expectClientError(await send(`/wp-json/wc/v3/products?include=1,${TOO_BIG_ID}`), 400)
    expectClientError(await send(`/wp-json/wp/v2/posts/${TOO_BIG_ID}`), 400)
    expectClientError(await send(`/api/v1/states?country_id=${TOO_BIG_ID}`), 400)
    const line = { line_item: { variant_id: TOO_BIG_ID, quantity: 1 } }
    expectClientError(await send({ method: 'POST', url: cartUrl('/line_items.json'), payload: line }), 400)
    for (const address of [
      { ...madridAddress({ countryId, stateId }), country_id: TOO_BIG_ID },
      { ...madridAddress({ countryId, stateId }), state_id: TOO_BIG_ID },
    ]) {
      const res = await send({
        method: 'PUT',
        url: `/api/v1/checkouts/${cart.number}?order_token=${cart.token}`,
        payload: { order: { email: 'ana@example.com', bill_address_attributes: address } },
      })
      expectClientError(res, 400)
    }
    const payment = await send({
      method: 'PUT',
      url: `/api/v1/checkouts/${cart.number}?order_token=${cart.token}`,
      payload: { order: { payments_attributes: [{ payment_method_id: TOO_BIG_ID }] } },
    })
    expectClientError(payment, 400)
  })

  it('answers 400 to a NUL character in any text', async () => {
    expectClientError(await send('/wp-json/wc/v3/products?slug=a%00b'), 400)
    expectClientError(await send('/wp-json/wc/v3/products?search=a%00'), 400)
    expectClientError(await send('/wp-json/wp/v2/posts?slug=a%00b'), 400)
    expectClientError(await send(`/api/v1/orders/${cart.number}?order_token=a%00`), 400)
    const login = { username: 'ana\u0000@example.com', password: 'secret' }
    expectClientError(await send({ method: 'POST', url: '/wp-json/jwt-auth/v1/token', payload: login }), 400)
    const coupon = await send({
      method: 'PUT',
      url: cartUrl('/apply_coupon_code'),
      payload: { coupon_code: 'FANS\u000015' },
    })
    expectClientError(coupon, 400)
    expectClientError(await send({ method: 'DELETE', url: cartUrl('/coupon_codes/FANS%0015') }), 400)
    const methods = await t.ctx.db.selectFrom('payment_methods').select('id').execute()
    const card = await send({
      method: 'PUT',
      url: `/api/v1/checkouts/${cart.number}?order_token=${cart.token}`,
      payload: {
        payment_source: { [String(methods[0]!.id)]: { ...approvedCard, name: 'Ana\u0000García' } },
      },
    })
    expectClientError(card, 400)
  })

  it('takes numbers only as numbers or decimal digits: booleans and hex strings are 400', async () => {
    for (const quantity of [true, '0x10', '1e1', '', ' 2', [2]]) {
      const res = await send({
        method: 'POST',
        url: cartUrl('/line_items.json'),
        payload: { line_item: { variant_id: productId, quantity } },
      })
      expectClientError(res, 400)
    }
    expectClientError(await send('/wp-json/wp/v2/posts?per_page=0x10'), 400)
    expectClientError(await send('/api/v1/states?country_id=0x1'), 400)
    const digits = await send({
      method: 'POST',
      url: cartUrl('/line_items.json'),
      payload: { line_item: { variant_id: String(productId), quantity: '2' } },
    })
    expect(digits.statusCode, digits.body).toBe(201)
  })

  it('reads content-type: application/json with no body as no body (clients send it on DELETE)', async () => {
    const order = await createCart(t)
    expect((await addLine(t, order, productId)).statusCode).toBe(201)
    const [line] = (await t.app.inject(`/api/v1/orders/${order.number}?order_token=${order.token}`)).json()
      .line_items as { id: number }[]
    const res = await send({
      method: 'DELETE',
      url: `/api/v1/orders/${order.number}/line_items/${line!.id}?order_token=${order.token}`,
      headers: { 'content-type': 'application/json' },
    })
    expect(res.statusCode, res.body).toBe(204)
    // A body that is there but broken is still a 400.
    expectClientError(await json('POST', '/wp-json/wp/v2/register', '{"email":'), 400)
  })

  it('answers a request that needs a body and sent none in the shop’s words, with or without a JSON content type', async () => {
    for (const headers of [{ 'content-type': 'application/json' }, {}]) {
      for (const [method, url] of [
        ['PUT', cartUrl('/apply_coupon_code')],
        ['POST', '/wp-json/wp/v2/register'],
        ['POST', '/wp-json/jwt-auth/v1/token'],
      ] as const) {
        const res = await send({ method, url, headers })
        expectClientError(res, 400)
        expect(res.json().message, `${method} ${url}`).toBe(MISSING_BODY_MESSAGE)
      }
    }
    // A body that is there but not an object is not a missing one.
    expect((await json('POST', '/wp-json/wp/v2/register', 'null')).json().message).not.toBe(
      MISSING_BODY_MESSAGE,
    )
  })

  it("registers an account from spec 7's payload alone; gender and birthday are optional for API clients", async () => {
    const extras = ['gender', 'birth_day', 'birth_month', 'birth_year']
    const spec = Object.fromEntries(Object.entries(registration()).filter(([key]) => !extras.includes(key)))
    const res = await send({
      method: 'POST',
      url: '/wp-json/wp/v2/register',
      payload: { ...spec, username: 'alopez', name: 'Ana López' },
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().meta).toMatchObject({ gender: null, birthday: null })
    // When sent, they are checked by the same rules, and a birthday comes whole.
    const partial = await send({
      method: 'POST',
      url: '/wp-json/wp/v2/register',
      payload: { ...registration(), birth_day: undefined },
    })
    expectClientError(partial, 400)
    const wrongGender = await send({
      method: 'POST',
      url: '/wp-json/wp/v2/register',
      payload: { ...registration(), gender: 'Robot' },
    })
    expectClientError(wrongGender, 400)
  })

  it('answers a malformed URL and headers that are too large with the same error body', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 })
    const port = Number(new URL(address).port)
    const badUrl = await rawRequest(
      port,
      'GET /wp-json/wc/v3/products/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    )
    expectClientError(badUrl, 400)
    const hugeHeader = await rawRequest(
      port,
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\nConnection: close\r\n\r\n`,
    )
    expectClientError(hugeHeader, 431)
    const garbage = await rawRequest(port, 'NOT HTTP AT ALL\r\n\r\n')
    expectClientError(garbage, 400)
    // A proxy's tunnel, which Node hands to no route: it closed the connection unanswered.
    for (const target of ['/shop', 'shop.example:443']) {
      const tunnel = await rawRequest(port, `CONNECT ${target} HTTP/1.1\r\nHost: x\r\n\r\n`)
      expectClientError(tunnel, 400)
      expect(tunnel.headers['x-content-type-options']).toBe('nosniff')
    }
  })
})
