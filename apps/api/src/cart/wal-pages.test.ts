import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertProduct } from '../../tests/cart.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'

// What a drop-day iteration (a new shopper creates a cart and adds one unit) writes to SQLite's
// write-ahead log, table by table and index by index (issue "Drop-day engine"): each of these
// pages is one the iteration needs, so an index or a write added to the hot tables shows here.
// The WAL's frames are read straight from its file and their pages named with the dbstat table.

interface Frame {
  page: number
  commit: boolean
}

/** The frames of the log's current generation (those carrying its header's salts). */
function walFrames(file: string): Frame[] {
  const wal = fs.readFileSync(`${file}-wal`)
  const pageSize = wal.readUInt32BE(8)
  const salts = [wal.readUInt32BE(16), wal.readUInt32BE(20)]
  const frames: Frame[] = []
  for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) {
    if (wal.readUInt32BE(at + 8) !== salts[0] || wal.readUInt32BE(at + 12) !== salts[1]) break
    frames.push({ page: wal.readUInt32BE(at), commit: wal.readUInt32BE(at + 4) !== 0 })
  }
  return frames
}

describe.runIf(testDialect === 'sqlite')('the WAL pages of a create and an add', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
  })
  afterAll(() => t.close())

  async function add(cart: { number: string; token: string }, productId: number) {
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${cart.number}/line_items.json?order_token=${cart.token}`,
      payload: { line_item: { variant_id: productId, quantity: 1 } },
    })
    expect(added.statusCode).toBe(201)
  }

  async function iteration(productId: number, raise = false) {
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/orders.json', payload: {} })
    const cart = created.json()
    await add(cart, productId)
    if (raise) await add(cart, productId)
  }

  /** Pages written per commit of the create and of the add, by table or index, over `count` iterations. */
  async function written(productId: number, count: number, raise = false) {
    const database = t.ctx.database.sqlite!
    // The checkpoint worker may start the log over during a run: then the run is taken again.
    for (;;) {
      database.pragma('wal_checkpoint(TRUNCATE)')
      for (let i = 0; i < count; i++) await iteration(productId, raise)
      const frames = walFrames(database.name)
      const commitsEach = raise ? 3 : 2
      if (frames.filter((frame) => frame.commit).length !== commitsEach * count) continue
      const owner = new Map(
        (database.prepare('select pageno, name from dbstat').raw().all() as [number, string][]).map(
          ([page, name]) => [page, name],
        ),
      )
      const [create, added, raised] = [new Set<string>(), new Set<string>(), new Set<string>()]
      let commits = 0
      for (const frame of frames) {
        const name = owner.get(frame.page)
        // Page 1 is written when the file grows, and a page a split freed is on the free list.
        if (name && name !== 'sqlite_schema') [create, added, raised][commits % commitsEach]!.add(name)
        if (frame.commit) commits++
      }
      return {
        create: [...create].sort(),
        add: [...added].sort(),
        raise: [...raised].sort(),
        perIteration: frames.length / count,
      }
    }
  }

  /** What every add writes: the hold and its indexes, the line, the order and the stock row. */
  const HOLD_LINE_ORDER_STOCK = [
    'holds',
    'holds_order_idx',
    'holds_variant_due_idx',
    'line_items',
    'orders',
    'products',
  ]

  it('writes the order and its number to create, the hold, the line, the order and the stock to add', async () => {
    const productId = await insertProduct(t, { price: 1200, stock: 1_000_000 })
    for (let i = 0; i < 50; i++) await iteration(productId)
    const pages = await written(productId, 100)
    expect(pages.create).toEqual(['orders', 'sqlite_autoindex_orders_1', 'sqlite_sequence'])
    expect(pages.add).toEqual([...HOLD_LINE_ORDER_STOCK, 'sqlite_autoindex_line_items_1', 'sqlite_sequence'])
    // One page each, and now and then a page split of a table or an index.
    expect(pages.perIteration).toBeLessThan(11.6)
  })

  it('writes no id counter to raise a line: only the line gets a new id a shopper sees', async () => {
    const productId = await insertProduct(t, { price: 1200, stock: 1_000_000 })
    const pages = await written(productId, 50, true)
    expect(pages.raise).toEqual(HOLD_LINE_ORDER_STOCK)
  })
})
