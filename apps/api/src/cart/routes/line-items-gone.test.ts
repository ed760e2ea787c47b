/**
 * A line's quantity changed while another request removes the line: the change's answer is the
 * line as that change left it, read in its own transaction, so a removal that lands after it
 * cannot empty the answer. The removal is placed right after the change's transaction commits by a
 * spy around the shop's database handle (the API's test files share modules, so none is mocked).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addLine, createCart, insertProduct } from '../../../tests/cart.ts'
import { createTestApp, type TestApp, testDialect } from '../../../tests/test-app.ts'

describe(`a line's quantity changed while the line is removed, on ${testDialect}`, () => {
  let t: TestApp
  let productId: number
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
    productId = await insertProduct(t, { price: 1000, stock: 100 })
  })
  afterAll(() => t.close())

  /** Runs `between` once, right after the next transaction commits, before its caller goes on. */
  function afterNextCommit(between: () => Promise<void>) {
    const real = t.ctx.db
    t.ctx.db = new Proxy(real, {
      get(target, property) {
        if (property === 'transaction') {
          return () => {
            const builder = target.transaction()
            return {
              execute: async <T>(work: Parameters<typeof builder.execute<T>>[0]) => {
                const result = await builder.execute(work)
                t.ctx.db = real
                await between()
                return result
              },
            }
          }
        }
        const value = Reflect.get(target, property, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    return () => {
      t.ctx.db = real
    }
  }

  it('answers the line as the change left it, though a removal lands just after', async () => {
    const cart = await createCart(t)
    const line = (await addLine(t, cart, productId)).json()
    const url = `/api/v1/orders/${cart.number}/line_items/${line.id}?order_token=${cart.token}`
    let removed = 0
    const restore = afterNextCommit(async () => {
      removed = (await t.app.inject({ method: 'DELETE', url })).statusCode
    })
    try {
      const put = await t.app.inject({ method: 'PUT', url: `${url}&line_item[quantity]=2` })
      expect(put.statusCode, put.body).toBe(200)
      expect(put.json()).toMatchObject({ id: line.id, quantity: 2 })
    } finally {
      restore()
    }
    expect(removed).toBe(204)
  })
})
