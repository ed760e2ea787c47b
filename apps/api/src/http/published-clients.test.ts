/**
 * The published clients of the APIs our paths come from work against the shop: the official
 * WooCommerce JavaScript client and the WordPress one (wpapi), each over real HTTP to a server
 * listening on 127.0.0.1, on the demo catalogue and content.
 */
import type { CategoryJson, ContentItemOf, ProductJson, VariationJson } from '@fanshop/core'
import WooCommerceModule from '@woocommerce/woocommerce-rest-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WPAPI from 'wpapi'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'

// The package is CommonJS compiled from ES modules: its class is the `default` export.
const WooCommerceRestApi =
  (WooCommerceModule as unknown as { default?: typeof WooCommerceModule }).default ?? WooCommerceModule

const HIDDEN_CATEGORY = 15

describe(`published clients against the shop on ${testDialect}`, () => {
  let t: TestApp
  let woo: InstanceType<typeof WooCommerceRestApi>
  let wp: WPAPI
  beforeAll(async () => {
    t = await createTestApp()
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 })
    woo = new WooCommerceRestApi({
      url: address,
      consumerKey: 'ck_fanshop',
      consumerSecret: 'cs_fanshop',
      version: 'wc/v3',
    })
    wp = new WPAPI({ endpoint: `${address}/wp-json` })
  })
  afterAll(() => t.close())

  describe('WooCommerce REST API client', () => {
    it('pages through products with the X-WP-Total headers', async () => {
      const first = await woo.get('products', { per_page: 5, page: 1 })
      expect(first.status).toBe(200)
      const total = Number(first.headers['x-wp-total'])
      expect(total).toBeGreaterThan(5)
      expect(Number(first.headers['x-wp-totalpages'])).toBe(Math.ceil(total / 5))
      expect(first.data).toHaveLength(5)
      const second = await woo.get('products', { per_page: 5, page: 2 })
      const ids = (list: ProductJson[]) => list.map((product) => product.id)
      expect(second.data).toHaveLength(5)
      expect(ids(second.data).some((id) => ids(first.data).includes(id))).toBe(false)
    })

    it('reads one product, and the variations of a variable one', async () => {
      const { data: products } = await woo.get('products', { per_page: 100 })
      const variable = (products as ProductJson[]).find((product) => product.type === 'variable')!
      const one = await woo.get(`products/${variable.id}`)
      expect(one.data).toMatchObject({ id: variable.id, slug: variable.slug, name: variable.name })
      const variations = await woo.get(`products/${variable.id}/variations`, { per_page: 100 })
      expect(Number(variations.headers['x-wp-total'])).toBe(variable.variations.length)
      expect((variations.data as VariationJson[]).map((v) => v.id)).toEqual(
        variable.variations.map((v) => v.id),
      )
      const simple = (products as ProductJson[]).find((product) => product.type === 'simple')!
      expect((await woo.get(`products/${simple.id}/variations`)).data).toEqual([])
    })

    it('lists categories without the excluded ones, and the products of a category', async () => {
      const all = (await woo.get('products/categories', { per_page: 100 })).data as CategoryJson[]
      expect(all.map((category) => category.id)).toContain(HIDDEN_CATEGORY)
      for (const exclude of [[HIDDEN_CATEGORY], String(HIDDEN_CATEGORY)]) {
        const shown = (await woo.get('products/categories', { exclude, per_page: 100 }))
          .data as CategoryJson[]
        expect(shown.map((category) => category.id).sort()).toEqual(
          all
            .map((category) => category.id)
            .filter((id) => id !== HIDDEN_CATEGORY)
            .sort(),
        )
      }
      const category = all.find((candidate) => candidate.count > 0)!
      const inCategory = await woo.get('products', { category: category.id, per_page: 100 })
      expect(Number(inCategory.headers['x-wp-total'])).toBe(category.count)
      for (const product of inCategory.data as ProductJson[]) {
        expect(product.categories.map((ref) => ref.id)).toContain(category.id)
      }
    })

    it('lists the shipping zones, zone 0 among them', async () => {
      const zones = await woo.get('shipping/zones')
      expect(zones.status).toBe(200)
      expect((zones.data as { id: number }[]).map((zone) => zone.id)).toContain(0)
    })
  })

  describe('WordPress REST API client (wpapi)', () => {
    it('pages through posts', async () => {
      const first = await wp.posts().perPage(2).page(1)
      expect(first).toHaveLength(2)
      expect(first._paging.total).toBeGreaterThan(2)
      expect(first._paging.totalPages).toBe(Math.ceil(first._paging.total / 2))
      const second = await wp.posts().perPage(2).page(2)
      expect(second[0].id).not.toBe(first[0].id)
    })

    it('searches posts and pages by their text, as WordPress does', async () => {
      const posts = (await wp.posts().perPage(100)) as ContentItemOf<'posts'>[]
      const title = posts[0]!.title.rendered
      const word = title.split(/\W+/).find((part) => part.length > 4)!
      const found = (await wp.posts().search(word.toUpperCase()).perPage(100)) as ContentItemOf<'posts'>[]
      expect(found.length).toBeGreaterThan(0)
      expect(found.length).toBeLessThan(posts.length + 1)
      expect(found.map((post) => post.id)).toContain(posts[0]!.id)
      expect(await wp.posts().search('zzzz')).toEqual([])
      const pages = (await wp.pages().perPage(100)) as ContentItemOf<'pages'>[]
      const page = pages[0]!
      const pageWord = page.title.rendered.split(/\W+/).find((part) => part.length > 3)!
      expect(((await wp.pages().search(pageWord)) as ContentItemOf<'pages'>[]).map((p) => p.id)).toContain(
        page.id,
      )
      expect(await wp.pages().search('zzzz')).toEqual([])
    })
  })
})
