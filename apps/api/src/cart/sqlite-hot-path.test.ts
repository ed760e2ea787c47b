import { setTimeout as sleep } from 'node:timers/promises'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertProduct } from '../../tests/cart.ts'
import { createTestApp, openTestDatabase, type TestApp, testDialect } from '../../tests/test-app.ts'

// The create and the add run straight on better-sqlite3 on SQLite (sqlite-hot-path.ts): they must
// answer what the generic path answers, and never run inside another request's open transaction.
describe(`the create and add hot path on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
  })
  afterAll(() => t.close())

  it('answers a new cart byte for byte as the order then reads', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/orders.json', payload: {} })
    expect(created.statusCode).toBe(201)
    const { number, token } = created.json()
    const read = await t.app.inject(`/api/v1/orders/${number}.json?order_token=${token}`)
    expect(read.statusCode).toBe(200)
    expect(created.body).toBe(read.body)
  })

  const newCartMethods = async (app: TestApp) => {
    const created = await app.app.inject({ method: 'POST', url: '/api/v1/orders.json', payload: {} })
    expect(created.statusCode).toBe(201)
    return (created.json().payment_methods as { name: string }[]).map((method) => method.name)
  }

  it('shows a new cart the payment methods as another connection or process last wrote them', async () => {
    const before = await newCartMethods(t)
    expect(before.length).toBeGreaterThan(0)
    const other = openTestDatabase(t)
    try {
      const { id } = await other.db
        .selectFrom('payment_methods')
        .select('id')
        .orderBy('position')
        .executeTakeFirstOrThrow()
      await other.db
        .updateTable('payment_methods')
        .set({ name: 'Renamed elsewhere' })
        .where('id', '=', id)
        .execute()
      expect(await newCartMethods(t)).toEqual(['Renamed elsewhere', ...before.slice(1)])
      await other.db.updateTable('payment_methods').set({ active: 0 }).where('id', '=', id).execute()
      expect(await newCartMethods(t)).toEqual(before.slice(1))
      await other.db
        .updateTable('payment_methods')
        .set({ name: before[0]!, active: 1 })
        .where('id', '=', id)
        .execute()
      expect(await newCartMethods(t)).toEqual(before)
    } finally {
      await other.close()
    }
  })

  it('shows a new cart the payment methods as this connection last wrote them', async () => {
    const before = await newCartMethods(t)
    const [first] = await t.ctx.db
      .insertInto('payment_methods')
      .values({ method_type: 'bank_transfer', name: 'Added here', description: '', position: -1, active: 1 })
      .returning('id')
      .execute()
    expect(await newCartMethods(t)).toEqual(['Added here', ...before])
    await t.ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('payment_methods')
          .set({ name: 'Rolled back' })
          .where('id', '=', first!.id)
          .execute()
        throw new Error('roll back')
      })
      .catch(() => {})
    expect(await newCartMethods(t)).toEqual(['Added here', ...before])
    await t.ctx.db
      .updateTable('payment_methods')
      .set({ name: 'Renamed here' })
      .where('id', '=', first!.id)
      .execute()
    expect(await newCartMethods(t)).toEqual(['Renamed here', ...before])
    await t.ctx.db.deleteFrom('payment_methods').where('id', '=', first!.id).execute()
    expect(await newCartMethods(t)).toEqual(before)
  })

  it('keeps a create and an add that arrive while another transaction is open out of it', async () => {
    const productId = await insertProduct(t, { price: 1200, stock: 3 })
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/orders.json', payload: {} })
    const { number, token } = created.json()
    let add: Promise<LightMyRequestResponse> | undefined
    let create: Promise<LightMyRequestResponse> | undefined
    await t.ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('products')
          .set({ name: 'Renamed, then rolled back' })
          .where('id', '=', productId)
          .execute()
        add = t.app.inject({
          method: 'POST',
          url: `/api/v1/orders/${number}/line_items.json?order_token=${token}`,
          payload: { line_item: { variant_id: productId, quantity: 2 } },
        })
        create = t.app.inject({ method: 'POST', url: '/api/v1/orders.json', payload: {} })
        await sleep(50)
        throw new Error('roll back')
      })
      .catch(() => {})
    const other = (await create!).json()
    expect(
      (await t.app.inject(`/api/v1/orders/${other.number}.json?order_token=${other.token}`)).statusCode,
    ).toBe(200)
    const res = await add!
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ quantity: 2, name: expect.stringMatching(/^Fixture /) })
    const read = (await t.app.inject(`/api/v1/orders/${number}.json?order_token=${token}`)).json()
    expect(read.line_items).toMatchObject([{ variant_id: productId, quantity: 2 }])
    expect(read.item_total).toBe('24.00')
    const product = await t.ctx.db
      .selectFrom('products')
      .select(['name', 'stock_held'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow()
    expect(product).toMatchObject({ name: expect.stringMatching(/^Fixture /), stock_held: 2 })
  })
})
