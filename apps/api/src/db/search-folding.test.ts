/**
 * Every free-text search (the shop's products and content, the back office's products, stock and
 * customers) folds case and accents beyond ASCII the same way on SQLite and PostgreSQL, whatever
 * the database's locale: the demo artist is Brazilian and fans type "CANÇÃO", "Été" or "cancao".
 */
import { type StaffRole, searchFold } from '@fanshop/core'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertProduct } from '../../tests/cart.ts'
import { type TestApp, testDialect } from '../../tests/test-app.ts'
import { createAdminTestApp } from '../admin/testing.ts'
import { DEMO_CUSTOMER } from '../demo/accounts.ts'

let t: TestApp
let cookies: Record<StaffRole, string>
let productId: number

beforeAll(async () => {
  ;({ t, cookies } = await createAdminTestApp())
  productId = await insertProduct(t, { price: 1000, stock: 5, name: 'Tee da CANÇÃO' })
  const music = await t.ctx.db
    .selectFrom('content_items')
    .select('id')
    .where('type', '=', 'music')
    .where('status', '=', 'publish')
    .orderBy('id')
    .executeTakeFirstOrThrow()
  await t.ctx.db
    .updateTable('content_items')
    .set({ title: 'Été de Verão' })
    .where('id', '=', music.id)
    .execute()
  await t.ctx.db
    .updateTable('users')
    .set({ last_name: 'CONCEIÇÃO' })
    .where('email', '=', DEMO_CUSTOMER.email)
    .execute()
})
afterAll(async () => t?.close())

const search = async <T>(url: string, text: string, cookie?: string): Promise<T> => {
  const res = await t.app.inject({
    url: `${url}${encodeURIComponent(text)}`,
    headers: cookie ? { cookie } : {},
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as T
}

describe(`search text folding on ${testDialect}`, () => {
  it('folds case and accents in JavaScript as a shop search does', () => {
    expect(searchFold('CANÇÃO')).toBe('cancao')
    expect(searchFold('Été')).toBe('ete')
    // Decomposed input (as some keyboards send it) folds like the composed one.
    expect(searchFold('E\u0301TE\u0301')).toBe('ete')
    expect(searchFold('ØRESUND Straße ΣΟΦΊΑ')).toBe('øresund straße σοφια')
  })

  it('folds in the database as in JavaScript, letters without a decomposition included', async () => {
    const text = 'ÉTÉ CANÇÃO Ø Æ Œ ΣΟΦΊΑ ПРИВЕТ İ'
    const { rows } = await sql<{ folded: string }>`select search_fold(${text}) as folded`.execute(t.ctx.db)
    expect(rows[0]!.folded).toBe(searchFold(text))
    if (testDialect === 'postgres') {
      // A "C" locale's lower() folds ASCII only: the fold does not depend on the text's collation.
      const { rows: inC } = await sql<{
        folded: string
      }>`select search_fold(${text}::text collate "C") as folded`.execute(t.ctx.db)
      expect(inC[0]!.folded).toBe(searchFold(text))
    }
  })

  it('finds products in the shop whatever the case and accents typed', async () => {
    for (const text of ['ção', 'CANÇÃO', 'cancao', 'Cancão tee']) {
      const found = await search<{ id: number }[]>('/wp-json/wc/v3/products?per_page=100&search=', text)
      expect(
        found.map((p) => p.id),
        text,
      ).toEqual([productId])
    }
  })

  it('finds content whatever the case and accents typed', async () => {
    const titles = async (text: string) =>
      (await search<{ title: { rendered: string } }[]>('/wp-json/wp/v2/music?search=', text)).map(
        (item) => item.title.rendered,
      )
    expect(await titles('ÉTÉ')).toContain('Été de Verão')
    for (const text of ['été VERÃO', 'verao']) expect(await titles(text), text).toEqual(['Été de Verão'])
  })

  it('finds products, stock rows and customers in the back office the same way', async () => {
    const products = await search<{ items: { id: number }[] }>(
      '/admin/api/products?search=',
      'ção',
      cookies.manager,
    )
    expect(products.items.map((p) => p.id)).toEqual([productId])
    const stock = await search<{ items: { id: number }[] }>('/admin/api/stock?q=', 'CANCAO', cookies.manager)
    expect(stock.items.map((row) => row.id)).toEqual([productId])
    for (const text of ['ção', 'conceicao', 'LUCIA']) {
      const customers = await search<{ items: { email: string }[] }>(
        '/admin/api/customers?search=',
        text,
        cookies.manager,
      )
      expect(
        customers.items.map((c) => c.email),
        text,
      ).toEqual([DEMO_CUSTOMER.email])
    }
  })
})
