/**
 * WooCommerce's product list filters (sku, on_sale, stock_status, after, before, min_price,
 * max_price, featured): each answers the products whose JSON says so, counted in X-WP-Total, or
 * is refused with a 400; none is ignored.
 */
import { type ProductJson, toCents } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addLine,
  createCart,
  insertProduct,
  insertSiblingVariation,
  insertVariableProduct,
} from '../../tests/cart.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'

describe(`WooCommerce's product list filters on ${testDialect}`, () => {
  let t: TestApp
  const get = (url: string) => t.app.inject(url)
  /** The ids a list answers and its X-WP-Total. */
  const listed = async (query: string) => {
    const res = await get(`/wp-json/wc/v3/products?per_page=100&${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return { ids: (res.json() as ProductJson[]).map((p) => p.id), total: Number(res.headers['x-wp-total']) }
  }
  const everything = async () => {
    const res = await get('/wp-json/wc/v3/products?per_page=100')
    const products = res.json() as ProductJson[]
    expect(Number(res.headers['x-wp-total'])).toBe(products.length)
    return products
  }
  /** The list with `query` answers exactly the products of the whole list `keep` picks, in order. */
  const expectFilter = async (query: string, keep: (product: ProductJson) => boolean) => {
    const ids = (await everything()).filter(keep).map((p) => p.id)
    expect(await listed(query), query).toEqual({ ids, total: ids.length })
    return ids
  }

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('finds products by SKU, one or several, case and accents aside', async () => {
    const [first, second] = await everything()
    expect(await listed(`sku=${first!.sku}`)).toEqual({ ids: [first!.id], total: 1 })
    expect(await listed(`sku=${first!.sku.toLowerCase()},%20${second!.sku}`)).toEqual({
      ids: [first!.id, second!.id],
      total: 2,
    })
    expect(await listed('sku=NO-SUCH-SKU')).toEqual({ ids: [], total: 0 })
  })

  it('answers on_sale by the JSON’s on_sale: a sale price below the price, of the product or one of its variations', async () => {
    await insertProduct(t, { price: 2000, salePrice: 1500, stock: 3 })
    const onSale = await expectFilter('on_sale=true', (p) => p.on_sale)
    expect(onSale.length).toBeGreaterThan(1)
    expect((await everything()).some((p) => p.type === 'variable' && p.on_sale)).toBe(true)
    await expectFilter('on_sale=0', (p) => !p.on_sale)
  })

  it('answers stock_status by the JSON’s stock_status, held units and holds that ran out included', async () => {
    const productId = await insertProduct(t, { price: 4200, stock: 1 })
    const { productId: soldOut } = await insertVariableProduct(t, { price: 3100, stock: 0 })
    const order = await createCart(t)
    expect((await addLine(t, order, productId)).statusCode).toBe(201)
    const status = async (id: number) => (await everything()).find((p) => p.id === id)?.stock_status
    expect(await status(productId)).toBe('outofstock')
    expect(await status(soldOut)).toBe('outofstock')
    await expectFilter('stock_status=instock', (p) => p.stock_status === 'instock')
    const out = await expectFilter('stock_status=outofstock', (p) => p.stock_status === 'outofstock')
    expect(out).toEqual(expect.arrayContaining([productId, soldOut]))
    // The cart's hold runs out: no sweep has given it back yet, the list counts it as the JSON does.
    t.clock.advance(61 * 60 * 1000)
    expect(await listed(`include=${productId}&stock_status=instock`)).toEqual({ ids: [productId], total: 1 })
    expect(await status(productId)).toBe('instock')
    await expectFilter('stock_status=outofstock', (p) => p.stock_status === 'outofstock')
    expect(await listed('stock_status=onbackorder')).toEqual({ ids: [], total: 0 })
  })

  it('answers min_price and max_price by the prices a product sells at (a variable product: any variation’s), bounds included', async () => {
    const prices = (p: ProductJson) =>
      p.type === 'variable' ? p.variations.map((v) => toCents(v.price)) : [toCents(p.price)]
    const all = (await everything()).flatMap(prices).sort((a, b) => a - b)
    const low = all[Math.floor(all.length / 3)]!
    const high = all[Math.floor((2 * all.length) / 3)]!
    const euros = (cents: number) => (cents / 100).toFixed(2)
    await expectFilter(`min_price=${euros(low)}`, (p) => prices(p).some((c) => c >= low))
    await expectFilter(`max_price=${euros(high)}`, (p) => prices(p).some((c) => c <= high))
    const between = await expectFilter(`min_price=${euros(low)}&max_price=${euros(high)}`, (p) =>
      prices(p).some((c) => c >= low && c <= high),
    )
    expect(between.length).toBeGreaterThan(0)
    const paged = await get(
      `/wp-json/wc/v3/products?per_page=1&min_price=${euros(low)}&max_price=${euros(high)}`,
    )
    expect(paged.headers['x-wp-total']).toBe(String(between.length))
    expect(paged.headers['x-wp-totalpages']).toBe(String(between.length))
  })

  it('answers after and before by date_created, strictly, as WordPress reads its dates', async () => {
    const created = (p: ProductJson) => Date.parse(p.date_created)
    const dates = [...new Set((await everything()).map(created))].sort((x, y) => x - y)
    expect(dates.length).toBeGreaterThan(2)
    const bound = dates[1]!
    const utc = new Date(bound).toISOString().replace(/Z$/, '')
    await expectFilter(`after=${utc}`, (p) => created(p) > bound)
    await expectFilter(`before=${utc}Z`, (p) => created(p) < bound)
    await expectFilter(`after=1970-01-01T00:00:00&before=${utc}`, (p) => created(p) < bound)
  })

  // type was not read: type=variable answered every product, simple ones too.
  it('answers type by the JSON’s type; grouped and external, which the shop has none of, answer none', async () => {
    const simple = await expectFilter('type=simple', (p) => p.type === 'simple')
    const variable = await expectFilter('type=variable', (p) => p.type === 'variable')
    expect(simple.length).toBeGreaterThan(1)
    expect(variable.length).toBeGreaterThan(1)
    expect(await listed('type=grouped')).toEqual({ ids: [], total: 0 })
    expect(await listed('type=external')).toEqual({ ids: [], total: 0 })
    const paged = await get('/wp-json/wc/v3/products?per_page=1&type=variable')
    expect(paged.headers['x-wp-total']).toBe(String(variable.length))
    expect(paged.headers['x-wp-totalpages']).toBe(String(variable.length))
  })

  // status was not read: status=draft answered the published products as if they were drafts.
  it('answers status=any and status=publish with the list as it is (published products only); other statuses are a 400', async () => {
    const whole = await get('/wp-json/wc/v3/products?per_page=3')
    for (const query of ['status=any', 'status=publish', 'status=publish,any']) {
      const res = await get(`/wp-json/wc/v3/products?per_page=3&${query}`)
      expect(res.statusCode, query).toBe(200)
      expect(res.body, query).toBe(whole.body)
      expect(res.headers['x-wp-total'], query).toBe(whole.headers['x-wp-total'])
      expect(res.headers['x-wp-totalpages'], query).toBe(whole.headers['x-wp-totalpages'])
    }
    for (const query of ['status=draft', 'status=private', 'status=any,pending']) {
      const res = await get(`/wp-json/wc/v3/products?${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().message, query).toContain('only published items are shown')
    }
  })

  // attribute and attribute_term were not read: attribute=pa_size&attribute_term=... answered every product.
  it('answers attribute, and attribute_term with it, by the attributes the JSON lists', async () => {
    const attributes = (await get('/wp-json/wp/v2/attributes/list')).json() as {
      attribute_slug: string
      attribute_terms: { term_id: number; name: string }[]
    }[]
    const whole = await everything()
    const offered = (p: ProductJson, taxonomy: string, ...terms: string[]) =>
      p.attributes.some(
        (a) =>
          `pa_${a.slug}` === taxonomy &&
          (terms.length === 0 || terms.some((term) => a.options.includes(term))),
      )
    let narrowed = 0
    for (const { attribute_slug: taxonomy, attribute_terms: terms } of attributes) {
      await expectFilter(`attribute=${taxonomy}`, (p) => offered(p, taxonomy))
      for (const term of terms) {
        const ids = await expectFilter(`attribute=${taxonomy}&attribute_term=${term.term_id}`, (p) =>
          offered(p, taxonomy, term.name),
        )
        if (ids.length > 0 && ids.length < whole.length) narrowed += 1
        if (ids.length > 1) {
          const paged = await get(
            `/wp-json/wc/v3/products?per_page=1&attribute=${taxonomy}&attribute_term=${term.term_id}`,
          )
          expect(paged.headers['x-wp-total']).toBe(String(ids.length))
          expect(paged.headers['x-wp-totalpages']).toBe(String(ids.length))
        }
      }
    }
    expect(narrowed).toBeGreaterThan(1)
    // Several terms, comma-separated as WooCommerce takes them: products offered in any of them.
    let united = 0
    for (const { attribute_slug: taxonomy, attribute_terms: terms } of attributes) {
      const [a, b] = terms
      if (!a || !b) continue
      const ids = await expectFilter(`attribute=${taxonomy}&attribute_term=${a.term_id},${b.term_id}`, (p) =>
        offered(p, taxonomy, a.name, b.name),
      )
      if (ids.length > 0) united += 1
    }
    expect(united).toBeGreaterThan(0)
    // A term of another attribute is in none of this one's options, as in WooCommerce's tax query.
    const [first, second] = attributes.filter((attribute) => attribute.attribute_terms.length > 0)
    const otherTerm = second!.attribute_terms[0]!.term_id
    expect(await listed(`attribute=${first!.attribute_slug}&attribute_term=${otherTerm}`)).toEqual({
      ids: [],
      total: 0,
    })
  })

  it('refuses featured and tag, which no product has, and malformed filters, with a 400 naming them', async () => {
    for (const query of [
      'featured=true',
      'featured=false',
      'tag=3',
      'tag=',
      'on_sale=yes',
      'stock_status=in-stock',
      'min_price=ten',
      'max_price=-5',
      'min_price=1.999',
      'sku=,',
      'type=bundle',
      'status=published',
      'attribute=size',
      'attribute=pa_nothing',
      'attribute_term=3',
      'attribute_term=0&attribute=pa_size',
      'attribute_term=3,x&attribute=pa_size',
      'attribute_term=x&attribute=pa_size',
    ]) {
      const res = await get(`/wp-json/wc/v3/products?${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json(), query).toEqual({
        statusCode: 400,
        message: expect.stringContaining(`"${query.split('=')[0]}"`),
      })
    }
    expect((await get('/wp-json/wc/v3/products?featured=true')).json().message).toContain(
      'no product as featured',
    )
    expect((await get('/wp-json/wc/v3/products?tag=3')).json().message).toContain('tags no product')
    expect((await get('/wp-json/wc/v3/products?attribute=pa_nothing')).json().message).toContain('pa_size')
  })

  // A product's variations sorted by title in memory compared UTF-16 code units, where the products
  // list sorts in SQL by bytes: beyond the Basic Multilingual Plane (emoji) the two orders differed.
  it("orders a product's variations by title in the products list's byte order, emoji included", async () => {
    const { productId, variationId } = await insertVariableProduct(t, { price: 1000, stock: 5 })
    const sibling = (size: string) => insertSiblingVariation(t, productId, { price: 1000, stock: 5, size })
    const emoji = await sibling('\u{1F600}')
    const privateUse = await sibling('\uE000')
    const res = await get(`/wp-json/wc/v3/products/${productId}/variations?orderby=title&order=asc`)
    expect(res.statusCode, res.body).toBe(200)
    expect((res.json() as { id: number }[]).map((v) => v.id)).toEqual([variationId, privateUse, emoji])
  })
})
