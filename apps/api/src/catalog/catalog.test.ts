import {
  CATEGORY_TAB_FIELD_LIST,
  type CategoryJson,
  catalogEndpoints,
  categoryTabEndpoints,
  PRODUCT_CARD_FIELD_LIST,
  type ProductJson,
  productCardEndpoints,
} from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { DEMO_PRODUCTS } from '../demo/catalog-data.ts'

const PUBLISHED = DEMO_PRODUCTS.length
const taxonomies = (value: unknown) => encodeURIComponent(JSON.stringify(value))

describe(`catalogue API on ${testDialect}`, () => {
  let t: TestApp
  const get = (url: string) => t.app.inject(url)
  const products = async (url: string) => {
    const res = await get(url)
    expect(res.statusCode, res.body).toBe(200)
    return {
      list: res.json() as ProductJson[],
      total: res.headers['x-wp-total'],
      pages: res.headers['x-wp-totalpages'],
    }
  }
  const bySlug = async (slug: string) => (await get(`/wp-json/wc/v3/products/${slug}`)).json() as ProductJson
  /** The answer to `url` and the SQL it ran. */
  const sqlOf = async (url: string) => {
    const executor = t.ctx.db.getExecutor()
    const run = vi.spyOn(executor, 'executeQuery')
    try {
      const res = await get(url)
      expect(res.statusCode, res.body).toBe(200)
      return { body: res.json() as unknown[], sql: run.mock.calls.map(([query]) => query.sql).join('\n') }
    } finally {
      run.mockRestore()
    }
  }

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  describe('GET /wp-json/wc/v3/products/categories', () => {
    it('leaves out the excluded category 15 and sorts by menu_order', async () => {
      const res = await get('/wp-json/wc/v3/products/categories?exclude=15')
      expect(res.statusCode).toBe(200)
      const categories = res.json() as CategoryJson[]
      expect(categories.map((c) => c.name)).toEqual([
        'T-Shirts',
        'Tour Edition',
        'Hoodies & Sweats',
        'Caps & Accessories',
        'Kids',
      ])
      expect(categories.map((c) => c.menu_order)).toEqual([0, 1, 2, 3, 4])
      expect(categories.some((c) => c.id === 15)).toBe(false)
      expect(res.headers['x-wp-total']).toBe('5')
      expect(res.headers['x-wp-totalpages']).toBe('1')
    })

    it('describes each category with its image and the number of its published products', async () => {
      const categories = (await get('/wp-json/wc/v3/products/categories?exclude=15')).json() as CategoryJson[]
      const tees = categories.find((c) => c.slug === 't-shirts')!
      expect(tees).toMatchObject({ id: 12, name: 'T-Shirts', parent: 0, menu_order: 0, count: 8 })
      expect(tees.image).toMatchObject({ alt: 'T-Shirts collection', width: 960, height: 1200 })
      expect(tees.image!.srcset.avif).toContain('.avif 480w')
    })

    it('lists category 15 when it is not excluded, and honours include, orderby and paging', async () => {
      const all = (await get('/wp-json/wc/v3/products/categories')).json() as CategoryJson[]
      expect(all.map((c) => c.id)).toContain(15)
      const some = (
        await get('/wp-json/wc/v3/products/categories?include=13,11&orderby=name')
      ).json() as CategoryJson[]
      expect(some.map((c) => c.name)).toEqual(['Caps & Accessories', 'Hoodies & Sweats'])
      const byDescription = (
        await get('/wp-json/wc/v3/products/categories?exclude=15&orderby=description&order=desc')
      ).json() as CategoryJson[]
      const descriptions = byDescription.map((c) => c.description)
      expect(descriptions).toEqual([...descriptions].sort().reverse())
      expect(new Set(byDescription.map((c) => c.id))).toEqual(
        new Set(all.filter((c) => c.id !== 15).map((c) => c.id)),
      )
      const page = await get('/wp-json/wc/v3/products/categories?exclude=15&per_page=2&page=3')
      expect(page.json().map((c: CategoryJson) => c.id)).toEqual([16])
      expect(page.headers['x-wp-total']).toBe('5')
      expect(page.headers['x-wp-totalpages']).toBe('3')
      const past = await get('/wp-json/wc/v3/products/categories?exclude=15&per_page=2&page=9')
      expect(past.json()).toEqual([])
      expect(past.headers['x-wp-total']).toBe('5')
      expect(past.headers['x-wp-totalpages']).toBe('3')
    })

    it("gives the shop's tabs the same data as the whole categories, without joining images or counting products", async () => {
      const path = '/wp-json/wc/v3/products/categories?exclude=15&per_page=100&orderby=menu_order'
      const whole = await sqlOf(path)
      const tabs = await sqlOf(`${path}&_fields=${CATEGORY_TAB_FIELD_LIST}`)
      expect(tabs.body).toEqual(
        (whole.body as CategoryJson[]).map((c) => ({
          id: c.id,
          name: c.name,
          description: c.description,
          menu_order: c.menu_order,
        })),
      )
      expect(categoryTabEndpoints.categories.responses[200].safeParse(tabs.body).success).toBe(true)
      for (const read of ['join "media"', 'from "product_categories"']) {
        expect(whole.sql, read).toContain(read)
        expect(tabs.sql, read).not.toContain(read)
      }
    })

    it('counts with _fields when the answer, the filter or the order needs the count', async () => {
      const path = '/wp-json/wc/v3/products/categories?exclude=15&per_page=100'
      const whole = (await get(path)).json() as CategoryJson[]
      const counted = await sqlOf(`${path}&_fields=id,count`)
      expect(counted.body).toEqual(whole.map((c) => ({ id: c.id, count: c.count })))
      // An empty category, so that hide_empty has one to leave out.
      const [empty] = await t.ctx.db
        .insertInto('categories')
        .values({
          name: 'Coming Soon',
          slug: 'coming-soon',
          parent: 0,
          description: '',
          image_id: null,
          menu_order: 9,
        })
        .returning('id')
        .execute()
      try {
        const shown = await sqlOf(`${path}&hide_empty=true&_fields=id,name`)
        expect(shown.body).toEqual(whole.filter((c) => c.count > 0).map((c) => ({ id: c.id, name: c.name })))
        expect(shown.sql).toContain('from "product_categories"')
        const byCount = (await get(`${path}&orderby=count&order=desc`)).json() as CategoryJson[]
        const ids = await sqlOf(`${path}&orderby=count&order=desc&_fields=id`)
        expect(ids.body).toEqual(byCount.map((c) => ({ id: c.id })))
        expect(byCount.at(-1)!.id).toBe(empty!.id)
      } finally {
        await t.ctx.db.deleteFrom('categories').where('id', '=', empty!.id).execute()
      }
    })

    it('joins the image when _fields asks for it, and ignores names a category does not have', async () => {
      const path = '/wp-json/wc/v3/products/categories?include=12'
      const [tees] = (await get(path)).json() as CategoryJson[]
      const { body, sql } = await sqlOf(`${path}&_fields=image,nonsense`)
      expect(body).toEqual([{ image: tees!.image }])
      expect(tees!.image).not.toBeNull()
      expect(sql).not.toContain('from "product_categories"')
      // A dotted path keeps part of a field, and a scalar asked for a part of it whole, as in WordPress 5.3+.
      const parts = await sqlOf(`${path}&_fields=image.src,name.x`)
      expect(parts.body).toEqual([{ image: { src: tees!.image!.src }, name: tees!.name }])
      expect((await get(`${path}&_fields=`)).body).toBe((await get(path)).body)
    })

    // Each of these was ignored: a client asking for one category by its slug was sent every one.
    it("reads WooCommerce's slug, search, parent, product, offset and orderby=include", async () => {
      const list = async (query: string) => {
        const res = await get(`/wp-json/wc/v3/products/categories?${query}`)
        expect(res.statusCode, `${query}: ${res.body}`).toBe(200)
        return { ids: (res.json() as CategoryJson[]).map((c) => c.id), total: res.headers['x-wp-total'] }
      }
      const all = (await list('per_page=100&orderby=id')).ids
      expect(await list('slug=t-shirts,kids')).toMatchObject({ ids: [12, 16], total: '2' })
      expect((await list('search=HOOD')).ids).toEqual([11])
      expect((await list('search=acc caps')).ids).toEqual([13])
      expect((await list('search=tour-edition')).ids).toEqual([14])
      expect((await list('parent=0&per_page=100&orderby=id')).ids).toEqual(all)
      expect(await list('parent=12')).toMatchObject({ ids: [], total: '0' })
      await t.ctx.db.updateTable('categories').set({ parent: 12 }).where('id', '=', 16).execute()
      try {
        expect((await list('parent=12')).ids).toEqual([16])
        expect((await list('parent=0&per_page=100&orderby=id')).ids).toEqual(all.filter((id) => id !== 16))
      } finally {
        await t.ctx.db.updateTable('categories').set({ parent: 0 }).where('id', '=', 16).execute()
      }
      const tee = await bySlug('extra-time-tour-tee')
      expect((await list(`product=${tee.id}&orderby=id`)).ids).toEqual(
        [...tee.categories.map((c: { id: number }) => c.id)].sort((a: number, b: number) => a - b),
      )
      expect((await list('product=999999')).ids).toEqual([])
      expect(await list('orderby=id&per_page=2&offset=3')).toMatchObject({
        ids: all.slice(3, 5),
        total: String(all.length),
      })
      expect((await list('include=16,12,14&orderby=include')).ids).toEqual([16, 12, 14])
      const alone = await get('/wp-json/wc/v3/products/categories?orderby=include')
      expect(alone.json()).toEqual({
        statusCode: 400,
        message: 'orderby=include orders by the include list: name the categories with include.',
      })
      for (const query of ['slug=,', 'parent=-1', 'product=x', 'search=%25', 'offset=x']) {
        const res = await get(`/wp-json/wc/v3/products/categories?${query}`)
        expect(res.statusCode, query).toBe(query === 'search=%25' ? 200 : 400)
      }
    })

    it('answers bad parameters with 400 and a clear message', async () => {
      const res = await get('/wp-json/wc/v3/products/categories?exclude=fifteen')
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        statusCode: 400,
        message:
          'Invalid querystring parameter "exclude": must be a comma-separated list of ids, e.g. 15 or 12,15',
      })
      expect((await get('/wp-json/wc/v3/products/categories?per_page=101')).statusCode).toBe(400)
      expect((await get('/wp-json/wc/v3/products/categories?orderby=colour')).statusCode).toBe(400)
      const long = await get(`/wp-json/wc/v3/products/categories?_fields=${'id,'.repeat(400)}`)
      expect(long.statusCode).toBe(400)
      expect((long.json() as { message: string }).message).toContain('_fields')
    })
  })

  describe('GET /wp-json/wc/v3/products', () => {
    it('writes exactly what the contract schema makes of its answer, byte for byte', async () => {
      // The answers are written without a schema check per request (http/typed-answer.ts): they must
      // be what checking them used to write, on sale or not, simple or with variations.
      const { products: list, filteredProducts, product, variations } = catalogEndpoints
      const cases = [
        [list, '/wp-json/wc/v3/products?per_page=100'],
        [list, '/wp-json/wc/v3/products?per_page=7&page=2&orderby=price&order=asc'],
        [list, '/wp-json/wc/v3/products?category=14&search=tee'],
        [filteredProducts, '/wp-json/wp/v2/products/list?per_page=24&category=12'],
        [product, '/wp-json/wc/v3/products/extra-time-tour-tee'],
        [variations, `/wp-json/wc/v3/products/${(await bySlug('extra-time-tour-tee')).id}/variations`],
      ] as const
      for (const [endpoint, url] of cases) {
        const res = await get(url)
        expect(res.statusCode, url).toBe(200)
        expect(res.body, url).toBe(JSON.stringify(endpoint.responses[200].parse(JSON.parse(res.body))))
      }
      const all = (await get('/wp-json/wc/v3/products?per_page=100')).json() as ProductJson[]
      expect(all.some((p) => p.on_sale && p.type === 'simple')).toBe(true)
      expect(all.some((p) => p.on_sale && p.type === 'variable')).toBe(true)
    })

    it('pages through the published top-level products with WordPress paging headers', async () => {
      const first = await products('/wp-json/wc/v3/products')
      expect(first.list).toHaveLength(10)
      expect(first.total).toBe(String(PUBLISHED))
      expect(first.pages).toBe(String(Math.ceil(PUBLISHED / 10)))
      const last = await products(`/wp-json/wc/v3/products?per_page=10&page=${Math.ceil(PUBLISHED / 10)}`)
      expect(last.list).toHaveLength(PUBLISHED % 10 || 10)
      const beyond = await products('/wp-json/wc/v3/products?page=99')
      expect(beyond.list).toEqual([])
      const all = await products('/wp-json/wc/v3/products?per_page=100')
      expect(all.list).toHaveLength(PUBLISHED)
      expect(new Set(all.list.map((p) => p.type))).toEqual(new Set(['simple', 'variable']))
    })

    it('orders by date, newest first, unless asked otherwise', async () => {
      const { list } = await products('/wp-json/wc/v3/products?per_page=100')
      const dates = list.map((p) => p.date_created)
      expect(dates).toEqual([...dates].sort().reverse())
      const byMenu = await products('/wp-json/wc/v3/products?per_page=3&orderby=menu_order&order=asc')
      expect(byMenu.list.map((p) => p.slug)).toEqual(DEMO_PRODUCTS.slice(0, 3).map((p) => p.slug))
      const byPrice = await products('/wp-json/wc/v3/products?per_page=100&orderby=price&order=asc')
      const prices = byPrice.list.map((p) => Number(p.price))
      expect(prices).toEqual([...prices].sort((a, b) => a - b))
    })

    it('filters by category', async () => {
      const { list, total } = await products('/wp-json/wc/v3/products?category=14&per_page=100')
      expect(total).toBe('7')
      for (const product of list) expect(product.categories.map((c) => c.id)).toContain(14)
      const hoodie = list.find((p) => p.slug === 'extra-time-tour-hoodie')!
      expect(hoodie.categories.map((c) => c.name)).toEqual(['Tour Edition', 'Hoodies & Sweats'])
      const none = await products('/wp-json/wc/v3/products?category=999')
      expect(none).toMatchObject({ list: [], total: '0', pages: '0' })
      const full = await products('/wp-json/wc/v3/products?category=14&per_page=7')
      expect(full).toMatchObject({ total: '7', pages: '1' })
      const past = await products('/wp-json/wc/v3/products?category=14&per_page=3&page=4')
      expect(past).toMatchObject({ list: [], total: '7', pages: '3' })
    })

    it('filters by ids, slug and search text', async () => {
      const cap = await bySlug('number-9-dad-cap')
      const tee = await bySlug('extra-time-tour-tee')
      const included = await products(
        `/wp-json/wc/v3/products?include=${cap.id},${tee.id}&orderby=id&order=asc`,
      )
      expect(included.list.map((p) => p.id)).toEqual([tee.id, cap.id].sort((a, b) => a - b))
      const slug = await products('/wp-json/wc/v3/products?slug=number-9-dad-cap')
      expect(slug.list.map((p) => p.name)).toEqual(['Number 9 Dad Cap'])
      expect((await products('/wp-json/wc/v3/products?slug=no-such-thing')).list).toEqual([])
      const search = await products('/wp-json/wc/v3/products?search=HOODIE&per_page=100')
      expect(search.list.length).toBeGreaterThan(3)
      for (const product of search.list) expect(product.name.toLowerCase()).toContain('hoodie')
      const wildcard = await products('/wp-json/wc/v3/products?search=%25')
      expect(wildcard.list).toEqual([])
      // A lone accent folds to nothing: no word to search for, not every product.
      const accent = await get('/wp-json/wc/v3/products?search=%CC%81')
      expect(accent.statusCode).toBe(400)
      expect(accent.json().message).toContain('must hold a word to search for')
    })

    // orderby=include was a 400 (not one of the orders), where WooCommerce answers the include list's order.
    it("orders by WooCommerce's include list when asked, paged, and refuses orderby=include without one", async () => {
      const all = (await products('/wp-json/wc/v3/products?per_page=100&orderby=id&order=asc')).list.map(
        (p) => p.id,
      )
      const chosen = [all[5], all[0], all[9], all[2]] as number[]
      const path = `/wp-json/wc/v3/products?include=${chosen.join(',')}&orderby=include`
      expect((await products(path)).list.map((p) => p.id)).toEqual(chosen)
      expect((await products(`${path}&order=asc`)).list.map((p) => p.id)).toEqual(chosen)
      const second = await products(`${path}&per_page=2&page=2&_fields=id`)
      expect(second).toMatchObject({ list: chosen.slice(2).map((id) => ({ id })), total: '4', pages: '2' })
      const alone = await get('/wp-json/wc/v3/products?orderby=include')
      expect(alone.json()).toEqual({
        statusCode: 400,
        message: 'orderby=include orders by the include list: name the products with include.',
      })
      expect((await get('/wp-json/wp/v2/products/list?orderby=include')).statusCode).toBe(400)
    })

    // orderby=popularity and orderby=modified were a 400, where WooCommerce orders by total_sales and date_modified.
    it("orders by WooCommerce's popularity (units sold, a variable product's by its variations) and modified", async () => {
      const rows = await t.ctx.db
        .selectFrom('products')
        .select(['id', 'parent_id', 'stock_sold', 'updated_at'])
        .execute()
      const all = (await products('/wp-json/wc/v3/products?per_page=100&_fields=id')).list.map((p) => p.id)
      const sold = new Map<number, number>()
      for (const row of rows) {
        const id = row.parent_id ?? row.id
        if (row.parent_id !== null || !rows.some((v) => v.parent_id === row.id)) {
          sold.set(id, (sold.get(id) ?? 0) + Number(row.stock_sold))
        }
      }
      const byIdDesc = (a: number, b: number) => b - a
      const popular = [...all].sort((a, b) => sold.get(b)! - sold.get(a)! || byIdDesc(a, b))
      expect(new Set(popular.map((id) => sold.get(id))).size).toBeGreaterThan(3)
      const listed = await products('/wp-json/wc/v3/products?per_page=100&orderby=popularity&_fields=id')
      expect(listed.list.map((p) => p.id)).toEqual(popular)
      const leastFirst = await products(
        '/wp-json/wc/v3/products?per_page=100&orderby=popularity&order=asc&_fields=id',
      )
      expect(leastFirst.list.map((p) => p.id)).toEqual([...popular].reverse())

      const changed = all[3]!
      t.clock.advance(1000)
      await t.ctx.db
        .updateTable('products')
        .set({ updated_at: t.clock.now })
        .where('id', '=', changed)
        .execute()
      const modified = await products('/wp-json/wc/v3/products?per_page=3&orderby=modified&_fields=id')
      expect(modified.list[0]).toEqual({ id: changed })
      expect((await get('/wp-json/wc/v3/products?orderby=rating')).statusCode).toBe(400)
    })

    // parent was ignored: parent=5, asking for the products under product 5, answered every product.
    it("reads WooCommerce's parent and parent_exclude: every product is at the top level (0)", async () => {
      const all = (await products('/wp-json/wc/v3/products?per_page=100')).list.map((p) => p.id)
      const tee = await bySlug('extra-time-tour-tee')
      for (const query of ['parent=0', `parent=0,${tee.id}`, `parent_exclude=${tee.id}`]) {
        const listed = await products(`/wp-json/wc/v3/products?per_page=100&${query}`)
        expect(
          listed.list.map((p) => p.id),
          query,
        ).toEqual(all)
      }
      for (const query of [`parent=${tee.id}`, 'parent_exclude=0', `parent=0&parent_exclude=0,${tee.id}`]) {
        const listed = await products(`/wp-json/wc/v3/products?${query}&_fields=id`)
        expect(listed, query).toMatchObject({ list: [], total: '0', pages: '0' })
      }
      const bad = await get('/wp-json/wc/v3/products?parent=x')
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toContain('"parent"')
    })

    it("reads WooCommerce's exclude and offset", async () => {
      const all = (await products('/wp-json/wc/v3/products?per_page=100')).list.map((p) => p.id)
      const [first, second] = all as [number, number]
      const excluded = await products(
        `/wp-json/wc/v3/products?per_page=100&exclude[]=${first}&exclude[]=${second}`,
      )
      expect(excluded.list.map((p) => p.id)).toEqual(all.slice(2))
      expect(excluded.total).toBe(String(all.length - 2))
      const skipped = await products('/wp-json/wc/v3/products?per_page=3&offset=4')
      expect(skipped.list.map((p) => p.id)).toEqual(all.slice(4, 7))
      expect(skipped.total).toBe(String(all.length))
      const last = await products(`/wp-json/wc/v3/products?per_page=5&offset=${all.length - 2}`)
      expect(last.list.map((p) => p.id)).toEqual(all.slice(-2))
      expect(last.total).toBe(String(all.length))
      for (const query of ['exclude=x', 'offset=-1']) {
        const res = await get(`/wp-json/wc/v3/products?${query}`)
        expect(res.statusCode, query).toBe(400)
        expect(res.json().message).toContain(`"${query.split('=')[0]}"`)
      }
    })

    it('finds every word of a search, in any order, in the name or a colour the product comes in', async () => {
      const blackHoodies = DEMO_PRODUCTS.filter(
        (p) => p.name.toLowerCase().includes('hoodie') && p.colours.includes('Black'),
      )
        .map((p) => p.slug)
        .sort()
      expect(blackHoodies.length).toBeGreaterThan(1)
      for (const text of ['black hoodie', 'HOODIE  Black']) {
        const { list } = await products(
          `/wp-json/wc/v3/products?per_page=100&search=${encodeURIComponent(text)}`,
        )
        expect(list.map((p) => p.slug).sort()).toEqual(blackHoodies)
      }
      const tee = await products('/wp-json/wc/v3/products?search=tee%20tour%20extra')
      expect(tee.list.map((p) => p.slug)).toEqual(['extra-time-tour-tee'])
      expect((await products('/wp-json/wc/v3/products?search=beanie%20navy')).list).toEqual([])
    })

    it('sorts as the shop offers: featured, newest, price up and price down', async () => {
      const sorted = async (query: string) =>
        (await products(`/wp-json/wc/v3/products?per_page=100&${query}`)).list
      const featured = await sorted('orderby=menu_order&order=asc')
      const newest = await sorted('orderby=date&order=desc')
      expect(featured.map((p) => p.slug)).toEqual(DEMO_PRODUCTS.map((p) => p.slug))
      expect(newest.map((p) => p.slug)).not.toEqual(featured.map((p) => p.slug))
      const dates = newest.map((p) => p.date_created)
      expect(dates).toEqual([...dates].sort().reverse())
      const up = (await sorted('orderby=price&order=asc')).map((p) => Number(p.price))
      const down = (await sorted('orderby=price&order=desc')).map((p) => Number(p.price))
      expect(up).toEqual([...up].sort((a, b) => a - b))
      expect(down).toEqual([...up].reverse())
      expect(up[0]).toBeLessThan(up.at(-1)!)
    })

    it('answers bad parameters with 400 and a message naming the parameter', async () => {
      const category = await get('/wp-json/wc/v3/products?category=tees')
      expect(category.statusCode).toBe(400)
      expect(category.json()).toEqual({
        statusCode: 400,
        message: 'Invalid querystring parameter "category": must be a category id (a positive whole number)',
      })
      const perPage = await get('/wp-json/wc/v3/products?per_page=101')
      expect(perPage.statusCode).toBe(400)
      expect(perPage.json().message).toBe(
        'Invalid querystring parameter "per_page": must be between 1 and 100',
      )
      expect((await get('/wp-json/wc/v3/products?per_page=0')).statusCode).toBe(400)
      expect((await get('/wp-json/wc/v3/products?page=0')).statusCode).toBe(400)
      expect((await get('/wp-json/wc/v3/products?page=two')).statusCode).toBe(400)
      expect((await get('/wp-json/wc/v3/products?include=1,x')).statusCode).toBe(400)
      expect((await get('/wp-json/wc/v3/products?orderby=rand')).statusCode).toBe(400)
      expect((await get('/wp-json/wc/v3/products?slug=Not%20A%20Slug')).statusCode).toBe(400)
    })
  })

  describe('_fields (WordPress REST global parameter)', () => {
    const cardOf = (p: ProductJson) => ({
      id: p.id,
      name: p.name,
      permalink: p.permalink,
      type: p.type,
      images: p.images.slice(0, 1),
      stock_status: p.stock_status,
      on_sale: p.on_sale,
      price: p.price,
      regular_price: p.regular_price,
      variations: p.variations.map((v) => ({ price: v.price })),
    })
    it("gives a shop page's cards the same data as the whole products, without reading what cards do not show", async () => {
      for (const path of [
        '/wp-json/wc/v3/products?per_page=24',
        '/wp-json/wp/v2/products/list?per_page=24&category=12',
      ]) {
        const whole = await sqlOf(path)
        const cards = await sqlOf(`${path}&_fields=${PRODUCT_CARD_FIELD_LIST}`)
        expect(cards.body).toEqual((whole.body as ProductJson[]).map(cardOf))
        expect(productCardEndpoints.products.responses[200].safeParse(cards.body).success).toBe(true)
        expect(
          (whole.body as ProductJson[]).some((p) => p.type === 'variable' && p.variations.length > 1),
        ).toBe(true)
        // The whole answer reads the variations' terms, images, categories and size guides...
        const reads = [
          'from "product_terms"',
          'from "attribute_terms"',
          'join "categories"',
          'from "size_guides"',
          'from "genders"',
        ]
        for (const read of reads) expect(whole.sql, read).toContain(read)
        // ...the cards' read skips them: only the products, their variations' prices and stock, and images.
        for (const read of reads) expect(cards.sql, read).not.toContain(read)
        // The products' texts are read for the whole answer only (the cards' rows leave them empty).
        const readsText = /(?<!as )"(short_)?description"/
        expect(whole.sql).toMatch(readsText)
        expect(cards.sql).not.toMatch(readsText)
      }
    })

    it('picks pictures by position, as WordPress reads images.0', async () => {
      const path = '/wp-json/wc/v3/products?slug=extra-time-tour-tee'
      const [tee] = (await products(path)).list
      expect(tee!.images.length).toBeGreaterThan(2)
      const pick = async (fields: string) => (await products(`${path}&_fields=${fields}`)).list
      expect(await pick('images.0')).toEqual([{ images: [tee!.images[0]] }])
      expect(await pick('images.2,images.1')).toEqual([{ images: [tee!.images[1], tee!.images[2]] }])
      expect(await pick('images.0,images')).toEqual([{ images: tee!.images }])
      expect(await pick('images.99')).toEqual([{ images: [] }])
      // Not a position (a word, a sign, four digits): ignored like any unknown name.
      expect(await pick('id,images.src,images.-1,images.1000')).toEqual([{ id: tee!.id }])
    })

    it("reads the products' texts when a field asks for one", async () => {
      const path = '/wp-json/wc/v3/products?per_page=4'
      const whole = (await products(path)).list
      const { body, sql } = await sqlOf(`${path}&_fields=id,short_description`)
      expect(body).toEqual(whole.map((p) => ({ id: p.id, short_description: p.short_description })))
      expect(whole.every((p) => p.short_description !== '')).toBe(true)
      expect(sql).toMatch(/(?<!as )"short_description"/)
    })

    it('reads the variations only for the fields asked of them', async () => {
      const { body, sql } = await sqlOf(
        '/wp-json/wc/v3/products?slug=extra-time-tour-tee&_fields=id,variations.sku',
      )
      const [tee] = body as { id: number; variations: { sku: string }[] }[]
      expect(Object.keys(tee!)).toEqual(['id', 'variations'])
      expect(tee!.variations.length).toBeGreaterThan(1)
      for (const variation of tee!.variations) expect(Object.keys(variation)).toEqual(['sku'])
      expect(sql).not.toContain('from "product_terms"')
      const withTerms = await sqlOf('/wp-json/wc/v3/products?slug=extra-time-tour-tee&_fields=variations')
      expect(withTerms.body).toEqual([{ variations: (await bySlug('extra-time-tour-tee')).variations }])
      expect(withTerms.sql).toContain('from "product_terms"')
    })

    it('keeps the parts of fields dotted paths name, at any depth, as WordPress 5.3+ does', async () => {
      const path = '/wp-json/wc/v3/products?per_page=6'
      const whole = (await products(path)).list
      const { body } = await sqlOf(
        `${path}&_fields=id,images.0.src,images.1.alt,categories.slug,variations.image.id,size_guide.description`,
      )
      expect(whole.some((p) => p.images.length > 1 && p.variations.some((v) => v.image))).toBe(true)
      expect(body).toEqual(
        whole.map((p) => ({
          id: p.id,
          images: p.images
            .slice(0, 2)
            .map((image, position) => (position === 0 ? { src: image.src } : { alt: image.alt })),
          categories: p.categories.map((category) => ({ slug: category.slug })),
          variations: p.variations.map((v) => ({ image: v.image && { id: v.image.id } })),
          size_guide: p.size_guide && { description: p.size_guide.description },
        })),
      )
    })

    it('ignores names the product JSON does not have, as WordPress does; an empty list means every field', async () => {
      const { body } = await sqlOf(
        '/wp-json/wc/v3/products?per_page=2&_fields=id,nonsense,variations.nonsense,nonsense.x.y',
      )
      expect(body.map((p) => Object.keys(p as object))).toEqual([['id'], ['id']])
      const none = await sqlOf('/wp-json/wc/v3/products?per_page=2&_fields=nonsense')
      expect(none.body).toEqual([{}, {}])
      const empty = await get('/wp-json/wc/v3/products?per_page=2&_fields=')
      expect(empty.body).toBe((await get('/wp-json/wc/v3/products?per_page=2')).body)
    })

    // One product read no `_fields`: products/12?_fields=id,name answered the whole product.
    it('answers one product, by id or by slug, with the _fields asked, as the list does', async () => {
      const fields = 'id,name,images.0.src,variations.price,nonsense'
      const whole = (await products('/wp-json/wc/v3/products?per_page=20')).list.find(
        (p) => p.variations.length > 0 && p.images.length > 1,
      )!
      const listed = (await sqlOf(`/wp-json/wc/v3/products?slug=${whole.slug}&_fields=${fields}`)).body
      expect(listed).toEqual([
        {
          id: whole.id,
          name: whole.name,
          images: whole.images.slice(0, 1).map((image) => ({ src: image.src })),
          variations: whole.variations.map((v) => ({ price: v.price })),
        },
      ])
      for (const which of [whole.id, whole.slug]) {
        const one = await get(`/wp-json/wc/v3/products/${which}?_fields=${fields}`)
        expect(one.statusCode, one.body).toBe(200)
        expect(one.json()).toEqual(listed[0])
      }
      const plain = await get(`/wp-json/wc/v3/products/${whole.id}`)
      expect(plain.json()).toEqual(whole)
      expect((await get(`/wp-json/wc/v3/products/${whole.id}?_fields=`)).body).toBe(plain.body)
      const cut = await sqlOf(`/wp-json/wc/v3/products/${whole.id}?_fields=id,name`)
      expect(cut.sql).not.toContain('from "product_terms"')
      expect(cut.body).toEqual({ id: whole.id, name: whole.name })
      const long = await get(`/wp-json/wc/v3/products/${whole.id}?_fields=${'id,'.repeat(400)}`)
      expect(long.statusCode).toBe(400)
      expect(long.json().message).toContain('_fields')
    })

    it('answers an over-long _fields with 400 and a message naming it', async () => {
      const res = await get(`/wp-json/wc/v3/products?_fields=${'id,'.repeat(400)}`)
      expect(res.statusCode).toBe(400)
      const body = res.json() as { message: string; statusCode: number }
      expect(body.statusCode).toBe(400)
      expect(body.message).toContain('_fields')
    })
  })

  describe('product JSON', () => {
    it('describes a variable product with its variations, attributes, images and size guide', async () => {
      const tee = await bySlug('extra-time-tour-tee')
      expect(tee).toMatchObject({
        name: 'Extra Time Tour Tee',
        permalink: '/product/extra-time-tour-tee',
        type: 'variable',
        sku: 'ETT-TEE',
        price: '34.90',
        regular_price: '34.90',
        sale_price: '',
        on_sale: false,
        stock_status: 'instock',
        gender: { name: 'Unisex', slug: 'unisex' },
      })
      expect(tee.description).toContain('<p>The official tee of the Extra Time tour')
      expect(tee.short_description).toContain('<li>100% organic cotton, 220 g/m²</li>')
      expect(tee.attributes).toEqual([
        {
          id: expect.any(Number),
          name: 'Colour',
          slug: 'colour',
          options: ['Black', 'White'],
          variation: true,
        },
        {
          id: expect.any(Number),
          name: 'Size',
          slug: 'size',
          options: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
          variation: true,
        },
      ])
      expect(tee.images).toHaveLength(3)
      expect(tee.images[0]).toMatchObject({ alt: 'Extra Time Tour Tee, in Black', width: 960, height: 1200 })
      expect(tee.variations).toHaveLength(12)
      const blackXs = tee.variations[0]!
      expect(blackXs).toMatchObject({
        sku: 'ETT-TEE-BLACK-XS',
        stock_status: 'outofstock',
        stock_quantity: 0,
        attributes: [
          { name: 'Colour', option: 'Black' },
          { name: 'Size', option: 'XS' },
        ],
      })
      expect(blackXs.image?.id).toBe(tee.images[0]!.id)
      const blackM = tee.variations[2]!
      expect(blackM).toMatchObject({ price: '34.90', stock_status: 'instock', stock_quantity: 20 })
      const xxl = tee.variations.find((v) => v.attributes.some((a) => a.option === 'XXL'))!
      expect(xxl.price).toBe('36.90')
      expect(tee.stock_quantity).toBe(tee.variations.reduce((sum, v) => sum + v.stock_quantity, 0))
      expect(tee.size_guide!.clothes_size_data.sizes[2]).toEqual({
        size: 'M',
        chest_size: '53',
        body_size: '71',
      })
      expect(tee.how_to_measure).toMatchObject({
        description: expect.stringContaining('Lay a tee'),
        content: {
          image: { url: expect.stringMatching(/^\/media\/\d+\/960\.webp$/), alt: expect.any(String) },
          chest_description: expect.stringContaining('across the front'),
          body_descirption: expect.stringContaining('down to the hem'),
        },
      })
    })

    it('shows sale prices as WooCommerce does', async () => {
      const album = await bySlug('offside-sessions-album-tee')
      expect(album).toMatchObject({
        price: '24.90',
        regular_price: '32.50',
        sale_price: '24.90',
        on_sale: true,
      })
      const cap = await bySlug('embroidered-logo-cap')
      expect(cap).toMatchObject({
        type: 'simple',
        price: '19.90',
        regular_price: '26.90',
        sale_price: '19.90',
        on_sale: true,
        stock_quantity: 11,
        variations: [],
        size_guide: null,
        how_to_measure: null,
      })
      expect(cap.attributes.every((a) => !a.variation)).toBe(true)
    })

    it('reports a sold-out product as out of stock, variations included', async () => {
      const soldOut = await bySlug('final-whistle-tee')
      expect(soldOut.stock_status).toBe('outofstock')
      expect(soldOut.stock_quantity).toBe(0)
      expect(soldOut.variations.every((v) => v.stock_status === 'outofstock')).toBe(true)
    })

    it('reports the stock available right now: on hand minus sold', async () => {
      const snapback = await bySlug('extra-time-snapback')
      expect(snapback.stock_quantity).toBe(3)
      await t.ctx.db.updateTable('products').set({ stock_sold: 3 }).where('id', '=', snapback.id).execute()
      const after = await bySlug('extra-time-snapback')
      expect(after).toMatchObject({ stock_quantity: 0, stock_status: 'outofstock' })
      await t.ctx.db.updateTable('products').set({ stock_sold: 0 }).where('id', '=', snapback.id).execute()
    })

    it('gives a variable product the price of its cheapest variation that can be bought', async () => {
      const hoodie = await bySlug('extra-time-tour-hoodie')
      expect(hoodie.price).toBe('69.00')
      const cheapest = Math.min(
        ...hoodie.variations.filter((v) => v.stock_status === 'instock').map((v) => Number(v.price)),
      )
      expect(Number(hoodie.price)).toBe(cheapest)
    })
  })

  describe('GET /wp-json/wc/v3/products/{id}', () => {
    it('finds a product by id and by slug', async () => {
      const bySlugRes = await get('/wp-json/wc/v3/products/signed-tour-poster')
      expect(bySlugRes.statusCode).toBe(200)
      const poster = bySlugRes.json() as ProductJson
      const byId = await get(`/wp-json/wc/v3/products/${poster.id}`)
      expect(byId.json()).toEqual(poster)
      expect(poster).toMatchObject({ type: 'simple', gender: null, price: '19.90', stock_quantity: 7 })
    })

    it('looks a product and its variations up without counting what else matches', async () => {
      const hoodie = await bySlug('extra-time-tour-hoodie')
      for (const path of [
        '/wp-json/wc/v3/products/extra-time-tour-hoodie',
        `/wp-json/wc/v3/products/${hoodie.id}`,
        `/wp-json/wc/v3/products/${hoodie.id}/variations`,
      ]) {
        const { sql } = await sqlOf(path)
        expect(sql, path).toContain('from "products"')
        expect(sql, path).not.toMatch(/count\(/i)
      }
    })

    /** A product's variations list, all of them on one page. */
    const variationsPath = (product: ProductJson) =>
      `/wp-json/wc/v3/products/${product.id}/variations?per_page=100`
    /** The ids that list answers `query` with, and the total it says. */
    const variationList = async (product: ProductJson, query: string) => {
      const res = await get(`${variationsPath(product)}&${query}`)
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200)
      return { ids: (res.json() as { id: number }[]).map((v) => v.id), total: res.headers['x-wp-total'] }
    }

    // Each of these was ignored: a client asking for one variation by its SKU was sent every one.
    it("filters a product's variations by WooCommerce's include, exclude, sku, on_sale, stock_status, price and offset", async () => {
      const tee = await bySlug('extra-time-tour-tee')
      const path = variationsPath(tee)
      const list = (query: string) => variationList(tee, query)
      const all = tee.variations
      const ids = (pick: (v: (typeof all)[number]) => boolean) => all.filter(pick).map((v) => v.id)
      expect((await list(`include=${all[3]!.id},${all[1]!.id}`)).ids).toEqual([all[1]!.id, all[3]!.id])
      expect((await list(`exclude=${all[0]!.id}`)).ids).toEqual(ids((v) => v.id !== all[0]!.id))
      expect(await list(`sku=${all[2]!.sku.toLowerCase()}`)).toMatchObject({ ids: [all[2]!.id], total: '1' })
      expect((await list('stock_status=outofstock')).ids).toEqual(ids((v) => v.stock_status === 'outofstock'))
      expect((await list('stock_status=instock')).ids).toEqual(ids((v) => v.stock_status === 'instock'))
      expect((await list('on_sale=false')).ids).toEqual(ids((v) => !v.on_sale))
      const prices = [...new Set(all.map((v) => Number(v.price)))].sort((a, b) => a - b)
      expect(prices.length).toBeGreaterThan(1)
      expect((await list(`min_price=${prices.at(-1)!.toFixed(2)}`)).ids).toEqual(
        ids((v) => Number(v.price) >= prices.at(-1)!),
      )
      expect((await list(`max_price=${prices[0]!.toFixed(2)}`)).ids).toEqual(
        ids((v) => Number(v.price) <= prices[0]!),
      )
      expect(await list('per_page=3&offset=2')).toMatchObject({
        ids: all.slice(2, 5).map((v) => v.id),
        total: String(all.length),
      })
      for (const query of [
        'include=x',
        'stock_status=gone',
        'min_price=cheap',
        'offset=-1',
        'on_sale=maybe',
      ]) {
        const res = await get(`${path}&${query}`)
        expect(res.statusCode, query).toBe(400)
        expect(res.json().message).toContain(`"${query.split('=')[0]}"`)
      }
    })

    // Each of these was ignored: a client asking for the variations by price, or for the black ones, was sent all in the shop's order.
    it("orders and searches a product's variations by WooCommerce's orderby, order and search", async () => {
      const tee = await bySlug('extra-time-tour-tee')
      const path = variationsPath(tee)
      const list = async (query: string) => (await variationList(tee, query)).ids
      const all = tee.variations
      const shopOrder = all.map((v) => v.id)
      const byId = [...shopOrder].sort((a, b) => a - b)
      expect(await list('order=asc')).toEqual(shopOrder)
      expect(await list('order=desc')).toEqual([...shopOrder].reverse())
      // An orderby runs newest (highest) first unless told otherwise, as WooCommerce.
      expect(await list('orderby=id')).toEqual([...byId].reverse())
      expect(await list('orderby=id&order=asc')).toEqual(byId)
      const byPrice = [...all].sort((a, b) => Number(a.price) - Number(b.price) || a.id - b.id)
      expect(await list('orderby=price&order=asc')).toEqual(byPrice.map((v) => v.id))
      expect(await list(`orderby=include&include=${all[4]!.id},${all[0]!.id}`)).toEqual([
        all[4]!.id,
        all[0]!.id,
      ])

      const rows = await t.ctx.db
        .selectFrom('products')
        .select(['id', 'name', 'stock_sold'])
        .where('parent_id', '=', tee.id)
        .where('status', '=', 'publish')
        .execute()
      const nameOf = new Map(rows.map((row) => [row.id, row.name]))
      const byTitle = [...shopOrder].sort((a, b) =>
        nameOf.get(a)! < nameOf.get(b)! ? -1 : nameOf.get(a)! > nameOf.get(b)! ? 1 : a - b,
      )
      expect(await list('orderby=title&order=asc')).toEqual(byTitle)
      const black = shopOrder.filter((id) => nameOf.get(id)!.includes('Black'))
      expect(black.length).toBeGreaterThan(0)
      expect(black.length).toBeLessThan(all.length)
      expect(await list('search=BLACK')).toEqual(black)
      expect(await list(`search=${all[2]!.sku.toLowerCase()}`)).toEqual([all[2]!.id])

      // Units sold, most first (the demo's orders sold some), ties by id.
      const soldOf = new Map(rows.map((row) => [row.id, row.stock_sold]))
      expect(new Set(soldOf.values()).size).toBeGreaterThan(1)
      const bySold = [...shopOrder].sort((a, b) => soldOf.get(b)! - soldOf.get(a)! || b - a)
      expect(await list('orderby=popularity')).toEqual(bySold)

      for (const [query, message] of [
        ['orderby=rating', '"orderby"'],
        ['order=up', '"order"'],
        ['search=%20%CC%81', '"search"'],
        ['orderby=include', 'orderby=include orders by the include list: name the variations with include.'],
      ] as const) {
        const res = await get(`${path}&${query}`)
        expect(res.statusCode, query).toBe(400)
        expect(res.json().message).toContain(message)
      }
    })

    it('answers an unknown slug or id with 404', async () => {
      const slug = await get('/wp-json/wc/v3/products/no-such-tee')
      expect(slug.statusCode).toBe(404)
      expect(slug.json()).toEqual({ statusCode: 404, message: 'There is no product "no-such-tee".' })
      const id = await get('/wp-json/wc/v3/products/999999')
      expect(id.statusCode).toBe(404)
      expect(id.json().message).toBe('There is no product with id 999999.')
    })

    it('does not answer for a variation or a draft as if it were a product', async () => {
      const tee = await bySlug('extra-time-tour-tee')
      expect((await get(`/wp-json/wc/v3/products/${tee.variations[0]!.id}`)).statusCode).toBe(404)
      await t.ctx.db.updateTable('products').set({ status: 'draft' }).where('id', '=', tee.id).execute()
      expect((await get('/wp-json/wc/v3/products/extra-time-tour-tee')).statusCode).toBe(404)
      const { total } = await products('/wp-json/wc/v3/products')
      expect(total).toBe(String(PUBLISHED - 1))
      await t.ctx.db.updateTable('products').set({ status: 'publish' }).where('id', '=', tee.id).execute()
    })

    it('answers a malformed id with 400', async () => {
      const res = await get('/wp-json/wc/v3/products/Bad_Slug')
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('Invalid params parameter "id": must be a product id or slug')
    })
  })

  describe('GET /wp-json/wp/v2/products/list', () => {
    it('finds the products offered in any of the chosen sizes', async () => {
      const { list, total } = await products(
        `/wp-json/wp/v2/products/list?per_page=100&taxonomies=${taxonomies([{ taxonomy: 'pa_size', terms: ['xxl'] }])}`,
      )
      expect(Number(total)).toBe(list.length)
      expect(list.map((p) => p.slug).sort()).toEqual(
        DEMO_PRODUCTS.filter((p) => p.sizes?.includes('XXL'))
          .map((p) => p.slug)
          .sort(),
      )
    })

    it('combines taxonomies with AND and the terms of one taxonomy with OR', async () => {
      const filter = [
        { taxonomy: 'gender', terms: ['women', 'men'] },
        { taxonomy: 'pa_colour', terms: ['black'] },
      ]
      const { list } = await products(
        `/wp-json/wp/v2/products/list?per_page=100&taxonomies=${taxonomies(filter)}`,
      )
      expect(list.length).toBeGreaterThan(0)
      expect(list.map((p) => p.slug).sort()).toEqual(
        DEMO_PRODUCTS.filter(
          (p) => (p.gender === 'women' || p.gender === 'men') && p.colours.includes('Black'),
        )
          .map((p) => p.slug)
          .sort(),
      )
    })

    it('takes the attribute and terms of each filter as values, whatever filter came before in the same shape', async () => {
      const slugsOf = async (filter: unknown) =>
        (await products(`/wp-json/wp/v2/products/list?per_page=100&taxonomies=${taxonomies(filter)}`)).list
          .map((p) => p.slug)
          .sort()
      const expected = (test: (p: (typeof DEMO_PRODUCTS)[number]) => boolean) =>
        DEMO_PRODUCTS.filter(test)
          .map((p) => p.slug)
          .sort()
      expect(await slugsOf([{ taxonomy: 'pa_size', terms: ['xxl'] }])).toEqual(
        expected((p) => p.sizes?.includes('XXL') ?? false),
      )
      expect(await slugsOf([{ taxonomy: 'pa_colour', terms: ['white'] }])).toEqual(
        expected((p) => p.colours.includes('White')),
      )
      expect(await slugsOf([{ taxonomy: 'gender', terms: ['kids'] }])).toEqual(
        expected((p) => p.gender === 'kids'),
      )
    })

    it('narrows to a category and pages like the products listing', async () => {
      const filter = taxonomies([{ taxonomy: 'gender', terms: ['unisex'] }])
      const res = await products(`/wp-json/wp/v2/products/list?category=13&per_page=2&taxonomies=${filter}`)
      expect(res.list).toHaveLength(2)
      expect(Number(res.total)).toBe(
        DEMO_PRODUCTS.filter((p) => p.gender === 'unisex' && p.categories.includes(13)).length,
      )
      expect(res.pages).toBe(String(Math.ceil(Number(res.total) / 2)))
      for (const product of res.list) expect(product.gender?.slug).toBe('unisex')
    })

    it('matches nothing for a term that does not exist, and everything without a filter', async () => {
      const none = await products(
        `/wp-json/wp/v2/products/list?taxonomies=${taxonomies([{ taxonomy: 'pa_size', terms: ['xxxl'] }])}`,
      )
      expect(none.total).toBe('0')
      const all = await products('/wp-json/wp/v2/products/list?taxonomies=%5B%5D')
      expect(all.total).toBe(String(PUBLISHED))
    })

    it('answers malformed taxonomies with 400 and shows the expected format', async () => {
      const notJson = await get('/wp-json/wp/v2/products/list?taxonomies=%5Bpa_size%5D')
      expect(notJson.statusCode).toBe(400)
      expect(notJson.json().message).toContain(
        'Invalid querystring parameter "taxonomies": taxonomies is not valid JSON',
      )
      expect(notJson.json().message).toContain('[{"taxonomy":"pa_size","terms":["m","l"]}')
      const wrongShape = await get(
        `/wp-json/wp/v2/products/list?taxonomies=${taxonomies({ pa_size: ['m'] })}`,
      )
      expect(wrongShape.statusCode).toBe(400)
      const noTerms = await get(
        `/wp-json/wp/v2/products/list?taxonomies=${taxonomies([{ taxonomy: 'gender', terms: [] }])}`,
      )
      expect(noTerms.statusCode).toBe(400)
      expect(noTerms.json().message).toContain('terms must list at least one term slug')
    })

    it('answers an unknown taxonomy with 400 naming the known ones', async () => {
      const res = await get(
        `/wp-json/wp/v2/products/list?taxonomies=${taxonomies([{ taxonomy: 'pa_material', terms: ['cotton'] }])}`,
      )
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        statusCode: 400,
        message: 'Unknown taxonomy "pa_material". Known taxonomies: gender, pa_colour, pa_size.',
      })
    })

    it('answers a non-numeric category with 400', async () => {
      expect((await get('/wp-json/wp/v2/products/list?category=kids')).statusCode).toBe(400)
    })
  })

  describe('filters', () => {
    it('lists the attributes with their taxonomy names and terms', async () => {
      const res = await get('/wp-json/wp/v2/attributes/list')
      expect(res.statusCode).toBe(200)
      const attributes = res.json()
      expect(attributes.map((a: { attribute_slug: string }) => a.attribute_slug)).toEqual([
        'pa_colour',
        'pa_size',
      ])
      expect(attributes[0]).toMatchObject({ attribute_name: 'Colour' })
      expect(attributes[1].attribute_terms.slice(0, 3)).toEqual([
        { term_id: expect.any(Number), name: 'XS', slug: 'xs' },
        { term_id: expect.any(Number), name: 'S', slug: 's' },
        { term_id: expect.any(Number), name: 'M', slug: 'm' },
      ])
    })

    it('lists the gender taxonomy', async () => {
      const res = await get('/wp-json/wp/v2/gender_taxonomy')
      expect(res.statusCode).toBe(200)
      expect(res.json().map((g: { slug: string }) => g.slug)).toEqual(['men', 'women', 'unisex', 'kids'])
      expect(res.json()[0]).toEqual({ term_id: expect.any(Number), name: 'Men', slug: 'men' })
    })
  })

  it('publishes every catalogue path in the OpenAPI document', async () => {
    const paths = Object.keys((await get('/openapi.json')).json().paths)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/wp-json/wc/v3/products/categories',
        '/wp-json/wc/v3/products',
        '/wp-json/wc/v3/products/{id}',
        '/wp-json/wp/v2/products/list',
        '/wp-json/wp/v2/attributes/list',
        '/wp-json/wp/v2/gender_taxonomy',
      ]),
    )
  })
})
