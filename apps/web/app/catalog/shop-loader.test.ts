/**
 * The shop's loader against a back end whose filter endpoints fail: spec 8's texts are logged
 * exactly and the page still gets its categories and products. The back end here is a small
 * in-memory stand-in answering the catalogue paths with the API's shapes.
 */
import {
  type AttributeFilterJson,
  CATEGORY_FIELD_NAMES,
  CATEGORY_TAB_FIELD_LIST,
  type CategoryJson,
  type FieldNames,
  type GenderTermJson,
  PRODUCT_CARD_FIELD_LIST,
  PRODUCT_FIELD_NAMES,
  type ProductJson,
  parseFieldSelection,
  pickFields,
} from '@fanshop/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testLoadContext } from '../../tests/load-context.ts'
import { loader } from './routes/shop.tsx'

const category = { parent: 0, image: null, count: 1 }
const CATEGORIES: CategoryJson[] = [
  { ...category, id: 14, name: 'Tour Edition', slug: 'tour-edition', menu_order: 1, description: '' },
  {
    ...category,
    id: 12,
    name: 'T-Shirts',
    slug: 't-shirts',
    menu_order: 0,
    description: 'Tees from the pitch and the stage.',
  },
]
const ATTRIBUTES: AttributeFilterJson[] = [
  {
    attribute_name: 'Size',
    attribute_slug: 'pa_size',
    attribute_terms: [{ term_id: 3, name: 'M', slug: 'm' }],
  },
]
const GENDERS: GenderTermJson[] = [{ term_id: 1, name: 'Women', slug: 'women' }]
const TEE: ProductJson = {
  id: 1,
  name: 'Extra Time Tour Tee',
  slug: 'extra-time-tour-tee',
  permalink: '/product/extra-time-tour-tee',
  type: 'simple',
  date_created: '2026-01-01T00:00:00',
  price: '30.00',
  regular_price: '35.00',
  sale_price: '30.00',
  on_sale: true,
  stock_status: 'instock',
  stock_quantity: 5,
  description: '<p>A long story about the tee that the grid never shows.</p>',
  short_description: '',
  sku: 'TEE-1',
  images: [1, 2].map((id) => ({
    id,
    src: `/media/${id}/960.webp`,
    alt: `Extra Time Tour Tee, picture ${id}`,
    width: 960,
    height: 1200,
    srcset: { avif: `/media/${id}/960.avif 960w`, webp: `/media/${id}/960.webp 960w` },
  })),
  categories: [{ id: 14, name: 'Tour Edition', slug: 'tour-edition' }],
  attributes: [],
  gender: null,
  variations: [],
  size_guide: null,
  how_to_measure: null,
}

/** The API's `_fields`, read by the rules the API reads it with. */
function withFields<Item extends object>(
  item: Item,
  names: FieldNames,
  fields: string | null,
): Partial<Item> {
  const selection = fields === null ? undefined : parseFieldSelection(fields, names)
  return selection ? pickFields(item, selection) : item
}

function backEnd(failing: string[], seen: URL[] = []): typeof fetch {
  return async (input) => {
    const url = new URL(String(input))
    seen.push(url)
    const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      })
    if (failing.includes(url.pathname)) return json({ statusCode: 500, message: 'database is down' }, 500)
    switch (url.pathname) {
      case '/wp-json/wc/v3/products/categories':
        return json(
          CATEGORIES.map((c) => withFields(c, CATEGORY_FIELD_NAMES, url.searchParams.get('_fields'))),
        )
      case '/wp-json/wp/v2/attributes/list':
        return json(ATTRIBUTES)
      case '/wp-json/wp/v2/gender_taxonomy':
        return json(GENDERS)
      case '/wp-json/wc/v3/products':
      case '/wp-json/wp/v2/products/list':
        return json([withFields(TEE, PRODUCT_FIELD_NAMES, url.searchParams.get('_fields'))], 200, {
          'x-wp-total': '1',
          'x-wp-totalpages': '1',
        })
      default:
        return json({ statusCode: 404, message: 'not here' }, 404)
    }
  }
}

function load(url: string, apiFetch: typeof fetch) {
  const context = testLoadContext(apiFetch)
  return loader({
    request: new Request(url),
    url: new URL(url),
    context,
    params: {},
  } as Parameters<typeof loader>[0])
}

describe('shop loader', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('shows the first category in menu_order with its products and the filters, gender last', async () => {
    const seen: URL[] = []
    const data = await load('http://shop.test/shop', backEnd([], seen))
    expect(data.categories.map((c) => c.id)).toEqual([12, 14])
    expect(data.currentId).toBe(12)
    expect(data.filters.map((f) => f.attribute_slug)).toEqual(['pa_size', 'gender'])
    expect(data.products.map((p) => p.name)).toEqual(['Extra Time Tour Tee'])
    const categories = seen.find((u) => u.pathname === '/wp-json/wc/v3/products/categories')!
    expect(categories.searchParams.get('exclude')).toBe('15')
    const products = seen.find((u) => u.pathname === '/wp-json/wc/v3/products')!
    expect(products.searchParams.get('category')).toBe('12')
    expect(products.searchParams.get('_fields')).toBe(PRODUCT_CARD_FIELD_LIST)
  })

  it('asks for and sends only what the category tabs draw: name, id and the description', async () => {
    const seen: URL[] = []
    const data = await load('http://shop.test/shop', backEnd([], seen))
    const categories = seen.find((u) => u.pathname === '/wp-json/wc/v3/products/categories')!
    expect(categories.searchParams.get('_fields')).toBe(CATEGORY_TAB_FIELD_LIST)
    expect(data.categories).toEqual([
      { id: 12, name: 'T-Shirts', description: 'Tees from the pitch and the stage.' },
      { id: 14, name: 'Tour Edition', description: '' },
    ])
  })

  it('sends each product card only what it draws', async () => {
    const data = await load('http://shop.test/shop', backEnd([]))
    expect(data.products).toEqual([
      {
        id: 1,
        name: 'Extra Time Tour Tee',
        permalink: '/product/extra-time-tour-tee',
        // The picture's addresses are derived where it is drawn (core's imageSources).
        image: { id: 1, alt: 'Extra Time Tour Tee, picture 1', width: 960, height: 1200 },
        soldOut: false,
        onSale: true,
        price: '30.00',
        regularPrice: '35.00',
        priceRange: false,
      },
    ])
  })

  it('asks products/list with the taxonomies of the chosen filters', async () => {
    const seen: URL[] = []
    const data = await load('http://shop.test/shop?category=14&pa_size=m&gender=women', backEnd([], seen))
    expect(data.filter).toEqual([
      { taxonomy: 'pa_size', terms: ['m'] },
      { taxonomy: 'gender', terms: ['women'] },
    ])
    const list = seen.find((u) => u.pathname === '/wp-json/wp/v2/products/list')!
    expect(list.searchParams.get('category')).toBe('14')
    expect(JSON.parse(list.searchParams.get('taxonomies')!)).toEqual(data.filter)
    expect(list.searchParams.get('_fields')).toBe(PRODUCT_CARD_FIELD_LIST)
  })

  it('logs "error during fetching shop filters" and still shows the products', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const data = await load('http://shop.test/shop', backEnd(['/wp-json/wp/v2/attributes/list']))
    expect(log).toHaveBeenCalledWith('error during fetching shop filters', expect.anything())
    expect(data.filters.map((f) => f.attribute_slug)).toEqual(['gender'])
    expect(data.products).toHaveLength(1)
  })

  it('logs "error during getting gender filter" and keeps the attribute filters', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const data = await load('http://shop.test/shop', backEnd(['/wp-json/wp/v2/gender_taxonomy']))
    expect(log).toHaveBeenCalledWith('error during getting gender filter', expect.anything())
    expect(log).toHaveBeenCalledTimes(1)
    expect(data.filters.map((f) => f.attribute_slug)).toEqual(['pa_size'])
    expect(data.products).toHaveLength(1)
  })

  it('turns a failing product listing into the error page with its status', async () => {
    const failing = backEnd(['/wp-json/wc/v3/products'])
    await expect(load('http://shop.test/shop', failing)).rejects.toMatchObject({ init: { status: 500 } })
  })
})
