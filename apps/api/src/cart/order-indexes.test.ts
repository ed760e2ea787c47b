import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indexDefinitions } from '../../tests/indexes.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'

// A new cart is a guest's, unplaced, without a coupon or an e-mail address: the orders indexes on
// those columns hold only rows with a value (issue 13), so the cart every fan makes on drop day
// writes none of them.
describe(`the orders indexes on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
  })
  afterAll(() => t.close())

  const definitions = () => indexDefinitions(t.ctx.db, 'orders')

  it('indexes customers, placed orders and coupons only where the column has a value', async () => {
    const indexes = await definitions()
    expect(indexes.orders_user_state_idx).toMatch(/where \(?user_id is not null\)?/)
    expect(indexes.orders_completed_idx).toMatch(/where \(?completed_at is not null\)?/)
    expect(indexes.orders_coupon_idx).toMatch(/where \(?coupon_id is not null\)?/)
    expect(indexes.orders_email_idx).toMatch(/where \(?lower\(\(?email\)?(::text)?\) is not null\)?/)
    expect(indexes.orders_fan_mailbox_idx).toMatch(/where \(?fan_mailbox is not null\)?/)
  })

  it.runIf(testDialect === 'sqlite')('pages the placed orders through the partial index', async () => {
    const plan = await sql<{ detail: string }>`
      explain query plan select id from orders
      where state = 'complete' and completed_at is not null
      order by completed_at desc, id desc limit 20`.execute(t.ctx.db)
    expect(plan.rows.map((row) => row.detail).join('\n')).toMatch(/USING INDEX orders_completed_idx/)
  })

  it.runIf(testDialect === 'sqlite')(
    "finds a guest's orders by e-mail through the partial index",
    async () => {
      const plan = await sql<{ detail: string }>`
      explain query plan select id from orders where lower(orders.email) = ${'fan@example.com'}`.execute(
        t.ctx.db,
      )
      expect(plan.rows.map((row) => row.detail).join('\n')).toMatch(
        /USING (COVERING )?INDEX orders_email_idx/,
      )
    },
  )

  it.runIf(testDialect === 'sqlite')(
    "finds a fan's orders by mailbox or account (the per-fan cap at placement) through both indexes",
    async () => {
      const plan = await sql<{ detail: string }>`
      explain query plan select id from orders
      where orders.fan_mailbox = ${'fan@example.com'} or orders.user_id = ${7}`.execute(t.ctx.db)
      const detail = plan.rows.map((row) => row.detail).join('\n')
      expect(detail).toMatch(/MULTI-INDEX OR/)
      expect(detail).toMatch(/INDEX orders_fan_mailbox_idx/)
      expect(detail).toMatch(/INDEX orders_user_state_idx/)
    },
  )
})
