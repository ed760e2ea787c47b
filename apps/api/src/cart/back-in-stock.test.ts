import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { insertProduct, insertShopper } from '../../tests/cart.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { seedCart } from '../demo/cart.ts'
import type { MailMessage } from '../mail/mailer.ts'
import { CLAIM_MS, notifyBackInStock } from './back-in-stock.ts'

describe(`back in stock on ${testDialect}`, () => {
  let t: TestApp
  const mail: MailMessage[] = []
  let failNext = false

  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      mailer: {
        send: async (m) => {
          if (failNext) {
            failNext = false
            throw new Error('SMTP down')
          }
          mail.push(m)
        },
        close() {},
      },
    })
    await seedCart(t.ctx)
  })
  afterAll(() => t.close())
  beforeEach(() => {
    mail.length = 0
  })

  const ask = (payload: object, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/stock_alerts',
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
  const restock = (productId: number, units: number) =>
    t.ctx.db.updateTable('products').set({ stock_on_hand: units }).where('id', '=', productId).execute()

  it('mails each waiting fan once when the stock returns, not before', async () => {
    const productId = await insertProduct(t, { price: 2000, stock: 0, name: 'Tour Beanie' })
    const asked = await ask({ variant_id: productId, email: 'Ana@Example.com' })
    expect(asked.statusCode).toBe(201)
    expect(asked.json().message).toBe(
      'Thank you. We will write to ana@example.com once, as soon as it is back in stock.',
    )
    expect((await ask({ variant_id: productId, email: 'ana@example.com' })).statusCode).toBe(201)
    const fan = await insertShopper(t)
    expect((await ask({ variant_id: productId }, fan.token)).json().message).toContain(fan.email)

    expect(await notifyBackInStock(t.ctx)).toBe(0)
    expect(mail).toEqual([])

    await restock(productId, 3)
    expect(await notifyBackInStock(t.ctx)).toBe(2)
    expect(mail.map((m) => m.to).sort()).toEqual(['ana@example.com', fan.email].sort())
    expect(mail[0]).toMatchObject({ subject: 'Tour Beanie is back in stock' })
    expect(mail[0]!.text).toContain('/product/fixture-')
    expect(await notifyBackInStock(t.ctx)).toBe(0)
    expect(mail).toHaveLength(2)
  })

  it('mails once when two instances run the job at the same moment', async () => {
    const productId = await insertProduct(t, { price: 2000, stock: 0 })
    for (let i = 0; i < 5; i++) await ask({ variant_id: productId, email: `twice${i}@example.com` })
    await restock(productId, 1)
    const [a, b] = await Promise.all([notifyBackInStock(t.ctx), notifyBackInStock(t.ctx)])
    expect(a + b).toBe(5)
    expect(new Set(mail.map((m) => m.to)).size).toBe(5)
    expect(mail).toHaveLength(5)
  })

  it('takes a claim whose mail failed again once it is stale', async () => {
    const productId = await insertProduct(t, { price: 2000, stock: 0 })
    await ask({ variant_id: productId, email: 'retry@example.com' })
    await restock(productId, 2)
    failNext = true
    expect(await notifyBackInStock(t.ctx)).toBe(0)
    expect(await notifyBackInStock(t.ctx)).toBe(0)
    t.clock.advance(CLAIM_MS + 1)
    expect(await notifyBackInStock(t.ctx)).toBe(1)
    expect(mail.map((m) => m.to)).toEqual(['retry@example.com'])
  })

  it('answers what cannot be waited for with a readable 4xx', async () => {
    const inStock = await insertProduct(t, { price: 2000, stock: 4 })
    const now = await ask({ variant_id: inStock, email: 'ana@example.com' })
    expect(now.statusCode).toBe(422)
    expect(now.json()).toEqual({ statusCode: 422, message: 'This is in stock now: add it to your bag.' })
    const soldOut = await insertProduct(t, { price: 2000, stock: 0 })
    const noEmail = await ask({ variant_id: soldOut })
    expect(noEmail.statusCode).toBe(400)
    expect(noEmail.json().message).toBe('Enter your e-mail address.')
    expect((await ask({ variant_id: soldOut, email: 'not an address' })).statusCode).toBe(400)
    const tooLong = await ask({ variant_id: soldOut, email: `${'a'.repeat(5000)}@example.com` })
    expect(tooLong.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('e-mail') })
    expect((await ask({ variant_id: 999_999, email: 'ana@example.com' })).statusCode).toBe(422)
  })
})
