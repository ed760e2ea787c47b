/**
 * The product page's loader sends only what the page draws (issue 15): its data goes into the
 * page's HTML for hydration, so the whole product the API answers (each variation's SKU, sale
 * price, attribute names and full image, the product's dates and term slugs) must not.
 */
import type { ProductJson, VariationJson } from '@fanshop/core'
import { describe, expect, it } from 'vitest'
import { testLoadContext } from '../../tests/load-context.ts'
import { loader } from './routes/product.tsx'

const image = (id: number) => ({
  id,
  src: `/media/${id}/960.webp`,
  alt: `Tee ${id}`,
  width: 960,
  height: 1200,
  srcset: { avif: `/media/${id}/160.avif 160w`, webp: `/media/${id}/160.webp 160w` },
})

function variation(id: number, colour: string, stock: number): VariationJson {
  return {
    id,
    sku: `TEE-${colour.toUpperCase()}-M`,
    price: '34.90',
    regular_price: '39.90',
    sale_price: '34.90',
    on_sale: true,
    stock_status: stock > 0 ? 'instock' : 'outofstock',
    stock_quantity: stock,
    attributes: [
      { id: 1, name: 'Colour', option: colour },
      { id: 2, name: 'Size', option: 'M' },
    ],
    image: image(id),
  }
}

const SIZE_GUIDE = { description: 'Measured flat.', clothes_size_data: { sizes: [] } }
const TEE: ProductJson = {
  id: 1,
  name: 'Extra Time Tour Tee',
  slug: 'extra-time-tour-tee',
  permalink: '/product/extra-time-tour-tee',
  type: 'variable',
  date_created: '2026-01-01T00:00:00',
  description: '<p>Twenty-two nights.</p>',
  short_description: '<ul><li>Organic cotton</li></ul>',
  sku: 'ETT-TEE',
  price: '34.90',
  regular_price: '39.90',
  sale_price: '34.90',
  on_sale: true,
  stock_status: 'instock',
  stock_quantity: 4,
  max_per_order: 5,
  images: [image(9)],
  categories: [{ id: 12, name: 'T-Shirts', slug: 't-shirts' }],
  attributes: [
    { id: 1, name: 'Colour', slug: 'colour', options: ['Black', 'White'], variation: true },
    { id: 2, name: 'Size', slug: 'size', options: ['M'], variation: true },
  ],
  gender: { term_id: 3, name: 'Unisex', slug: 'unisex' },
  variations: [variation(2, 'Black', 4), variation(3, 'White', 0)],
  size_guide: SIZE_GUIDE,
  how_to_measure: null,
}

function load(slug: string) {
  const context = testLoadContext(async (input) => {
    const url = new URL(String(input))
    return url.pathname === `/wp-json/wc/v3/products/${TEE.slug}`
      ? Response.json(TEE)
      : Response.json({ statusCode: 404, message: 'not here' }, { status: 404 })
  })
  return loader({
    request: new Request(`http://shop.test/product/${slug}`),
    url: new URL(`http://shop.test/product/${slug}`),
    context,
    params: { slug },
  } as Parameters<typeof loader>[0])
}

describe('product page loader', () => {
  it('sends the product as the page draws it, each variation with what the choice and its price read', async () => {
    const data = await load(TEE.slug)
    expect(data).toEqual({
      publicUrl: 'http://shop.test',
      product: {
        id: 1,
        name: 'Extra Time Tour Tee',
        permalink: '/product/extra-time-tour-tee',
        type: 'variable',
        description: '<p>Twenty-two nights.</p>',
        short_description: '<ul><li>Organic cotton</li></ul>',
        sku: 'ETT-TEE',
        price: '34.90',
        regular_price: '39.90',
        on_sale: true,
        stock_status: 'instock',
        stock_quantity: 4,
        max_per_order: 5,
        // Each picture's addresses are derived where it is drawn (core's imageSources).
        images: [{ id: 9, alt: 'Tee 9', width: 960, height: 1200 }],
        categories: [{ id: 12, name: 'T-Shirts' }],
        attributes: TEE.attributes,
        gender: { name: 'Unisex' },
        variations: [
          {
            id: 2,
            price: '34.90',
            regular_price: '39.90',
            on_sale: true,
            stock_status: 'instock',
            stock_quantity: 4,
            attributes: [
              { id: 1, option: 'Black' },
              { id: 2, option: 'M' },
            ],
            image: { id: 2 },
          },
          {
            id: 3,
            price: '34.90',
            regular_price: '39.90',
            on_sale: true,
            stock_status: 'outofstock',
            stock_quantity: 0,
            attributes: [
              { id: 1, option: 'White' },
              { id: 2, option: 'M' },
            ],
            image: { id: 3 },
          },
        ],
        size_guide: SIZE_GUIDE,
        how_to_measure: null,
      },
    })
    const sent = JSON.stringify(data)
    for (const unused of ['TEE-BLACK-M', 'date_created', 'sale_price', 'term_id', 't-shirts', '/media/2/'])
      expect(sent).not.toContain(unused)
  })

  it('is the 404 page for an unknown slug', async () => {
    await expect(load('no-such-tee')).rejects.toMatchObject({ init: { status: 404 } })
  })
})
