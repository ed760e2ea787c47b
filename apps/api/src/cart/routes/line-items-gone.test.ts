/**
 * A line changed while another request removes it: the change's answer is the line as that change
 * left it, read in its own transaction, so a removal that lands after it cannot empty the answer.
 * That holds for a quantity set and for an add that goes the long way (its order must be opened
 * first). The removal is placed right after the change's transaction commits by a spy around the
 * shop's database handle (the API's test files share modules, so none is mocked).
 */
import { CART_HOLD_MS } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addLine, createCart, insertProduct } from '../../../tests/cart.ts'
import { createTestApp, type TestApp, testDialect } from '../../../tests/test-app.ts'

describe(`a line changed while the line is removed, on ${testDialect}`, () => {
  let t: TestApp
  let productId: number
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
    productId = await insertProduct(t, { price: 1000, stock: 100 })
  })
  afterAll(() => t.close())

  /**
   * Runs `between` right after each transaction commits, before its caller goes on, until it
   * answers true (done); `between`'s own requests use the real handle.
   */
  function afterCommits(between: () => Promise<boolean>) {
    const real = t.ctx.db
    const spy: typeof real = new Proxy(real, {
      get(target, property) {
        if (property === 'transaction') {
          return () => {
            const builder = target.transaction()
            return {
              execute: async <T>(work: Parameters<typeof builder.execute<T>>[0]) => {
                const result = await builder.execute(work)
                t.ctx.db = real
                if (!(await between())) t.ctx.db = spy
                return result
              },
            }
          }
        }
        const value = Reflect.get(target, property, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    t.ctx.db = spy
    return () => {
      t.ctx.db = real
    }
  }

  it('answers the line as the change left it, though a removal lands just after', async () => {
    const cart = await createCart(t)
    const line = (await addLine(t, cart, productId)).json()
    const url = `/api/v1/orders/${cart.number}/line_items/${line.id}?order_token=${cart.token}`
    let removed = 0
    const restore = afterCommits(async () => {
      removed = (await t.app.inject({ method: 'DELETE', url })).statusCode
      return true
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

  it('answers an add that opens its order first with the line it left, though a removal lands just after', async () => {
    const cart = await createCart(t)
    expect((await addLine(t, cart, productId)).statusCode).toBe(201)
    // The cart's hold ran out: the add goes the long way, opening the order before adding to it.
    t.clock.advance(CART_HOLD_MS + 1)
    const order = await t.ctx.db
      .selectFrom('orders')
      .select('id')
      .where('number', '=', cart.number)
      .executeTakeFirstOrThrow()
    let removed = 0
    const restore = afterCommits(async () => {
      // The add's own commit is the one that leaves its line with the 3 units added.
      const added = await t.ctx.db
        .selectFrom('line_items')
        .select('id')
        .where('order_id', '=', order.id)
        .where('variant_id', '=', productId)
        .where('quantity', '=', 3)
        .executeTakeFirst()
      if (!added) return false
      const url = `/api/v1/orders/${cart.number}/line_items/${added.id}?order_token=${cart.token}`
      removed = (await t.app.inject({ method: 'DELETE', url })).statusCode
      return true
    })
    try {
      const add = await addLine(t, cart, productId, 3)
      expect(add.statusCode, add.body).toBe(201)
      expect(add.json()).toMatchObject({ variant_id: productId, quantity: 3 })
    } finally {
      restore()
    }
    expect(removed).toBe(204)
  })
})
