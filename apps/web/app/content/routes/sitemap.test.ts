// The sitemap lists each content item's own page: a feed item that only points to another page
// (a release, a lookbook, a product) has none, and the page it points to is listed by its own
// type only while it is public. Against the real API on a loopback port.
import { expect, it } from 'vitest'
import { insertContentItem } from '../../../../api/src/content/write.ts'
import { testLoadContext } from '../../../tests/load-context.ts'
import { listeningApi } from '../../../tests/visitor.ts'
import { loader } from './sitemap.ts'

const api = listeningApi()

const sitemap = async () => {
  const answer = await loader({ context: testLoadContext(fetch, api.baseUrl) } as Parameters<
    typeof loader
  >[0])
  return answer.text()
}

it('leaves out the page a feed item points to when that page is not public', async () => {
  const db = api.t.ctx.db
  const now = api.t.clock.now
  const lookbook = await insertContentItem(db, {
    type: 'lookbook',
    slug: 'next-season',
    title: 'Next season',
    date: now,
    fields: { season: 'Spring', credits: '' },
  })
  await db.updateTable('content_items').set({ status: 'draft' }).where('id', '=', lookbook).execute()
  const pointer = await insertContentItem(db, {
    type: 'feed',
    slug: 'see-next-season',
    title: 'See next season',
    date: now,
    fields: {
      kind: 'lookbook',
      target: { label: 'See it', url: '/lookbook/next-season' },
      quote_source: null,
    },
  })
  const own = await insertContentItem(db, {
    type: 'feed',
    slug: 'a-photo',
    title: 'A photo',
    date: now,
    fields: { kind: 'photo', target: null, quote_source: null },
  })
  const xml = await sitemap()
  expect(xml).toContain(`/feed/article/${own}</loc>`)
  // The draft lookbook was listed through the feed item that points to it, a page answering 404.
  expect(xml).not.toContain('/lookbook/next-season')
  expect(xml).not.toContain(`/feed/article/${pointer}<`)
})
