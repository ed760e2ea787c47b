/**
 * The API's own fuzz test: from /openapi.json, thousands of invalid and hostile requests over
 * every operation (wrong types, huge and boundary numbers, NUL and other unicode, 1 MB strings,
 * malformed JSON, wrong content types, prototype keys), none of which may answer 5xx; every 4xx
 * is exactly `{ message, statusCode }` (a refused catalogue file adds its `issues`, by row and
 * column, and their `issueCount`), and the server is healthy afterwards. The back office's
 * operations are fuzzed mostly with the owner's session, so that hostile bodies reach past the
 * login to the handlers, as a stolen or careless staff browser would send them. Deterministic:
 * the requests come from a seeded generator, so a failure names a request that can be replayed.
 */
import type { OrderJson } from '@fanshop/core'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedInUser } from '../../tests/accounts.ts'
import { addLine, createCart, fetchOrder, insertProduct } from '../../tests/cart.ts'
import { type SeededRandom, seededRandom } from '../../tests/seeded-random.ts'
import { type TestApp, testDialect } from '../../tests/test-app.ts'
import { createAdminTestApp } from '../admin/testing.ts'

const SEED = 14
const REQUESTS_PER_OPERATION = 80

interface JsonSchema {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  additionalProperties?: JsonSchema | boolean
  minimum?: number
  maximum?: number
  default?: unknown
}

interface Parameter {
  in: 'path' | 'query' | 'header'
  name: string
  schema?: JsonSchema
}

interface Operation {
  method: string
  path: string
  parameters: Parameter[]
  body?: JsonSchema
}

const MEGABYTE = 'x'.repeat(1024 * 1024)

/** Values of the wrong kind, or of the right kind at the edges. */
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  '',
  ' ',
  '0x10',
  '1e3',
  '-0',
  'true',
  'null',
  'NaN',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '𝔘ñí©ødé ✓ 中文 עברית',
  '\u202e\u200b\ufeff',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '%00%',
  '../../etc/passwd',
  'a'.repeat(10_000),
  MEGABYTE,
  [],
  [1, 'a', null],
  {},
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
  [[[[[[[[[[[]]]]]]]]]]],
]

/** The same, as they can appear in a URL (already percent-encoded where needed). */
const HOSTILE_URL_VALUES = [
  '',
  '0',
  '-1',
  '1.5',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '1000000000000000000',
  '1e308',
  '0x10',
  'true',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  '%F0%9D%94%98%C3%B1',
  '%',
  '%25',
  '__proto__',
  'constructor',
  '%5B%5D',
  '%7B%22a%22%3A1%7D',
  'R123456789',
  'a'.repeat(8_000),
  "'%20or%201=1",
]

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString']

/**
 * The back office's operations that would end the fuzzer's own staff session or change its role
 * (and with it what every later request may reach): sent without the session, as any other
 * operation is some of the time. Their own tests cover them signed in.
 */
const ENDS_THE_SESSION = new Set([
  'DELETE /admin/api/session',
  'DELETE /admin/api/staff/{id}/sessions',
  'PUT /admin/api/staff/{id}',
])

/** The keys a 4xx answer may carry: the error's two, and a refused file's list of what to fix. */
const ERROR_KEYS = new Set(['message', 'statusCode', 'issues', 'issueCount'])

/** A plausible value for a schema, so that mutations reach past the first check. */
function sample(schema: JsonSchema | undefined, random: SeededRandom, depth = 0): unknown {
  if (!schema || depth > 6) return null
  if (schema.const !== undefined) return schema.const
  if (schema.enum) return random.pick(schema.enum)
  const options = schema.anyOf ?? schema.oneOf
  if (options) return sample(random.pick(options), random, depth + 1)
  if (schema.allOf) return sample(schema.allOf[0], random, depth + 1)
  const type = Array.isArray(schema.type) ? random.pick(schema.type.filter((t) => t !== 'null')) : schema.type
  switch (type) {
    case 'integer':
    case 'number':
      return random.pick(
        [schema.minimum ?? 0, schema.maximum ?? 100, 1, 2, 5, 15, 99].filter(Number.isFinite),
      )
    case 'boolean':
      return random.chance(0.5)
    case 'string':
      return random.pick([
        'Ana',
        'ana@example.com',
        'correct horse',
        'FANS15',
        'extra-time-tour-tee',
        '15',
        'accepted',
      ])
    case 'array':
      return Array.from({ length: random.int(3) }, () => sample(schema.items, random, depth + 1))
    default: {
      if (!schema.properties) return {}
      const object: Record<string, unknown> = {}
      for (const [name, property] of Object.entries(schema.properties)) {
        if (schema.required?.includes(name) || random.chance(0.6))
          object[name] = sample(property, random, depth + 1)
      }
      return object
    }
  }
}

/** Replaces one value somewhere inside `value` (or the whole of it) with a hostile one. */
function mutate(value: unknown, random: SeededRandom, depth = 0): unknown {
  const isObject = typeof value === 'object' && value !== null
  if (!isObject || depth > 4 || random.chance(0.25)) return random.pick(HOSTILE_VALUES)
  if (Array.isArray(value)) {
    if (value.length === 0) return [random.pick(HOSTILE_VALUES)]
    const copy = [...value]
    const index = random.int(copy.length)
    copy[index] = mutate(copy[index], random, depth + 1)
    return copy
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) }
  const keys = Object.keys(copy)
  if (keys.length === 0 || random.chance(0.2)) {
    Object.defineProperty(copy, random.pick(PROTOTYPE_KEYS), {
      value: random.pick(HOSTILE_VALUES),
      enumerable: true,
      configurable: true,
      writable: true,
    })
    return copy
  }
  const key = random.pick(keys)
  copy[key] = mutate(copy[key], random, depth + 1)
  return copy
}

/** JSON bodies no parser should accept, and content types the API does not take. */
const MALFORMED_BODIES: { payload: string; contentType: string }[] = [
  { payload: '{', contentType: 'application/json' },
  { payload: '{"email":', contentType: 'application/json' },
  { payload: "{'single': 'quotes'}", contentType: 'application/json' },
  { payload: '{"a":1}garbage', contentType: 'application/json' },
  { payload: '\u0000', contentType: 'application/json' },
  { payload: ' ', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: '"text"', contentType: 'application/json' },
  { payload: '1e999', contentType: 'application/json' },
  { payload: '{"__proto__":{"isAdmin":true}}', contentType: 'application/json' },
  { payload: '{"constructor":{"prototype":{"isAdmin":true}}}', contentType: 'application/json' },
  { payload: `{"a":"${MEGABYTE}"}`, contentType: 'application/json' },
  { payload: '{"a":1}', contentType: 'application/json; charset=latin1' },
  { payload: '{"a":1}', contentType: 'application/jsonx' },
  { payload: 'email=a%40b.c&password=x', contentType: 'application/x-www-form-urlencoded' },
  { payload: 'plain words', contentType: 'text/plain' },
  {
    payload: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--',
    contentType: 'multipart/form-data; boundary=b',
  },
  { payload: '<xml/>', contentType: 'application/xml' },
  { payload: '{"a":1}', contentType: '' },
]

describe(`fuzzing every operation of /openapi.json on ${testDialect}`, () => {
  let t: TestApp
  let operations: Operation[]
  let order: OrderJson
  let bearer: string
  let userId: number
  let productId: number
  let staffCookie: string
  beforeAll(async () => {
    const admin = await createAdminTestApp()
    t = admin.t
    staffCookie = admin.cookies.owner
    const doc = (await t.app.inject('/openapi.json')).json() as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
        >
      >
    }
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema,
      })),
    )
    productId = await insertProduct(t, { price: 1500, stock: 1000 })
    const cart = await createCart(t)
    expect((await addLine(t, cart, productId)).statusCode).toBe(201)
    order = await fetchOrder(t, cart)
    const user = await loggedInUser(t.app)
    bearer = user.token
    userId = user.id
  })
  afterAll(() => t.close())

  /** A real value for a path parameter most of the time, so handlers run past their lookups. */
  function pathValue(name: string, random: SeededRandom): string {
    if (random.chance(0.35)) return random.pick(HOSTILE_URL_VALUES)
    if (name === 'number') return order.number
    if (name === 'lineItemId') return String(order.line_items[0]!.id)
    if (name === 'code') return 'FANS15'
    if (name === 'id') return String(random.pick([productId, userId, 1, 15]))
    return '1'
  }

  function buildRequest(operation: Operation, random: SeededRandom): InjectOptions {
    const url = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => pathValue(name, random))
    const query: string[] = []
    const headers: Record<string, string> = {}
    for (const parameter of operation.parameters) {
      if (parameter.in === 'query') {
        if (parameter.name === 'order_token' && random.chance(0.7)) query.push(`order_token=${order.token}`)
        else if (random.chance(0.5)) {
          const value = random.chance(0.5)
            ? random.pick(HOSTILE_URL_VALUES)
            : encodeURIComponent(String(sample(parameter.schema, random)))
          query.push(`${encodeURIComponent(parameter.name)}=${value}`)
          // A repeated parameter, or one sent as a list.
          if (random.chance(0.15))
            query.push(`${encodeURIComponent(parameter.name)}=${random.pick(HOSTILE_URL_VALUES)}`)
          if (random.chance(0.1))
            query.push(`${encodeURIComponent(parameter.name)}[]=${random.pick(HOSTILE_URL_VALUES)}`)
        }
      } else if (parameter.in === 'header' && random.chance(0.6)) {
        headers[parameter.name] = random.pick(['', 'k', 'a'.repeat(300), 'fuzz-key-12345678', '\t x \t'])
      }
    }
    if (random.chance(0.1)) query.push(`${random.pick(PROTOTYPE_KEYS)}=${random.pick(HOSTILE_URL_VALUES)}`)
    if (
      operation.path.startsWith('/admin/api/') &&
      !ENDS_THE_SESSION.has(`${operation.method} ${operation.path}`) &&
      random.chance(0.8)
    )
      headers.cookie = staffCookie
    const auth = random.int(4)
    if (auth === 0) headers.authorization = `Bearer ${bearer}`
    if (auth === 1)
      headers.authorization = random.pick(['Bearer ', 'Bearer a.b.c', 'Basic Zm9vOmJhcg==', 'Bearer \u00ff'])
    const request: InjectOptions = {
      method: operation.method as InjectOptions['method'],
      url: query.length ? `${url}?${query.join('&')}` : url,
      headers,
    }
    if (operation.body || random.chance(0.1)) {
      const kind = random.int(10)
      if (kind < 2) {
        const { payload, contentType } = random.pick(MALFORMED_BODIES)
        request.payload = payload
        if (contentType) headers['content-type'] = contentType
      } else {
        const valid = sample(operation.body, random)
        request.payload = JSON.stringify(kind < 4 ? valid : mutate(valid, random))
        headers['content-type'] = 'application/json'
      }
    }
    return request
  }

  it(`answers ${REQUESTS_PER_OPERATION} hostile requests to each operation with no 5xx, and each 4xx as { message, statusCode }`, async () => {
    expect(operations.length).toBeGreaterThan(50)
    const random = seededRandom(SEED)
    const failures: string[] = []
    let sent = 0
    const staffReached = new Set<string>()
    for (const operation of operations) {
      for (let i = 0; i < REQUESTS_PER_OPERATION; i++) {
        const request = buildRequest(operation, random)
        const res = await t.app.inject(request)
        sent += 1
        if (res.statusCode < 300 && operation.path.startsWith('/admin/api/'))
          staffReached.add(`${operation.method} ${operation.path}`)
        const where = `${request.method} ${String(request.url).slice(0, 200)} ${String(request.payload ?? '').slice(0, 200)}`
        if (res.statusCode >= 500) {
          failures.push(`${res.statusCode} ${where} -> ${res.body.slice(0, 200)}`)
        } else if (res.statusCode >= 400) {
          let shaped = false
          try {
            const body = JSON.parse(res.body)
            shaped =
              body.statusCode === res.statusCode &&
              typeof body.message === 'string' &&
              Object.keys(body).every((key) => ERROR_KEYS.has(key)) &&
              (body.issues === undefined || Array.isArray(body.issues)) &&
              (body.issueCount === undefined || Number.isInteger(body.issueCount))
          } catch {}
          if (!shaped) failures.push(`shape ${res.statusCode} ${where} -> ${res.body.slice(0, 200)}`)
        }
      }
    }
    expect(sent).toBeGreaterThan(4000)
    // The owner's session went through: most of the back office answered it at least once.
    expect(staffReached.size).toBeGreaterThan(25)
    expect(failures.slice(0, 20)).toEqual([])
  }, 120_000)

  it('is healthy afterwards: /healthz and a normal request answer 200', async () => {
    expect((await t.app.inject('/healthz')).statusCode).toBe(200)
    const products = await t.app.inject('/wp-json/wc/v3/products?per_page=5')
    expect(products.statusCode).toBe(200)
    expect(products.json()).toHaveLength(5)
    const cart = await t.app.inject(`/api/v1/orders/${order.number}?order_token=${order.token}`)
    expect(cart.statusCode).toBe(200)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    const staff = await t.app.inject({ url: '/admin/api/me', headers: { cookie: staffCookie } })
    expect(staff.statusCode).toBe(200)
  })
})
