/**
 * /openapi.json describes what the API really answers: real answers validate against their
 * operation's documented answer with a strict OpenAPI 3.0 validator (Ajv, which reads `nullable`
 * as 3.0 does), as generated clients check them; every operation documents its errors; and the
 * back office's operations name the session cookie they need.
 */
import {
  type AdminEndpoint,
  accessCodeEndpoints,
  adminCatalogEndpoints,
  adminEndpoints,
  adminLaunchEndpoints,
  adminOrderEndpoints,
  adminSizeGuideEndpoints,
  adminStockEndpoints,
  couponEndpoints,
  customerEndpoints,
} from '@fanshop/core'
import { Ajv, type ValidateFunction } from 'ajv'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, loggedInUser } from '../../tests/accounts.ts'
import { addLine, createCart, insertProduct } from '../../tests/cart.ts'
import { type InjectedResponse, type TestApp, testDialect } from '../../tests/test-app.ts'
import { STAFF_COOKIE } from '../admin/staff-sessions.ts'
import { createAdminTestApp } from '../admin/testing.ts'

interface DocumentedAnswer {
  description: string
  content?: { 'application/json': { schema: object } }
}

interface Operation {
  responses: Record<string, DocumentedAnswer>
  security?: Record<string, string[]>[]
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, object> }
}

/**
 * An OpenAPI 3.0 schema as the JSON Schema Ajv reads: 3.0's boolean `exclusiveMinimum` and
 * `exclusiveMaximum` (which make `minimum` and `maximum` exclusive) become the numbers of today's
 * JSON Schema. Ajv reads 3.0's `nullable` itself.
 */
function asJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asJsonSchema)
  if (typeof schema !== 'object' || schema === null) return schema
  const converted: Record<string, unknown> = Object.fromEntries(
    Object.entries(schema).map(([keyword, value]) => [keyword, asJsonSchema(value)]),
  )
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof converted[exclusive] !== 'boolean') continue
    if (converted[exclusive]) converted[exclusive] = converted[bound]
    else delete converted[exclusive]
    if (converted[exclusive] !== undefined) delete converted[bound]
  }
  return converted
}

describe(`the OpenAPI document on ${testDialect}`, () => {
  let t: TestApp
  let staffCookie: string
  let doc: OpenApiDocument
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false })
  const compiled = new Map<object, ValidateFunction>()

  beforeAll(async () => {
    const admin = await createAdminTestApp()
    t = admin.t
    staffCookie = admin.cookies.owner
    doc = (await t.app.inject('/openapi.json')).json()
  })
  afterAll(() => t.close())

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    )

  /**
   * Asserts that `res` is an answer its operation documents: its status (or the status's range)
   * is listed, and its body is valid against what is listed, or it has none when none is.
   */
  function expectDocumented(method: string, path: string, res: InjectedResponse) {
    const operation = doc.paths[path]?.[method.toLowerCase()]
    expect(operation, `${method} ${path}`).toBeDefined()
    const status = String(res.statusCode)
    const answer = operation!.responses[status] ?? operation!.responses[`${status[0]}XX`]
    expect(answer, `${method} ${path} documents ${status}`).toBeDefined()
    const schema = answer!.content?.['application/json'].schema
    if (!schema) {
      expect(res.body, `${method} ${path} ${status} has no content`).toBe('')
      return
    }
    const validate = compiled.get(schema) ?? ajv.compile(asJsonSchema(schema) as object)
    compiled.set(schema, validate)
    validate(res.json())
    expect(validate.errors ?? [], `${method} ${path} ${status}: ${res.body.slice(0, 300)}`).toEqual([])
  }

  it('describes a field that may be null, an enum among them, as allowing null', async () => {
    const { token } = await loggedInUser(t.app)
    const me = await t.app.inject({ method: 'POST', url: '/wp-json/wp/v2/users/me', headers: bearer(token) })
    expect(me.json().preferences.preferred_size).toBeNull()
    expectDocumented('POST', '/wp-json/wp/v2/users/me', me)
    const settings = await t.app.inject({ url: '/wp-json/wp/v2/user/settings', headers: bearer(token) })
    expectDocumented('GET', '/wp-json/wp/v2/user/settings', settings)
    const cart = await createCart(t)
    const order = await t.app.inject(`/api/v1/orders/${cart.number}?order_token=${cart.token}`)
    expect(order.json()).toMatchObject({ payment_state: null, shipment_state: null })
    expectDocumented('GET', '/api/v1/orders/{number}', order)
  })

  it('documents a 204 answer as no content', async () => {
    const { token } = await loggedInUser(t.app)
    expectDocumented(
      'GET',
      '/api/v1/orders/current.json',
      await t.app.inject({ url: '/api/v1/orders/current.json', headers: bearer(token) }),
    )
    const cart = await createCart(t)
    const added = await addLine(t, cart, await insertProduct(t, { price: 1000, stock: 5 }))
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/orders/${cart.number}/line_items/${added.json().id}?order_token=${cart.token}`,
    })
    expect(removed.statusCode, removed.body).toBe(204)
    expectDocumented('DELETE', '/api/v1/orders/{number}/line_items/{lineItemId}', removed)
    for (const { name, operation } of operations()) {
      if (operation.responses['204']) expect(operation.responses['204'].content, name).toBeUndefined()
    }
  })

  it('documents the errors of every operation, as the shop answers them', async () => {
    for (const { name, operation } of operations()) {
      expect(
        Object.keys(operation.responses).some((status) => status.startsWith('4')),
        `${name} documents its errors`,
      ).toBe(true)
    }
    expectDocumented('GET', '/admin/api/products', await t.app.inject('/admin/api/products'))
    expectDocumented(
      'GET',
      '/wp-json/wp/v2/user/settings',
      await t.app.inject('/wp-json/wp/v2/user/settings'),
    )
    expectDocumented(
      'POST',
      '/wp-json/jwt-auth/v1/token',
      await t.app.inject({ method: 'POST', url: '/wp-json/jwt-auth/v1/token', payload: { username: 'x' } }),
    )
  })

  it('documents the 429 and the 503 (counts out of reach) of every rate-limited operation', () => {
    const rateLimited = [
      'POST /wp-json/jwt-auth/v1/token',
      'POST /wp-json/wp/v2/facebook/get_user',
      'POST /wp-json/wp/v2/register',
      'POST /wp-json/wp/v2/auth/reset',
      'POST /wp-json/wp/v2/auth/reset/check',
      'POST /wp-json/wp/v2/auth/reset/setpassword',
      'POST /wp-json/wp/v2/user/password',
      'POST /wp-json/wp/v2/contact',
      'POST /api/v1/orders/lookup',
      'PUT /api/v1/orders/{number}/apply_coupon_code',
      'POST /api/v1/stock_alerts',
      'POST /wp-json/wp/v2/user/check-access-code',
      'POST /wp-json/wp/v2/launch/subscribe',
      'POST /admin/api/session',
      'PUT /admin/api/me/totp',
    ]
    const documented = new Map(operations().map(({ name, operation }) => [name, operation]))
    for (const name of rateLimited) {
      const responses = documented.get(name)?.responses ?? {}
      expect(Object.keys(responses), name).toEqual(expect.arrayContaining(['429', '503']))
    }
    for (const [name, operation] of documented) {
      if (operation.responses['429'])
        expect(operation.responses['503'], `${name} documents 503 beside 429`).toBeDefined()
    }
  })

  it('documents the limit in the 422 of exactly the operations a limit can refuse', () => {
    const namesLimit = (operation: Operation) => {
      const schema = operation.responses['422']?.content?.['application/json'].schema as
        | { properties?: Record<string, unknown> }
        | undefined
      return schema?.properties?.limit !== undefined
    }
    expect(
      operations()
        .filter(({ operation }) => namesLimit(operation))
        .map(({ name }) => name)
        .sort(),
    ).toEqual([
      'POST /api/v1/orders.json',
      'POST /api/v1/orders/{number}/line_items.json',
      'PUT /api/v1/checkouts/{number}/next.json',
      'PUT /api/v1/orders/{number}/line_items/{lineItemId}',
    ])
  })

  it('documents a list asked for some fields (`_fields`) as holding only those', async () => {
    const products = await t.app.inject('/wp-json/wc/v3/products?_fields=id,name,variations.price')
    expect(Object.keys(products.json()[0])).toEqual(['id', 'name', 'variations'])
    expectDocumented('GET', '/wp-json/wc/v3/products', products)
    const posts = await t.app.inject('/wp-json/wp/v2/posts?_fields=id,title')
    expect(Object.keys(posts.json()[0])).toEqual(['id', 'title'])
    expectDocumented('GET', '/wp-json/wp/v2/posts', posts)
    // Without `_fields`, every field is there, as the same schema has it.
    expectDocumented('GET', '/wp-json/wc/v3/products', await t.app.inject('/wp-json/wc/v3/products'))
  })

  it('marks each back office operation that needs a staff session with its cookie', async () => {
    expect(doc.components.securitySchemes.staffSession).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: STAFF_COOKIE,
    })
    const tables = [
      adminEndpoints,
      adminCatalogEndpoints,
      adminSizeGuideEndpoints,
      customerEndpoints,
      couponEndpoints,
      adminLaunchEndpoints,
      accessCodeEndpoints,
      adminStockEndpoints,
      adminOrderEndpoints,
    ]
    const endpoints: AdminEndpoint[] = tables.flatMap((table) => Object.values(table))
    for (const endpoint of endpoints) {
      const operation = doc.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()]
      expect(operation?.security, `${endpoint.method} ${endpoint.path}`).toEqual(
        endpoint.permission === 'public' ? undefined : [{ staffSession: [] }],
      )
    }
    expect(endpoints.length).toBe(operations().filter(({ name }) => name.includes(' /admin/api/')).length)
    const staff = await t.app.inject({ url: '/admin/api/products', headers: { cookie: staffCookie } })
    expectDocumented('GET', '/admin/api/products', staff)
  })
})
