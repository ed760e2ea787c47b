import { ACCESS_GRANT_HEADER, accessCodeSearch } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertProduct } from '../../tests/cart.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { createAccessCode } from './access-codes.ts'

describe(`the launch gate on the store API's cart writes on ${testDialect}`, () => {
  let t: TestApp
  let productId: number
  let grant: string
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { LAUNCH_AT: '2999-01-01T00:00' } })
    productId = await insertProduct(t, { price: 2500, stock: 10 })
    await createAccessCode(t.ctx, { code: 'EARLY', label: 'test', maxUses: null, expiresAt: null })
    const res = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/user/check-access-code',
      payload: { search: accessCodeSearch('EARLY') },
    })
    grant = res.json().data.grant
  })
  afterAll(() => t.close())

  const newCart = (headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/orders.json',
      headers,
      payload: { order: { line_items: [{ variant_id: productId, quantity: 1 }] } },
    })

  it('refuses a visitor without a grant, whatever else they send', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { [ACCESS_GRANT_HEADER]: '' },
      { [ACCESS_GRANT_HEADER]: 'forged.grant.value' },
    ]
    for (const headers of attempts) {
      const res = await newCart(headers)
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe(
        'The shop is not open yet. Enter your access code to shop before the launch.',
      )
    }
  })

  it('lets a visitor with a grant open a cart and add to it', async () => {
    const created = await newCart({ [ACCESS_GRANT_HEADER]: grant })
    expect(created.statusCode).toBe(201)
    const order = created.json()
    expect(order.item_count).toBe(1)

    const withoutGrant = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.number}/line_items.json?order_token=${order.token}`,
      payload: { line_item: { variant_id: productId, quantity: 1 } },
    })
    expect(withoutGrant.statusCode).toBe(403)

    const withGrant = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.number}/line_items.json?order_token=${order.token}`,
      headers: { [ACCESS_GRANT_HEADER]: grant },
      payload: { line_item: { variant_id: productId, quantity: 1 } },
    })
    expect(withGrant.statusCode).toBe(201)
    expect(withGrant.json()).toMatchObject({ variant_id: productId, quantity: 2 })
  })

  // Drop day's two calls run the gate at the start of their handlers (issue 13, eighth pass): the
  // refusals above prove it still holds, and here that neither passes a preHandler hook for it.
  it('runs the gate inside the create and the add, with no preHandler hook', () => {
    const tree = t.app.printRoutes({ includeHooks: true, commonPrefix: false, method: 'POST' }).split('\n')
    const hooksOf = (path: string) => {
      const at = tree.findIndex((line) => line.endsWith(`── ${path} (POST)`))
      expect(at).toBeGreaterThan(-1)
      const end = tree.findIndex((line, i) => i > at && line.includes('── '))
      return tree.slice(at + 1, end).join('\n')
    }
    for (const path of ['/api/v1/orders.json', '/api/v1/orders/:number/line_items.json']) {
      expect(hooksOf(path)).not.toContain('(preHandler)')
    }
  })

  it('opens to everyone at the launch instant', async () => {
    t.clock.now = Date.parse('2999-01-01T00:00:00+01:00')
    expect((await newCart()).statusCode).toBe(201)
  })
})
