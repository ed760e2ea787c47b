// A content page by slug (/page/{slug}, /lookbook/{slug}, /story/details?story={slug}) or by id
// (/posts/{id}, /music/{id}) is the item with exactly that slug or id, or the 404 page. Against the
// real API on a loopback port, which reads ?slug= as WordPress does: a comma list whose entries
// are trimmed, blank ones dropped.
import { expect, it } from 'vitest'
import { insertContentItem } from '../../../api/src/content/write.ts'
import { testLoadContext } from '../../tests/load-context.ts'
import { listeningApi } from '../../tests/visitor.ts'
import { fetchBySlug, fetchItem } from './content.server.ts'

const api = listeningApi()

const pageBySlug = (slug: string) => fetchBySlug(testLoadContext(fetch, api.baseUrl), 'pages', slug)

it('answers the page with that slug', async () => {
  await insertContentItem(api.t.ctx.db, {
    type: 'page',
    slug: 'shipping',
    title: 'Shipping',
    date: api.t.clock.now,
    fields: { template: 'agreement', facts: [], sections: [], cta: null },
  })
  expect((await pageBySlug('shipping')).slug).toBe('shipping')
})

it('answers the 404 page for a slug that names no page, however the API reads it', async () => {
  // ' ' and '\t' were read as no slug at all, so the API answered every page and the first was shown.
  for (const slug of ['elsewhere', ' ', '\t', ' shipping', 'shipping ', 'a,shipping', '\0'])
    await expect(pageBySlug(slug), JSON.stringify(slug)).rejects.toMatchObject({ init: { status: 404 } })
})

it('answers the 404 page for an id no item can have, as for one no item has', async () => {
  const postById = (id: string) => fetchItem(testLoadContext(fetch, api.baseUrl), 'posts', id)
  // Ten digits past the ids' 32-bit range were sent on and answered with the API's 400 about its parameter.
  for (const id of ['2147483647', '2147483648', '9999999999', '99999999999', '0', '07', 'x'])
    await expect(postById(id), id).rejects.toMatchObject({ init: { status: 404 } })
})
