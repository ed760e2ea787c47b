import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indexNames } from '../../tests/indexes.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'

// Every query that filters lines by product also names the order, or the orders of one fan (by
// account or by e-mail): the unique (order_id, variant_id) index serves them all, so lines carry no
// index on the product alone, which every add wrote a page of and nothing read (issue "Drop-day
// engine"). The plans below are those of launch/fan-cap.ts and the SQLite hot path's per-fan count.
describe(`the line items indexes on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
  })
  afterAll(() => t.close())

  const indexes = () => indexNames(t.ctx.db, 'line_items')

  const byAccount = sql`select coalesce(sum(line_items.quantity), 0) from line_items
    inner join orders on orders.id = line_items.order_id
    where orders.user_id = ${7} and line_items.variant_id = ${3} and orders.id <> ${5}`
  const byEmail = sql`select coalesce(sum(line_items.quantity), 0) from line_items
    inner join orders on orders.id = line_items.order_id
    where lower(orders.email) = ${'fan@example.com'}
      and (orders.state = ${'complete'} or orders.frozen_at is not null)
      and line_items.variant_id = ${3} and orders.id <> ${5}`
  const inOrder = sql`select id, quantity from line_items where order_id = ${5} and variant_id = ${3}`

  it('index lines by order and product only', async () => {
    expect(await indexes()).toEqual(
      testDialect === 'postgres'
        ? ['line_items_order_variant_unique', 'line_items_pkey']
        : ['sqlite_autoindex_line_items_1'],
    )
  })

  it.runIf(testDialect === 'sqlite')('finds a fan’s lines of a product through the order', async () => {
    const plan = async (query: typeof byAccount) =>
      (await sql<{ detail: string }>`explain query plan ${query}`.execute(t.ctx.db)).rows
        .map((row) => row.detail)
        .join('\n')
    expect(await plan(byAccount)).toMatch(
      /SEARCH orders USING (COVERING )?INDEX orders_user_state_idx \(user_id=\?\)\n.*SEARCH line_items USING INDEX sqlite_autoindex_line_items_1 \(order_id=\? AND variant_id=\?\)/,
    )
    expect(await plan(byEmail)).toMatch(
      /SEARCH orders USING INDEX orders_email_idx \(<expr>=\?\)\n.*SEARCH line_items USING INDEX sqlite_autoindex_line_items_1 \(order_id=\? AND variant_id=\?\)/,
    )
    expect(await plan(inOrder)).toMatch(
      /SEARCH line_items USING INDEX sqlite_autoindex_line_items_1 \(order_id=\? AND variant_id=\?\)/,
    )
  })

  it.runIf(testDialect === 'postgres')('finds a fan’s lines of a product through the order', async () => {
    // The test's tables are nearly empty, where a scan is cheapest: with scans priced out, the
    // plan shows which index serves each query.
    await t.ctx.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx)
      const plan = async (query: typeof byAccount) =>
        (await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx)).rows
          .map((row) => row['QUERY PLAN'])
          .join('\n')
      for (const [query, orders] of [
        [byAccount, 'orders_user_state_idx'],
        [byEmail, 'orders_email_idx'],
      ] as const) {
        const text = await plan(query)
        expect(text).toMatch(new RegExp(`Index (Only )?Scan using ${orders} on orders`))
        expect(text).toMatch(/Index Scan using line_items_order_variant_unique on line_items/)
        expect(text).not.toMatch(/Seq Scan|line_items_variant_idx/)
      }
      expect(await plan(inOrder)).toMatch(/Index Scan using line_items_order_variant_unique on line_items/)
    })
  })
})
