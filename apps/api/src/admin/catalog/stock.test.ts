import { adminStockEndpoints, belowCommittedMessage, roleCan, type StaffRole } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addLine, createCart, insertProduct, insertVariableProduct } from '../../../tests/cart.ts'
import type { TestApp } from '../../../tests/test-app.ts'
import { callEndpoint, createAdminTestApp, demoStaff } from '../testing.ts'

let t: TestApp
let cookies: Record<StaffRole, string>

beforeAll(async () => {
  ;({ t, cookies } = await createAdminTestApp())
})
afterAll(async () => t?.close())

function adjust(id: number, body: unknown, cookie = cookies.manager) {
  return callEndpoint(t.app, adminStockEndpoints.adjustStock, { cookie, params: { id }, body })
}

const listStock = (query: string) =>
  callEndpoint(t.app, adminStockEndpoints.listStock, { cookie: cookies.manager, query })

const figures = (id: number) =>
  t.ctx.db
    .selectFrom('products')
    .select(['stock_on_hand', 'stock_held', 'stock_sold'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

const auditFor = (id: number) =>
  t.ctx.db
    .selectFrom('admin_audit')
    .selectAll()
    .where('action', '=', 'stock.adjust')
    .where('entity_id', '=', String(id))
    .execute()

describe('who may use the stock and CSV endpoints', () => {
  // 401 and 403 by role for every endpoint: admin.test.ts, for every back office endpoint.
  const permissions = Object.values(adminStockEndpoints).map((endpoint) => endpoint.permission)
  it('keeps the editor and fulfilment out of stock, and lets the manager in', () => {
    for (const permission of permissions) {
      expect(roleCan('editor', permission)).toBe(false)
      expect(roleCan('fulfilment', permission)).toBe(false)
      expect(roleCan('manager', permission)).toBe(true)
    }
  })
})

describe('the stock list', () => {
  it('shows on hand, held, sold and available side by side, searched by SKU', async () => {
    const id = await insertProduct(t, { price: 1000, stock: 9, name: 'Stock list fixture' })
    await t.ctx.db.updateTable('products').set({ stock_sold: 2 }).where('id', '=', id).execute()
    const cart = await createCart(t)
    expect((await addLine(t, cart, id, 3)).statusCode).toBe(201)
    const { sku } = await t.ctx.db
      .selectFrom('products')
      .select('sku')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    const res = await listStock(`q=${encodeURIComponent(sku.toLowerCase())}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().items).toEqual([
      expect.objectContaining({ id, sku, onHand: 9, held: 3, sold: 2, available: 4, variation: '' }),
    ])
  })

  it('filters low and out of stock, and names a variation by its terms', async () => {
    const out = await insertProduct(t, { price: 1000, stock: 0, name: 'Filter fixture out' })
    const low = await insertProduct(t, { price: 1000, stock: 2, name: 'Filter fixture low' })
    const plenty = await insertProduct(t, { price: 1000, stock: 50, name: 'Filter fixture plenty' })
    const list = async (filter: string) => {
      const res = await listStock(`filter=${filter}&q=filter%20fixture&per_page=200`)
      expect(res.statusCode, res.body).toBe(200)
      return (res.json().items as { id: number }[]).map((row) => row.id)
    }
    expect(await list('out')).toEqual([out])
    expect(await list('low')).toEqual([low])
    expect((await list('all')).sort()).toEqual([out, low, plenty].sort())

    const { variationId } = await insertVariableProduct(t, { price: 2000, stock: 4 })
    const { sku } = await t.ctx.db
      .selectFrom('products')
      .select('sku')
      .where('id', '=', variationId)
      .executeTakeFirstOrThrow()
    const res = await listStock(`q=${sku}`)
    expect(res.json().items).toEqual([expect.objectContaining({ id: variationId, variation: 'Black, M' })])
  })

  it('answers a bad filter with 400 and a clear message', async () => {
    const res = await listStock('filter=some')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ statusCode: 400, message: expect.stringContaining('filter') })
  })
})

describe('adjusting on hand', () => {
  it('adds received units, answers the new figures and writes the audit entry with the reason and note', async () => {
    const id = await insertProduct(t, { price: 1000, stock: 4 })
    const res = await adjust(id, { reason: 'received', quantity: 6, note: 'Delivery 4411' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ before: 4, row: expect.objectContaining({ id, onHand: 10, available: 10 }) })
    const entries = await auditFor(id)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ staff_email: demoStaff('manager').email, entity: 'product' })
    expect(JSON.parse(entries[0]!.before!)).toEqual({ onHand: 4 })
    expect(JSON.parse(entries[0]!.after!)).toEqual({ onHand: 10, reason: 'received', note: 'Delivery 4411' })
  })

  it('writes off damaged units and sets a count', async () => {
    const id = await insertProduct(t, { price: 1000, stock: 10 })
    expect(
      (await adjust(id, { reason: 'damaged', quantity: 3, note: 'Torn in transit' })).json().row.onHand,
    ).toBe(7)
    expect((await adjust(id, { reason: 'count', quantity: 12, note: 'Stocktake' })).json()).toMatchObject({
      before: 7,
      row: { onHand: 12 },
    })
    expect(await auditFor(id)).toHaveLength(2)
  })

  it.each([
    [{ reason: 'received', quantity: 2 }, 'note'],
    [{ reason: 'received', quantity: 2, note: '   ' }, 'note'],
    [{ reason: 'received', quantity: 0, note: 'x' }, 'quantity'],
    [{ reason: 'stolen', quantity: 1, note: 'x' }, 'reason'],
    [{ reason: 'count', quantity: -1, note: 'x' }, 'quantity'],
    [{ reason: 'count', quantity: 'ten', note: 'x' }, 'quantity'],
  ])('refuses %j with 400 naming %s, changing nothing', async (body, field) => {
    const id = await insertProduct(t, { price: 1000, stock: 5 })
    const res = await adjust(id, body)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ statusCode: 400, message: expect.stringContaining(field) })
    expect((await figures(id)).stock_on_hand).toBe(5)
    expect(await auditFor(id)).toHaveLength(0)
  })

  it('answers 404 for no such row and 422 for a variable product, which keeps no stock itself', async () => {
    const missing = await adjust(2_000_000_000, { reason: 'received', quantity: 1, note: 'x' })
    expect(missing.json()).toEqual({ statusCode: 404, message: expect.any(String) })
    const { productId } = await insertVariableProduct(t, { price: 1000, stock: 3 })
    const parent = await adjust(productId, { reason: 'received', quantity: 1, note: 'x' })
    expect(parent.json()).toEqual({ statusCode: 422, message: expect.stringContaining('variations') })
  })

  it('refuses (409) to put on hand below what carts hold and orders sold, and changes nothing', async () => {
    const id = await insertProduct(t, { price: 1000, stock: 6 })
    await t.ctx.db.updateTable('products').set({ stock_sold: 2 }).where('id', '=', id).execute()
    expect((await addLine(t, await createCart(t), id, 3)).statusCode).toBe(201)
    for (const body of [
      { reason: 'damaged', quantity: 2, note: 'Water damage' },
      { reason: 'count', quantity: 4, note: 'Stocktake' },
    ]) {
      const res = await adjust(id, body)
      expect(res.json()).toEqual({ statusCode: 409, message: belowCommittedMessage(5) })
    }
    expect(await figures(id)).toEqual({ stock_on_hand: 6, stock_held: 3, stock_sold: 2 })
    expect(await auditFor(id)).toHaveLength(0)
    // Down to exactly held + sold is allowed: nothing left to sell.
    expect(
      (await adjust(id, { reason: 'damaged', quantity: 1, note: 'Water damage' })).json().row,
    ).toMatchObject({
      onHand: 5,
      available: 0,
    })
  })

  it('does not count holds that ran out against an adjustment', async () => {
    const id = await insertProduct(t, { price: 1000, stock: 3 })
    expect((await addLine(t, await createCart(t), id, 3)).statusCode).toBe(201)
    t.clock.advance(61 * 60 * 1000)
    const res = await adjust(id, { reason: 'count', quantity: 0, note: 'All gone' })
    expect(res.statusCode, res.body).toBe(200)
    expect(await figures(id)).toEqual({ stock_on_hand: 0, stock_held: 0, stock_sold: 0 })
  })

  it('never lets a hold taken at the same time and an adjustment both win', async () => {
    for (let round = 0; round < 6; round++) {
      const id = await insertProduct(t, { price: 1000, stock: 3 })
      const cart = await createCart(t)
      const [added, adjusted] = await Promise.all([
        addLine(t, cart, id, 3),
        adjust(id, { reason: 'damaged', quantity: 1, note: `Race ${round}` }),
      ])
      const wins = [added.statusCode === 201, adjusted.statusCode === 200].filter(Boolean).length
      expect(wins, `${added.body} / ${adjusted.body}`).toBe(1)
      expect([409, 200]).toContain(adjusted.statusCode)
      const after = await figures(id)
      expect(Number(after.stock_on_hand)).toBeGreaterThanOrEqual(after.stock_held + after.stock_sold)
      expect(await auditFor(id)).toHaveLength(adjusted.statusCode === 200 ? 1 : 0)
    }
  })
})

describe('the OpenAPI document', () => {
  it('lists every stock and CSV endpoint under the admin tag', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json()
    for (const endpoint of Object.values(adminStockEndpoints)) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}')
      expect(doc.paths[path]?.[endpoint.method.toLowerCase()]?.tags, path).toEqual(['admin'])
    }
  })
})
