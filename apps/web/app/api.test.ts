/**
 * The typed client against a stand-in back end: params fill the path, answers are checked
 * against the endpoint's schema (an unknown shape or status is a 502, never a wrongly typed
 * value), and the types refuse a wrong body, a missing token or a misspelt query key.
 */
import {
  accountEndpoints,
  cartEndpoints,
  catalogEndpoints,
  contentEndpoints,
  siteEndpoints,
} from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { testLoadContext } from '../tests/load-context.ts'
import { ApiError, call, callData } from './api.server.ts'

function contextAnswering(status: number, body: unknown, seen: Request[] = []): AppLoadContext {
  const apiFetch: typeof fetch = async (input, init) => {
    seen.push(new Request(input, init))
    const text = status === 204 ? null : JSON.stringify(body)
    return new Response(text, { status, headers: { 'content-type': 'application/json' } })
  }
  return testLoadContext(apiFetch)
}

const MENUS = {
  data: { 'main-menu': [{ name: 'Shop', items: [{ title: 'Shop', url: '/shop' }] }], 'sub-menus': [] },
}

describe('call', () => {
  it('sends the method, the filled-in path, the query and the token, and answers the checked body', async () => {
    const seen: Request[] = []
    const context = contextAnswering(200, {}, seen)
    await call(context, catalogEndpoints.product, { params: { id: 'tee & co' } }).catch(() => null)
    expect(new URL(seen[0]!.url).pathname).toBe('/wp-json/wc/v3/products/tee%20%26%20co')

    await callData(context, catalogEndpoints.categories, { query: { per_page: 5, exclude: null } }).catch(
      () => null,
    )
    expect(new URL(seen[1]!.url).search).toBe('?per_page=5')

    await call(context, accountEndpoints.logout, { token: 'jwt' }).catch(() => null)
    expect(seen[2]!.method).toBe('POST')
    expect(seen[2]!.headers.get('authorization')).toBe('Bearer jwt')
  })

  it('answers a body in the endpoint shape', async () => {
    expect(await callData(contextAnswering(200, MENUS), siteEndpoints.menu)).toEqual(MENUS)
  })

  it('refuses an answer in another shape as a 502', async () => {
    const answer = callData(contextAnswering(200, { data: { 'main-menu': 'none' } }), siteEndpoints.menu)
    await expect(answer).rejects.toBeInstanceOf(ApiError)
    await expect(answer).rejects.toMatchObject({ statusCode: 502 })
  })

  it('refuses a success status the endpoint does not answer as a 502', async () => {
    const answer = callData(contextAnswering(202, MENUS), siteEndpoints.menu)
    await expect(answer).rejects.toMatchObject({ statusCode: 502 })
  })

  it('keeps the API error of a failed call', async () => {
    const answer = callData(
      contextAnswering(429, { message: 'Too many', statusCode: 429 }),
      siteEndpoints.menu,
    )
    await expect(answer).rejects.toMatchObject({ statusCode: 429, message: 'Too many' })
  })

  it('answers an endpoint’s empty 204 as null', async () => {
    const answer = await call(contextAnswering(204, null), cartEndpoints.currentOrder, { token: 'jwt' })
    expect(answer).toMatchObject({ status: 204, data: null })
  })

  it('types requests and answers from the endpoint', () => {
    const context = contextAnswering(200, {})
    const checks = () => {
      // @ts-expect-error a Bearer endpoint needs the token
      void call(context, accountEndpoints.details)
      // @ts-expect-error the contact form takes its own fields
      void call(context, contentEndpoints.contact, { body: { email: 'a@b.c' } })
      // @ts-expect-error no such query key
      void call(context, catalogEndpoints.products, { query: { per_pgae: 5 } })
      // @ts-expect-error the product endpoint needs its id
      void call(context, catalogEndpoints.product)
      // An order opens with its order_token, or for its owner with their token.
      void call(context, cartEndpoints.order, {
        params: { number: 'R123456789' },
        query: { order_token: 't' },
      })
      void call(context, cartEndpoints.order, { params: { number: 'R123456789' }, token: 'jwt' })
      // @ts-expect-error a quantity is set on a line of an order
      void call(context, cartEndpoints.setLineQuantity, { params: { number: 'R123456789' } })
      // @ts-expect-error the reference data takes no token
      void call(context, cartEndpoints.countries, { token: 'jwt' })
      void (async () => {
        const line = await callData(context, cartEndpoints.addLineItem, {
          params: { number: 'R123456789' },
          body: { line_item: { variant_id: 1, quantity: 1 } },
        })
        // @ts-expect-error adding answers the line, not the order
        void line.line_items
      })
      void (async () => {
        const menus = await callData(context, siteEndpoints.menu)
        // @ts-expect-error the menu answer has no such field
        void menus.items
      })
    }
    expect(checks).toBeTypeOf('function')
  })
})
