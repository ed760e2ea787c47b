import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { addLine, createCart, insertProduct } from '../../../tests/cart.ts'
import { createTestApp, type TestApp, testDialect } from '../../../tests/test-app.ts'

/** Runs once just before the route reads the lines back: a removal landing between the two. */
const before = vi.hoisted(() => ({ read: null as null | (() => Promise<void>) }))
vi.mock('../order-json.ts', async (original) => {
  const actual = await original<typeof import('../order-json.ts')>()
  return {
    ...actual,
    lineItemsJson: async (...args: Parameters<typeof actual.lineItemsJson>) => {
      const run = before.read
      before.read = null
      await run?.()
      return actual.lineItemsJson(...args)
    },
  }
})

describe(`a line's quantity changed while the line is removed, on ${testDialect}`, () => {
  let t: TestApp
  let productId: number
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
    productId = await insertProduct(t, { price: 1000, stock: 100 })
  })
  afterAll(() => t.close())

  it('answers 404 saying the line is gone, never an empty 200', async () => {
    const cart = await createCart(t)
    const line = (await addLine(t, cart, productId)).json()
    const url = `/api/v1/orders/${cart.number}/line_items/${line.id}?order_token=${cart.token}`
    before.read = async () => {
      expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(204)
    }
    const put = await t.app.inject({ method: 'PUT', url: `${url}&line_item[quantity]=2` })
    expect(put.statusCode).toBe(404)
    expect(put.json().message).toBe(`Line item ${line.id} not found in order ${cart.number}.`)
  })
})
