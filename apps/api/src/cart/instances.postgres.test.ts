/**
 * Several instances over one PostgreSQL are a tested configuration (ARCHITECTURE.md, scale): two
 * built server processes (scripts/test.mjs builds first) share one schema, and carts, logins,
 * holds, rate limits and order placement work across them: a cart made on one instance is changed
 * and paid on the other. PostgreSQL only (the api-sqlite project leaves *.postgres.test.ts out).
 */
import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registration } from '../../tests/accounts.ts'
import { ensureBuilt, startServer, waitForPort } from '../../tests/built-server.ts'
import { approvedCard, madridAddress } from '../../tests/cart.ts'
import { testPgUrl, testSchemaName } from '../../tests/test-app.ts'

interface Instance {
  base: string
  child: ChildProcess
}

async function startInstance(databaseUrl: string, dataDir: string): Promise<Instance> {
  const server = startServer({
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    JWT_SECRET: 'one-secret-for-every-instance-of-this-shop',
  })
  try {
    return { base: `http://127.0.0.1:${await waitForPort(server)}`, child: server.child }
  } catch (error) {
    server.child.kill('SIGKILL')
    throw error
  }
}

describe('two server processes over one PostgreSQL schema', () => {
  const schema = testSchemaName()
  const dirs: string[] = []
  let a: Instance
  let b: Instance
  let db: pg.Client

  beforeAll(async () => {
    ensureBuilt()
    db = new pg.Client({ connectionString: testPgUrl })
    await db.connect()
    await db.query(`create schema ${schema}`)
    await db.query(`set search_path = ${schema}`)
    const url = new URL(testPgUrl)
    url.searchParams.set('options', `-c search_path=${schema}`)
    for (let i = 0; i < 2; i++) dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-instance-')))
    a = await startInstance(url.toString(), dirs[0]!)
    b = await startInstance(url.toString(), dirs[1]!)
  }, 120_000)

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (!instance) continue
      instance.child.kill('SIGTERM')
      if (instance.child.exitCode === null) await new Promise((resolve) => instance.child.on('exit', resolve))
    }
    await db.query(`drop schema ${schema} cascade`)
    await db.end()
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
  })

  async function call(instance: Instance, method: string, pathname: string, body?: unknown, headers = {}) {
    const res = await fetch(instance.base + pathname, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null }
  }

  async function insertProduct(stock: number, price = 2990): Promise<number> {
    const slug = `two-instances-${randomUUID().slice(0, 8)}`
    const now = Date.now()
    const { rows } = await db.query(
      `insert into products (type, name, slug, status, regular_price, stock_on_hand, created_at, updated_at)
       values ('simple', $1, $2, 'publish', $3, $4, $5, $5) returning id`,
      [`Two Instances ${slug}`, slug, price, stock, now],
    )
    return rows[0].id
  }

  const heldOf = async (productId: number) =>
    (await db.query('select stock_held, stock_sold from products where id = $1', [productId])).rows[0]

  it('keeps one cart across both: made on one, changed on the other, seen alike by both', async () => {
    const productId = await insertProduct(10)
    const cart = (await call(a, 'POST', '/api/v1/orders.json', {})).body
    const q = `order_token=${cart.token}`
    const line = await call(b, 'POST', `/api/v1/orders/${cart.number}/line_items.json?${q}`, {
      line_item: { variant_id: productId, quantity: 2 },
    })
    expect(line.status).toBe(201)
    const raised = await call(a, 'PUT', `/api/v1/orders/${cart.number}/line_items/${line.body.id}?${q}`, {
      line_item: { quantity: 3 },
    })
    expect(raised.status).toBe(200)
    for (const instance of [a, b]) {
      const seen = await call(instance, 'GET', `/api/v1/orders/${cart.number}.json?${q}`)
      expect(seen.body).toMatchObject({ item_count: 3, total: '89.70' })
    }
    expect((await heldOf(productId)).stock_held).toBe(3)
  })

  it('lets shoppers on both race for the last units: exactly the stock is held', async () => {
    const productId = await insertProduct(10)
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const instance = i % 2 === 0 ? a : b
        const cart = (await call(instance, 'POST', '/api/v1/orders.json', {})).body
        return call(
          instance,
          'POST',
          `/api/v1/orders/${cart.number}/line_items.json?order_token=${cart.token}`,
          {
            line_item: { variant_id: productId, quantity: 1 },
          },
        )
      }),
    )
    expect(answers.filter((res) => res.status === 201)).toHaveLength(10)
    const refused = answers.filter((res) => res.status !== 201)
    expect(refused).toHaveLength(30)
    for (const res of refused)
      expect(res.body.message).toBe('Product is out of stock for requested quantity.')
    expect((await heldOf(productId)).stock_held).toBe(10)
    for (const instance of [a, b]) {
      const product = await call(instance, 'GET', `/wp-json/wc/v3/products/${productId}`)
      expect(product.body.stock_quantity).toBe(0)
    }
  })

  it('logs in on one and is known on the other; wrong passwords are counted across both', async () => {
    const body = registration()
    expect((await call(a, 'POST', '/wp-json/wp/v2/register', body)).status).toBe(201)
    const login = await call(b, 'POST', '/wp-json/jwt-auth/v1/token', {
      username: body.email,
      password: body.password,
    })
    expect(login.status).toBe(200)
    const bearer = { authorization: `Bearer ${login.body.data.token}` }
    expect((await call(a, 'GET', '/api/v1/orders/current.json', undefined, bearer)).status).toBe(204)

    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const instance = i % 2 === 0 ? a : b
      const wrong = await call(
        instance,
        'POST',
        '/wp-json/jwt-auth/v1/token',
        { username: body.email, password: 'not the password' },
        { 'x-forwarded-for': '198.51.100.23' },
      )
      statuses.push(wrong.status)
    }
    expect(statuses.filter((status) => status === 403)).toHaveLength(10)
    expect(statuses.slice(10)).toEqual([429, 429])
  })

  it('places an order across both: cart on one, checkout and payment on the other', async () => {
    const productId = await insertProduct(5, 2500)
    const body = registration()
    await call(b, 'POST', '/wp-json/wp/v2/register', body)
    const token = (
      await call(a, 'POST', '/wp-json/jwt-auth/v1/token', { username: body.email, password: body.password })
    ).body.data.token
    const bearer = { authorization: `Bearer ${token}` }
    const cart = (await call(a, 'POST', '/api/v1/orders.json', {}, bearer)).body
    expect(
      (
        await call(
          a,
          'POST',
          `/api/v1/orders/${cart.number}/line_items.json`,
          {
            line_item: { variant_id: productId, quantity: 2 },
          },
          bearer,
        )
      ).status,
    ).toBe(201)

    const spain = (await db.query(`select id from countries where iso = 'ES'`)).rows[0].id
    const madrid = (await db.query(`select id from states where country_id = $1 and abbr = 'M'`, [spain]))
      .rows[0].id
    const card = (await db.query(`select id from payment_methods where method_type = 'credit_card'`)).rows[0]
      .id
    const checkout = (instance: Instance, payload: object) =>
      call(instance, 'PUT', `/api/v1/checkouts/${cart.number}.json`, payload, bearer)
    const next = (instance: Instance, headers = {}) =>
      call(instance, 'PUT', `/api/v1/checkouts/${cart.number}/next.json`, undefined, {
        ...bearer,
        ...headers,
      })

    expect((await next(b)).body.state).toBe('address')
    await checkout(b, {
      order: {
        bill_address_attributes: madridAddress({ countryId: spain, stateId: madrid }),
        use_billing: true,
      },
    })
    expect((await next(a)).body.state).toBe('delivery')
    expect((await next(b)).body.state).toBe('payment')
    await checkout(a, {
      order: { payments_attributes: [{ payment_method_id: card }] },
      payment_source: { [card]: approvedCard },
    })
    expect((await next(b)).body.state).toBe('confirm')
    const placed = await next(b, { 'idempotency-key': `two-instances-${cart.number}` })
    expect(placed.status).toBe(200)
    expect(placed.body).toMatchObject({ state: 'complete', payment_state: 'paid' })
    const replayed = await next(a, { 'idempotency-key': `two-instances-${cart.number}` })
    expect(replayed.body).toMatchObject({ number: cart.number, state: 'complete' })
    expect(await heldOf(productId)).toEqual({ stock_held: 0, stock_sold: 2 })
  })
})
