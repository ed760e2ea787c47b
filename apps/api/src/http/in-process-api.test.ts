/**
 * The storefront's read calls answer the same through both transports: in-process (the handler
 * called directly, in-process-api.ts) and over HTTP (light-my-request injection): the same
 * checked body, the same paging headers, the same error status and message, bad input included;
 * the visitor's own reads (their login, their cart) with their credentials, and without.
 */
import {
  accountEndpoints,
  CONTENT_TYPES,
  cartEndpoints,
  catalogEndpoints,
  contentEndpoints,
  contentItemEndpoints,
  contentListEndpoints,
  type Endpoint,
  siteEndpoints,
} from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError, call } from '../../../web/app/api.server.ts'
// The storefront's load context type (its module augmentation of react-router's).
import type {} from '../../../web/app/load-context.ts'
import { testLoadContext } from '../../../web/tests/load-context.ts'
import { addLine, createCart, insertShopper } from '../../tests/cart.ts'
import { createTestApp, type TestApp } from '../../tests/test-app.ts'
import { inProcessApi } from './in-process-api.ts'
import { inProcessFetch } from './in-process-fetch.ts'

type Outcome =
  | { data: unknown; status: number; total: string | null; totalPages: string | null }
  | { error: number; message: string }

async function outcome(context: AppLoadContext, endpoint: Endpoint, request: object): Promise<Outcome> {
  try {
    const response = await (call as (c: AppLoadContext, e: Endpoint, r: object) => ReturnType<typeof call>)(
      context,
      endpoint,
      request,
    )
    return {
      data: response.data,
      status: response.status,
      total: response.headers.get('x-wp-total'),
      totalPages: response.headers.get('x-wp-totalpages'),
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { error: error.statusCode, message: error.message }
  }
}

describe('in-process read calls', () => {
  let shop: TestApp
  let overHttp: AppLoadContext
  let inProcess: AppLoadContext
  let productSlug: string
  let variableId: number
  const firstIds = new Map<string, number>()

  beforeAll(async () => {
    shop = await createTestApp()
    overHttp = testLoadContext(inProcessFetch(shop.app))
    const noHttp: typeof fetch = async (input) => {
      throw new Error(`went over HTTP: ${String(input)}`)
    }
    inProcess = Object.assign(testLoadContext(noHttp), { apiInProcess: inProcessApi(shop.app) })
    const products = (await shop.app.inject({ url: '/wp-json/wc/v3/products?per_page=100' })).json() as {
      id: number
      slug: string
      type: string
    }[]
    productSlug = products[0]!.slug
    variableId = products.find((p) => p.type === 'variable')!.id
    for (const list of [...Object.values(contentListEndpoints), contentEndpoints.feedTerms]) {
      const [first] = (await shop.app.inject({ url: `${list.path}?per_page=1` })).json() as { id: number }[]
      firstIds.set(list.path, first!.id)
    }
  })

  afterAll(async () => {
    await shop.close()
  })

  const catalogue: [string, Endpoint, () => object][] = [
    ['menus', siteEndpoints.menu, () => ({})],
    ['categories', catalogEndpoints.categories, () => ({ query: { per_page: 100, hide_empty: true } })],
    [
      'categories excluding',
      catalogEndpoints.categories,
      () => ({ query: { exclude: '15,16', orderby: 'name' } }),
    ],
    [
      'products',
      catalogEndpoints.products,
      () => ({ query: { per_page: 24, orderby: 'price', order: 'asc' } }),
    ],
    ['products, page 2', catalogEndpoints.products, () => ({ query: { per_page: 5, page: 2 } })],
    ['products, search', catalogEndpoints.products, () => ({ query: { search: 'tee', per_page: 6 } })],
    ['products, bad per_page', catalogEndpoints.products, () => ({ query: { per_page: 1000 } })],
    ['products, bad orderby', catalogEndpoints.products, () => ({ query: { orderby: 'colour' } })],
    ['product by slug', catalogEndpoints.product, () => ({ params: { id: productSlug } })],
    ['product by id', catalogEndpoints.product, () => ({ params: { id: variableId } })],
    ['missing product', catalogEndpoints.product, () => ({ params: { id: 'no-such-thing' } })],
    ['malformed product slug', catalogEndpoints.product, () => ({ params: { id: 'Tee & Co' } })],
    [
      'variations',
      catalogEndpoints.variations,
      () => ({ params: { id: variableId }, query: { per_page: 3 } }),
    ],
    [
      'filtered products',
      catalogEndpoints.filteredProducts,
      () => ({ query: { taxonomies: JSON.stringify([{ taxonomy: 'gender', terms: ['women'] }]) } }),
    ],
    [
      'filtered products, bad filter',
      catalogEndpoints.filteredProducts,
      () => ({ query: { taxonomies: '[{' } }),
    ],
    ['attributes', catalogEndpoints.attributes, () => ({})],
    ['genders', catalogEndpoints.genders, () => ({})],
    ['feed terms', contentEndpoints.feedTerms, () => ({ query: { per_page: 50 } })],
    [
      'feed term',
      contentEndpoints.feedTerm,
      () => ({ params: { id: firstIds.get(contentEndpoints.feedTerms.path) } }),
    ],
    ['missing feed term', contentEndpoints.feedTerm, () => ({ params: { id: 99999 } })],
  ]
  const content: [string, Endpoint, () => object][] = CONTENT_TYPES.flatMap((type) => [
    [`${type} list`, contentListEndpoints[type], () => ({ query: { per_page: 3 } })],
    [`${type} page past the last`, contentListEndpoints[type], () => ({ query: { page: 99 } })],
    [`${type} by missing slug`, contentListEndpoints[type], () => ({ query: { slug: 'no-such-item' } })],
    [
      `${type} item`,
      contentItemEndpoints[type],
      () => ({ params: { id: firstIds.get(contentListEndpoints[type].path) } }),
    ],
    [`${type} missing item`, contentItemEndpoints[type], () => ({ params: { id: 99999 } })],
  ])

  it.each([...catalogue, ...content])('%s', async (name, endpoint, request) => {
    const expected = await outcome(overHttp, endpoint, request())
    // The case asks what it means to: an error for bad input or a missing item, else an answer.
    if (/bad|missing|malformed|past/.test(name)) expect(expected).toHaveProperty('error')
    else expect(expected).toMatchObject({ status: 200, data: expect.anything() })
    const got = await outcome(inProcess, endpoint, request())
    expect(got).toEqual(expected)
  })

  describe("the visitor's own reads, and the checkout's", () => {
    let shopper: { token: string }
    let guestCart: { number: string; token: string }
    let ownCart: { number: string; token: string }
    let countryId: number

    beforeAll(async () => {
      shopper = await insertShopper(shop)
      const products = (await shop.app.inject({ url: '/wp-json/wc/v3/products?per_page=100' })).json() as {
        id: number
        type: string
      }[]
      const simple = products.find((p) => p.type === 'simple')!
      guestCart = await createCart(shop)
      ownCart = await createCart(shop, shopper.token)
      const { countries } = (await shop.app.inject({ url: '/api/v1/countries?per_page=999' })).json() as {
        countries: { id: number; iso: string }[]
      }
      countryId = countries.find((country) => country.iso === 'ES')!.id
      for (const cart of [guestCart, ownCart])
        expect((await addLine(shop, cart, simple.id)).statusCode).toBe(201)
    })

    const cases: [string, Endpoint, () => object, 'answer' | number][] = [
      ['the current user', accountEndpoints.me, () => ({ token: shopper.token }), 'answer'],
      ['the current user, forged token', accountEndpoints.me, () => ({ token: 'a.b.c' }), 401],
      ['their settings', accountEndpoints.settings, () => ({ token: shopper.token }), 'answer'],
      ['their details', accountEndpoints.details, () => ({ token: shopper.token }), 'answer'],
      ['their navigation', accountEndpoints.menu, () => ({ token: shopper.token }), 'answer'],
      [
        'a cart by its token, with the launch headers',
        cartEndpoints.order,
        () => ({
          params: { number: guestCart.number },
          query: { order_token: guestCart.token },
          headers: { 'x-access-grant': 'not-a-grant' },
        }),
        'answer',
      ],
      [
        'a cart by its owner',
        cartEndpoints.order,
        () => ({ params: { number: ownCart.number }, token: shopper.token }),
        'answer',
      ],
      [
        "a guest's cart by someone else's login",
        cartEndpoints.order,
        () => ({ params: { number: guestCart.number }, token: shopper.token }),
        404,
      ],
      [
        'a cart by a wrong token',
        cartEndpoints.order,
        () => ({ params: { number: guestCart.number }, query: { order_token: 'wrong' } }),
        404,
      ],
      [
        'a cart without credentials',
        cartEndpoints.order,
        () => ({ params: { number: guestCart.number } }),
        401,
      ],
      ['a cart by a malformed number', cartEndpoints.order, () => ({ params: { number: '../1' } }), 400],
      ['their address book', accountEndpoints.addressBook, () => ({ token: shopper.token }), 'answer'],
      ['their address book, forged token', accountEndpoints.addressBook, () => ({ token: 'a.b.c' }), 401],
      ['their orders', cartEndpoints.orderHistory, () => ({ token: shopper.token }), 'answer'],
      ['the checkout countries', cartEndpoints.countries, () => ({ query: { per_page: 999 } }), 'answer'],
      [
        'a country of the checkout',
        cartEndpoints.states,
        () => ({ query: { country_id: countryId } }),
        'answer',
      ],
      ['states, bad country', cartEndpoints.states, () => ({ query: { country_id: 'spain' } }), 400],
    ]

    it.each(cases)('%s', async (_name, endpoint, request, expected) => {
      const overHttpOutcome = await outcome(overHttp, endpoint, request())
      if (expected === 'answer')
        expect(overHttpOutcome).toMatchObject({ status: 200, data: expect.anything() })
      else expect(overHttpOutcome).toMatchObject({ error: expected })
      expect(await outcome(inProcess, endpoint, request())).toEqual(overHttpOutcome)
    })
  })

  it('leaves endpoints it does not cover, and calls with a body, to HTTP', async () => {
    const direct = inProcessApi(shop.app)
    expect(direct(contentEndpoints.contact, {})).toBeNull()
    expect(direct(cartEndpoints.createOrder, {})).toBeNull()
    // The in-process context's fetch refuses: a call that went over HTTP fails to reach the API.
    const saved = await outcome(inProcess, accountEndpoints.saveSettings, { token: 'a.b.c', body: {} })
    expect(saved).toMatchObject({ error: 503, message: expect.stringContaining('went over HTTP') })
  })
})
