/**
 * The legacy lists sorted by a title, a name or a slug, and the back office's products by name or
 * SKU, come out in one order on both databases,
 * whatever PostgreSQL's locale: the order of the bytes of the key (titles and names folded by
 * search_fold, slugs as they are), as SQLite's BINARY collation sorts. On PostgreSQL the test
 * gives the columns a collation as a database created under an English locale would have
 * (punctuation and spaces skipped, as glibc's en_US.UTF-8 does), which the order must not follow.
 */
import { adminCatalogEndpoints, searchFold } from '@fanshop/core'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertProduct } from '../../tests/cart.ts'
import { type TestApp, testDialect } from '../../tests/test-app.ts'
import { callEndpoint, createAdminTestApp } from '../admin/testing.ts'

const TITLES = ['The End', 'Thee', 'the_end', 'the-end', 'Zeta', 'alpha', 'Éclair', 'ecl air', 'eclair']
const SLUGS = ['a-c', 'ab', 'a1', 'a-b', 'ba', 'a-b-c']

/** Ids in the order of their keys' bytes, then of the ids. */
const inByteOrder = (rows: { id: number; key: string }[]) =>
  [...rows]
    .sort((x, y) => Buffer.compare(Buffer.from(x.key), Buffer.from(y.key)) || x.id - y.id)
    .map((row) => row.id)

describe(`title, name and slug order on ${testDialect}`, () => {
  let t: TestApp
  let manager: string
  const idsOf = async (url: string) => {
    const res = await t.app.inject(url)
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as { id: number }[]).map((item) => item.id)
  }

  beforeAll(async () => {
    let cookies: Awaited<ReturnType<typeof createAdminTestApp>>['cookies']
    ;({ t, cookies } = await createAdminTestApp())
    manager = cookies.manager
    if (testDialect === 'postgres') {
      await sql`create collation english_shifted (provider = icu, locale = 'en-u-ka-shifted')`.execute(
        t.ctx.db,
      )
      for (const [table, column] of [
        ['content_items', 'title'],
        ['content_items', 'slug'],
        ['products', 'name'],
        ['products', 'slug'],
        ['products', 'sku'],
        ['categories', 'name'],
        ['categories', 'slug'],
      ] as const) {
        await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type text collate english_shifted`.execute(
          t.ctx.db,
        )
      }
    }
  })
  afterAll(() => t.close())

  it('orders posts by title (folded) and by slug', async () => {
    const rows: { id: number; title: string; slug: string }[] = []
    for (const [index, title] of TITLES.entries()) {
      const slug = `order-test-${SLUGS[index % SLUGS.length]}-${index}`
      const { id } = await t.ctx.db
        .insertInto('content_items')
        .values({
          type: 'post',
          parent_id: null,
          slug,
          status: 'publish',
          title,
          content: '',
          excerpt: '',
          featured_media: null,
          menu_order: 0,
          date: t.clock.now,
          modified: t.clock.now,
          fields: JSON.stringify({ author_name: 'Desk' }),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      rows.push({ id, title, slug })
    }
    const list = `/wp-json/wp/v2/posts?per_page=100&include=${rows.map((row) => row.id).join(',')}`
    const byTitle = inByteOrder(rows.map((row) => ({ id: row.id, key: searchFold(row.title) })))
    expect(await idsOf(`${list}&orderby=title&order=asc`)).toEqual(byTitle)
    expect(await idsOf(`${list}&orderby=title&order=desc`)).toEqual([...byTitle].reverse())
    const bySlug = inByteOrder(rows.map((row) => ({ id: row.id, key: row.slug })))
    expect(await idsOf(`${list}&orderby=slug&order=asc`)).toEqual(bySlug)
  })

  it('orders products by title (folded) and by slug', async () => {
    const rows: { id: number; name: string; slug: string }[] = []
    for (const [index, name] of TITLES.entries()) {
      const id = await insertProduct(t, { price: 1000, stock: 1, name })
      const slug = `order-test-${SLUGS[index % SLUGS.length]}-${index}`
      await t.ctx.db.updateTable('products').set({ slug }).where('id', '=', id).execute()
      rows.push({ id, name, slug })
    }
    const list = `/wp-json/wc/v3/products?per_page=100&include=${rows.map((row) => row.id).join(',')}`
    const byTitle = inByteOrder(rows.map((row) => ({ id: row.id, key: searchFold(row.name) })))
    expect(await idsOf(`${list}&orderby=title&order=asc`)).toEqual(byTitle)
    const bySlug = inByteOrder(rows.map((row) => ({ id: row.id, key: row.slug })))
    expect(await idsOf(`${list}&orderby=slug&order=asc`)).toEqual(bySlug)
    expect(await idsOf(`${list}&orderby=slug&order=desc`)).toEqual([...bySlug].reverse())
  })

  it('orders product categories by name (folded) and by slug', async () => {
    const rows: { id: number; name: string; slug: string }[] = []
    for (const [index, name] of TITLES.entries()) {
      const slug = `order-test-${SLUGS[index % SLUGS.length]}-${index}`
      const { id } = await t.ctx.db
        .insertInto('categories')
        .values({ name, slug, parent: 0, description: '', image_id: null, menu_order: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
      rows.push({ id, name, slug })
    }
    const list = `/wp-json/wc/v3/products/categories?per_page=100&include=${rows.map((row) => row.id).join(',')}`
    const byName = inByteOrder(rows.map((row) => ({ id: row.id, key: searchFold(row.name) })))
    expect(await idsOf(`${list}&orderby=name&order=asc`)).toEqual(byName)
    const bySlug = inByteOrder(rows.map((row) => ({ id: row.id, key: row.slug })))
    expect(await idsOf(`${list}&orderby=slug&order=asc`)).toEqual(bySlug)
  })

  it("orders the back office's products by name (folded) and by SKU", async () => {
    const rows: { id: number; name: string; sku: string }[] = []
    for (const [index, name] of TITLES.entries()) {
      const id = await insertProduct(t, { price: 1000, stock: 1, name: `Sort ${name}` })
      const sku = `SORT-${SLUGS[index % SLUGS.length]!.toUpperCase()}-${index}`
      await t.ctx.db.updateTable('products').set({ sku }).where('id', '=', id).execute()
      rows.push({ id, name: `Sort ${name}`, sku })
    }
    const ours = new Set(rows.map((row) => row.id))
    const listed = async (query: string) => {
      const res = await callEndpoint(t.app, adminCatalogEndpoints.listProducts, {
        cookie: manager,
        query: `per_page=100&${query}`,
      })
      expect(res.statusCode, res.body).toBe(200)
      return (res.json() as { items: { id: number }[] }).items
        .map((item) => item.id)
        .filter((id) => ours.has(id))
    }
    const byName = inByteOrder(rows.map((row) => ({ id: row.id, key: searchFold(row.name) })))
    expect(await listed('sort=name&order=asc')).toEqual(byName)
    const bySku = inByteOrder(rows.map((row) => ({ id: row.id, key: row.sku })))
    expect(await listed('sort=sku&order=asc')).toEqual(bySku)
    expect(await listed('sort=sku&order=desc')).toEqual([...bySku].reverse())
  })
})
