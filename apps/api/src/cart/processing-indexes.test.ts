import { type Compilable, CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indexDefinitions } from '../../tests/indexes.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { staleRefunds } from '../admin/cart/refunds.ts'
import { SETTLE_BATCH } from '../admin/cart/stale-settlement.ts'
import { stalePayments } from './placement.ts'

// The background settling (admin/cart/stale-settlement.ts) asks every instance's database, once a
// minute, for the payments and refunds left 'processing'. Nearly every row of those tables is
// settled: without an index the question reads the whole of both tables each time, which grows
// with every order the shop ever took. A partial index holds only the rows being processed, so
// the question reads a handful of entries, and a payment writes to it only while it is processed.
describe(`the indexes of processing payments and refunds on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
  })
  afterAll(() => t.close())

  it('index payments and refunds by age only while they are processing', async () => {
    const processingOnly =
      /on (\w+\.)?\w+ (using btree )?\(updated_at(, id)?\) where \(?\(?state\)?(::text)? = 'processing'(::text)?\)?/
    expect((await indexDefinitions(t.ctx.db, 'payments')).payments_processing_idx).toMatch(processingOnly)
    expect((await indexDefinitions(t.ctx.db, 'order_refunds')).order_refunds_processing_idx).toMatch(
      processingOnly,
    )
  })

  /**
   * The plan of a query as the sweep sends it, its values bound: SQLite (built with STAT4) plans
   * again with the values bound. PostgreSQL runs it as a prepared statement (db/named-statements.ts),
   * which after five runs may take the generic plan, made without the values: that is the plan
   * shown here.
   */
  async function plan(query: Compilable): Promise<string> {
    const { sql: text, parameters } = query.compile()
    if (testDialect === 'sqlite') {
      const { rows } = await t.ctx.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
      )
      return rows.map((row) => row.detail).join('\n')
    }
    // The test's tables are nearly empty, where a scan is cheapest: with scans priced out, the
    // plan shows whether the index can serve the query at all.
    return t.ctx.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx)
      await sql`set local plan_cache_mode = force_generic_plan`.execute(trx)
      await trx.executeQuery(CompiledQuery.raw(`prepare stale_rows as ${text}`))
      const values = parameters.map((value) => (typeof value === 'number' ? value : `'${value}'`))
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain execute stale_rows(${values.join(', ')})`),
      )
      await trx.executeQuery(CompiledQuery.raw('deallocate stale_rows'))
      return rows.map((row) => row['QUERY PLAN']).join('\n')
    })
  }

  it('finds the stale payments and refunds through those indexes', async () => {
    const payments = await plan(stalePayments(t.ctx).limit(SETTLE_BATCH))
    const refunds = await plan(staleRefunds(t.ctx).limit(SETTLE_BATCH))
    if (testDialect === 'sqlite') {
      expect(payments).toMatch(/SEARCH payments USING INDEX payments_processing_idx \(updated_at<\?\)/)
      expect(payments).not.toMatch(/SCAN payments/)
      expect(refunds).toMatch(
        /SEARCH order_refunds USING INDEX order_refunds_processing_idx \(updated_at<\?\)/,
      )
      expect(refunds).not.toMatch(/TEMP B-TREE/)
    } else {
      expect(payments).toMatch(/Index Scan using payments_processing_idx on payments/)
      expect(refunds).toMatch(/Index Scan using order_refunds_processing_idx on order_refunds/)
    }
  })
})
