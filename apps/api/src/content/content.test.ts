import {
  CONTENT_TYPES,
  type FeedItem,
  type FeedTerm,
  type Lookbook,
  type MusicRelease,
  type Page,
  type Post,
  type Story,
} from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'

describe(`content API on ${testDialect}`, () => {
  let t: TestApp
  const get = (url: string) => t.app.inject({ method: 'GET', url })

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  describe('lists', () => {
    it.each(CONTENT_TYPES)('lists seeded %s as WordPress post objects with paging headers', async (type) => {
      const res = await get(`/wp-json/wp/v2/${type}?per_page=100`)
      expect(res.statusCode).toBe(200)
      const items = res.json() as Array<Record<string, unknown>>
      expect(items.length).toBeGreaterThan(0)
      expect(res.headers['x-wp-total']).toBe(String(items.length))
      expect(res.headers['x-wp-totalpages']).toBe('1')
      for (const item of items) {
        expect(item).toMatchObject({
          id: expect.any(Number),
          slug: expect.any(String),
          date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          status: 'publish',
          link: expect.stringMatching(/^\//),
          title: { rendered: expect.any(String) },
          content: { rendered: expect.any(String), protected: false },
          excerpt: { rendered: expect.any(String), protected: false },
          featured_media: expect.any(Number),
        })
      }
    })

    it('pages through a list: page and per_page, with the totals in the headers', async () => {
      const all = (await get('/wp-json/wp/v2/feed?per_page=100')).json() as FeedItem[]
      const first = await get('/wp-json/wp/v2/feed?per_page=5')
      const third = await get('/wp-json/wp/v2/feed?per_page=5&page=3')
      expect(first.headers['x-wp-total']).toBe(String(all.length))
      expect(first.headers['x-wp-totalpages']).toBe(String(Math.ceil(all.length / 5)))
      expect((first.json() as FeedItem[]).map((i) => i.id)).toEqual(all.slice(0, 5).map((i) => i.id))
      expect((third.json() as FeedItem[]).map((i) => i.id)).toEqual(all.slice(10, 15).map((i) => i.id))
    })

    it('answers 10 items when per_page is not given, as WordPress does', async () => {
      const res = await get('/wp-json/wp/v2/feed')
      expect((res.json() as unknown[]).length).toBe(10)
    })

    it('lists newest first', async () => {
      const posts = (await get('/wp-json/wp/v2/posts?per_page=100')).json() as Post[]
      const dates = posts.map((p) => p.date)
      expect(dates).toEqual([...dates].sort().reverse())
    })

    it('refuses per_page over 100, page 0 and words for numbers', async () => {
      for (const [query, field] of [
        ['per_page=101', 'per_page'],
        ['page=0', 'page'],
        ['per_page=lots', 'per_page'],
      ]) {
        const res = await get(`/wp-json/wp/v2/posts?${query}`)
        expect(res.statusCode).toBe(400)
        expect(res.json().message).toContain(field)
      }
      expect((await get('/wp-json/wp/v2/posts?per_page=101')).json().message).toContain('at most 100')
    })

    it('answers a page past the last one with 400 and how many pages there are', async () => {
      const res = await get('/wp-json/wp/v2/posts?per_page=100&page=2')
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        statusCode: 400,
        message: 'Page 2 does not exist: there is 1 page of post items at 100 per page.',
      })
    })

    const ids = async (url: string) => {
      const res = await get(url)
      expect(res.statusCode, res.body).toBe(200)
      return { ids: (res.json() as Post[]).map((p) => p.id), total: Number(res.headers['x-wp-total']) }
    }

    it("reads WordPress's include and exclude lists, and orders by the include list when asked", async () => {
      const all = (await ids('/wp-json/wp/v2/posts?per_page=100')).ids
      const [a, b, c] = all as [number, number, number]
      expect(await ids(`/wp-json/wp/v2/posts?include=${c},${a}`)).toEqual({ ids: [a, c], total: 2 })
      expect(await ids(`/wp-json/wp/v2/posts?include[]=${c}&include[]=${a}&orderby=include`)).toEqual({
        ids: [c, a],
        total: 2,
      })
      expect(await ids(`/wp-json/wp/v2/posts?per_page=100&exclude=${b}`)).toEqual({
        ids: all.filter((id) => id !== b),
        total: all.length - 1,
      })
      const bad = await get('/wp-json/wp/v2/posts?include=one')
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toContain('"include"')
      const byIncludeAlone = await get('/wp-json/wp/v2/posts?orderby=include')
      expect(byIncludeAlone.statusCode).toBe(400)
      expect(byIncludeAlone.json().message).toContain('include')
    })

    it("reads WordPress's orderby, order and offset", async () => {
      const all = (await get('/wp-json/wp/v2/posts?per_page=100')).json() as Post[]
      const byId = all.map((p) => p.id).sort((x, y) => x - y)
      expect((await ids('/wp-json/wp/v2/posts?per_page=100&orderby=id&order=asc')).ids).toEqual(byId)
      expect((await ids('/wp-json/wp/v2/posts?per_page=100&orderby=id')).ids).toEqual([...byId].reverse())
      expect((await ids('/wp-json/wp/v2/posts?per_page=100&order=asc')).ids).toEqual(
        all.map((p) => p.id).reverse(),
      )
      const titled = (await get('/wp-json/wp/v2/posts?per_page=100&orderby=title&order=asc')).json() as Post[]
      const titles = titled.map((p) => p.title.rendered.toLowerCase())
      expect(titles).toEqual([...titles].sort())
      expect(await ids('/wp-json/wp/v2/posts?per_page=2&offset=3')).toEqual({
        ids: all.slice(3, 5).map((p) => p.id),
        total: all.length,
      })
      for (const query of ['orderby=nonsense', 'order=up', 'offset=-1']) {
        const res = await get(`/wp-json/wp/v2/posts?${query}`)
        expect(res.statusCode, query).toBe(400)
        expect(res.json().message).toContain(`"${query.split('=')[0]}"`)
      }
    })

    // WordPress's date-time filters were not read: after=... answered every item whatever its date.
    it("reads WordPress's after, before, modified_after and modified_before, strictly, with the totals they leave", async () => {
      const all = (await get('/wp-json/wp/v2/feed?per_page=100')).json() as FeedItem[]
      const published = all.map((item) => Date.parse(item.date))
      const modified = all.map((item) => Date.parse(item.modified))
      expect(new Set(published).size).toBeGreaterThan(3)
      const [, bound = 0] = [...new Set(published)].sort((x, y) => x - y)
      const [, modifiedBound = 0] = [...new Set(modified)].sort((x, y) => y - x)
      /** The instant as WordPress clients write it: without an offset (UTC here), or with one. */
      const utc = (ms: number) => new Date(ms).toISOString().replace(/Z$/, '')
      const plusTwo = (ms: number) => `${new Date(ms + 2 * 3_600_000).toISOString().slice(0, 23)}%2B02:00`
      const expectIds = async (query: string, keep: (index: number) => boolean) => {
        const expected = all.filter((_, index) => keep(index)).map((item) => item.id)
        expect(expected.length, query).toBeGreaterThan(0)
        expect(await ids(`/wp-json/wp/v2/feed?per_page=100&${query}`), query).toEqual({
          ids: expected,
          total: expected.length,
        })
      }
      await expectIds(`after=${utc(bound)}`, (i) => published[i]! > bound)
      await expectIds(`after=${plusTwo(bound)}`, (i) => published[i]! > bound)
      await expectIds(`before=${utc(bound)}`, (i) => published[i]! < bound)
      await expectIds(`before=${utc(bound + 1)}Z`, (i) => published[i]! <= bound)
      await expectIds(`modified_after=${utc(modifiedBound)}`, (i) => modified[i]! > modifiedBound)
      await expectIds(`modified_before=${plusTwo(modifiedBound)}`, (i) => modified[i]! < modifiedBound)
      await expectIds(`after=1970-01-01 00:00:00&before=${utc(bound)}`, (i) => published[i]! < bound)
      const paged = await get(`/wp-json/wp/v2/feed?per_page=1&after=${utc(bound)}`)
      const later = published.filter((ms) => ms > bound).length
      expect(paged.headers['x-wp-total']).toBe(String(later))
      expect(paged.headers['x-wp-totalpages']).toBe(String(later))
      for (const query of [
        'after=2026-12-01',
        'after=2026-02-30T10:00:00',
        'before=yesterday',
        'modified_after=2026-12-01T24:00:00',
        'modified_before=2026-12-01T10:00:00%2B25:00',
      ]) {
        const res = await get(`/wp-json/wp/v2/feed?${query}`)
        expect(res.statusCode, query).toBe(400)
        expect(res.json(), query).toEqual({
          statusCode: 400,
          message: expect.stringContaining(`"${query.split('=')[0]}"`),
        })
      }
    })

    // WordPress's status was not read: status=draft answered the published items as if it had been asked for them.
    it("reads WordPress's status as from a visitor: publish answers the list as it is, any other status is a 400", async () => {
      for (const type of CONTENT_TYPES) {
        const plain = await get(`/wp-json/wp/v2/${type}?per_page=2`)
        for (const query of ['status=publish', 'status=publish,%20publish']) {
          const res = await get(`/wp-json/wp/v2/${type}?per_page=2&${query}`)
          expect(res.statusCode, `${type} ${query}`).toBe(200)
          expect(res.body).toBe(plain.body)
          expect(res.headers['x-wp-total']).toBe(plain.headers['x-wp-total'])
          expect(res.headers['x-wp-totalpages']).toBe(plain.headers['x-wp-totalpages'])
        }
      }
      // As WordPress answers a visitor (rest_invalid_param): only published items are shown without signing in.
      for (const query of [
        'status=draft',
        'status=any',
        'status=publish,private',
        'status=future',
        'status=trash',
      ]) {
        const res = await get(`/wp-json/wp/v2/posts?${query}`)
        expect(res.statusCode, query).toBe(400)
        expect(res.json(), query).toEqual({ statusCode: 400, message: expect.stringContaining('"status"') })
        expect(res.json().message, query).toContain('only published items are shown')
      }
      for (const query of ['status=published', 'status=', 'status=publish,,publish']) {
        const res = await get(`/wp-json/wp/v2/feed?${query}`)
        expect(res.statusCode, query).toBe(400)
        expect(res.json().message, query).toMatch(/"status".*is not a status/)
      }
    })

    /*
     * WordPress's categories, tags, categories_exclude and tags_exclude were not read:
     * categories=3 answered every item. The shop's content has no categories or tags: its one
     * taxonomy is feed_taxonomy (posts and feed items), and no item shows `categories` or `tags`.
     * Rather than answering an empty list, as WordPress would for a category that does not exist
     * (which would read as an empty category), they are refused with a 400 naming feed_taxonomy,
     * as the products list refuses `featured`, which no product has.
     */
    it('refuses categories and tags, which the content does not have, with a 400 naming feed_taxonomy', async () => {
      const posts = (await get('/wp-json/wp/v2/posts?per_page=100')).json() as Record<string, unknown>[]
      expect(posts.length).toBeGreaterThan(0)
      for (const post of posts) {
        expect(post).not.toHaveProperty('categories')
        expect(post).not.toHaveProperty('tags')
        expect(post).toHaveProperty('feed_taxonomy')
      }
      const [term] = (await get('/wp-json/wp/v2/feed_taxonomy')).json() as FeedTerm[]
      for (const type of ['posts', 'feed', 'stories', 'pages']) {
        for (const query of [
          `categories=${term!.id}`,
          'categories=1,2',
          'categories_exclude=1',
          `tags=${term!.id}`,
          'tags_exclude=4',
        ]) {
          const res = await get(`/wp-json/wp/v2/${type}?${query}`)
          expect(res.statusCode, `${type} ${query}`).toBe(400)
          expect(res.json(), query).toEqual({
            statusCode: 400,
            message: expect.stringContaining(`"${query.split('=')[0]}"`),
          })
          expect(res.json().message, query).toContain('feed_taxonomy')
        }
      }
    })
  })

  it('finds every word of a search, in any order, in titles, excerpts and content', async () => {
    const titles = async (url: string) => {
      const res = await get(url)
      expect(res.statusCode, res.body).toBe(200)
      return (res.json() as MusicRelease[]).map((item) => item.title.rendered)
    }
    const inOrder = await titles('/wp-json/wp/v2/music?per_page=100&search=offside%20sessions')
    expect(inOrder).toContain('Offside Sessions')
    expect(await titles('/wp-json/wp/v2/music?per_page=100&search=SESSIONS%20offside')).toEqual(inOrder)
    expect(await titles('/wp-json/wp/v2/music?per_page=100&search=offside%20zzzz')).toEqual([])
    expect(await titles('/wp-json/wp/v2/stories?per_page=100&search=minutes%20ninety')).toEqual([
      'Ninety Minutes',
    ])
  })

  describe('single items', () => {
    it.each(CONTENT_TYPES)('reads one of the %s by id, the same as in the list', async (type) => {
      const [first] = (await get(`/wp-json/wp/v2/${type}?per_page=1`)).json() as Array<{ id: number }>
      const res = await get(`/wp-json/wp/v2/${type}/${first!.id}`)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual(first)
    })

    it.each(CONTENT_TYPES)('finds %s by slug (?slug=) and answers 404 for an unknown slug', async (type) => {
      const [first] = (await get(`/wp-json/wp/v2/${type}?per_page=1`)).json() as Array<{
        id: number
        slug: string
      }>
      const found = await get(`/wp-json/wp/v2/${type}?slug=${first!.slug}`)
      expect(found.statusCode).toBe(200)
      expect((found.json() as Array<{ id: number }>).map((i) => i.id)).toEqual([first!.id])
      const missing = await get(`/wp-json/wp/v2/${type}?slug=no-such-thing`)
      expect(missing.statusCode).toBe(404)
      expect(missing.json().message).toMatch(/^There is no .+ with the slug "no-such-thing"\.$/)
    })

    it('refuses a slug list that names no slug, however it is spelt, as it refuses an empty one', async () => {
      for (const url of [
        '/wp-json/wp/v2/posts?slug=',
        '/wp-json/wp/v2/posts?slug=,',
        '/wp-json/wp/v2/posts?slug=%20,%20',
        '/wp-json/wp/v2/posts?slug[]=&slug[]=',
        '/wp-json/wp/v2/feed_taxonomy?slug=,',
      ]) {
        const res = await get(url)
        expect(res.statusCode, url).toBe(400)
        expect(res.json().message, url).toBe(
          'Invalid querystring parameter "slug": must name at least one slug',
        )
      }
    })

    it('answers an unknown id with 404 and says what is missing', async () => {
      const res = await get('/wp-json/wp/v2/posts/999999')
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ statusCode: 404, message: 'There is no post with id 999999.' })
      expect((await get('/wp-json/wp/v2/music/999999')).json().message).toBe(
        'There is no music release with id 999999.',
      )
    })

    it('does not answer an item of one type under another type', async () => {
      const [story] = (await get('/wp-json/wp/v2/stories?per_page=1')).json() as Story[]
      const res = await get(`/wp-json/wp/v2/posts/${story!.id}`)
      expect(res.statusCode).toBe(404)
    })

    it('answers 400 for an id that is not a number', async () => {
      const res = await get('/wp-json/wp/v2/posts/latest')
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toContain('id')
    })

    it('answers an unknown type with a 404 naming the path', async () => {
      const res = await get('/wp-json/wp/v2/recipes?per_page=100')
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ statusCode: 404, message: 'No API endpoint GET /wp-json/wp/v2/recipes.' })
    })
  })

  describe('type-specific fields', () => {
    it('gives music its cover, playable tracks, a video and streaming links', async () => {
      const releases = (await get('/wp-json/wp/v2/music?per_page=100')).json() as MusicRelease[]
      const album = releases.find((r) => r.release_type === 'album')!
      expect(album.featured_image?.src).toMatch(/^\/media\/\d+\/\d+\.webp$/)
      expect(album.tracks.length).toBe(11)
      expect(album.tracks.map((tr) => tr.number)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1))
      expect(album.total_duration).toBeCloseTo(
        album.tracks.reduce((sum, tr) => sum + tr.duration, 0),
        5,
      )
      expect(album.streaming_links.map((l) => l.service)).toContain('spotify')
      expect(album.streaming_links.every((l) => l.url.startsWith('https://'))).toBe(true)

      const audio = await get(album.tracks[0]!.audio.src)
      expect(audio.statusCode).toBe(200)
      expect(audio.headers['content-type']).toBe('audio/wav')
      expect(audio.rawPayload.toString('ascii', 0, 4)).toBe('RIFF')
      const seconds = (audio.rawPayload.readUInt32LE(40) / 2 / audio.rawPayload.readUInt32LE(24)).toFixed(2)
      expect(Number(seconds)).toBeCloseTo(album.tracks[0]!.duration, 1)

      expect(album.video).not.toBeNull()
      const video = await get(album.video!.file.src)
      expect(video.headers['content-type']).toBe('video/mp4')
      expect(video.rawPayload.toString('ascii', 4, 8)).toBe('ftyp')
      expect(album.video!.poster?.width).toBe(960)
    })

    it('lets a track be fetched in ranges, so the player can seek', async () => {
      const [release] = (await get('/wp-json/wp/v2/music?per_page=1')).json() as MusicRelease[]
      const res = await t.app.inject({
        method: 'GET',
        url: release!.tracks[0]!.audio.src,
        headers: { range: 'bytes=44-1043' },
      })
      expect(res.statusCode).toBe(206)
      expect(res.rawPayload.length).toBe(1000)
    })

    it('gives each story its articles in order, and each article its story', async () => {
      const stories = (await get('/wp-json/wp/v2/stories?per_page=100')).json() as Story[]
      const story = stories.find((s) => s.slug === 'ninety-minutes')!
      expect(story.subtitle).toBe('A season told from the dressing room')
      expect(story.articles.map((a) => a.slug)).toEqual([
        'pre-season-the-first-run',
        'derby-week',
        'the-injury',
        'back-on-the-pitch',
      ])
      const article = (await get(`/wp-json/wp/v2/articles/${story.articles[1]!.id}`)).json()
      expect(article).toMatchObject({
        type: 'article',
        position: 2,
        story: { id: story.id, slug: story.slug },
      })
      const ofStory = (await get(`/wp-json/wp/v2/articles?story=${story.id}&per_page=100`)).json() as Array<{
        id: number
      }>
      expect(ofStory.map((a) => a.id)).toEqual(story.articles.map((a) => a.id))
      expect((await get('/wp-json/wp/v2/articles?story=999999')).statusCode).toBe(404)
    })

    it('keeps the chapters of a story that is not published out of every read, as the story itself', async () => {
      const stories = (await get('/wp-json/wp/v2/stories?per_page=100')).json() as Story[]
      const story = stories.find((s) => s.slug === 'barrio-first')!
      const chapter = story.articles[0]!
      const setStatus = (status: 'draft' | 'publish') =>
        t.ctx.db.updateTable('content_items').set({ status }).where('id', '=', story.id).execute()
      await setStatus('draft')
      try {
        // They were listed, searched and read by id with the draft story's title and slug.
        const listed = (await get('/wp-json/wp/v2/articles?per_page=100')).json() as Array<{ id: number }>
        expect(listed.map((a) => a.id)).not.toContain(chapter.id)
        const all = await get('/wp-json/wp/v2/articles?per_page=100')
        expect(all.headers['x-wp-total']).toBe(String(listed.length))
        expect((await get(`/wp-json/wp/v2/articles/${chapter.id}`)).statusCode).toBe(404)
        expect((await get(`/wp-json/wp/v2/articles?slug=${chapter.slug}`)).statusCode).toBe(404)
        const search = encodeURIComponent(chapter.title.rendered)
        expect((await get(`/wp-json/wp/v2/articles?search=${search}`)).json()).toEqual([])
        expect((await get(`/wp-json/wp/v2/articles?story=${story.id}`)).statusCode).toBe(404)
      } finally {
        await setStatus('publish')
      }
      expect((await get(`/wp-json/wp/v2/articles/${chapter.id}`)).statusCode).toBe(200)
    })

    it('gives each lookbook setup its images and the published catalogue products worn in it', async () => {
      const [lookbook] = (
        await get('/wp-json/wp/v2/lookbooks?slug=extra-time-autumn-winter')
      ).json() as Lookbook[]
      expect(lookbook!.setups.map((s) => s.layout)).toEqual([1, 2, 3, 4, 5, 6])
      for (const setup of lookbook!.setups) {
        expect(setup.images.length).toBeGreaterThanOrEqual(2)
        expect(setup.images[0]!.srcset.avif).toContain('avif')
      }
      const productIds = lookbook!.setups.flatMap((s) => s.product_ids)
      const published = await t.ctx.db
        .selectFrom('products')
        .select('id')
        .where('status', '=', 'publish')
        .where('parent_id', 'is', null)
        .execute()
      if (published.length > 0) expect(productIds.length).toBeGreaterThan(0)
      const publishedIds = new Set(published.map((p) => p.id))
      expect(productIds.every((id) => publishedIds.has(id))).toBe(true)
    })

    it('leaves out of a lookbook the products the shop does not show: scheduled for later, or drafts', async () => {
      const lookbookProducts = async () =>
        (
          (await get('/wp-json/wp/v2/lookbooks?slug=extra-time-autumn-winter')).json() as Lookbook[]
        )[0]!.setups.flatMap((s) => s.product_ids)
      const [scheduled, draft] = await lookbookProducts()
      expect(draft).toBeDefined()
      const before = await t.ctx.db
        .selectFrom('products')
        .select(['id', 'status', 'publish_at'])
        .where('id', 'in', [scheduled!, draft!])
        .execute()
      await t.ctx.db
        .updateTable('products')
        .set({ publish_at: t.clock.now + 60_000 })
        .where('id', '=', scheduled!)
        .execute()
      await t.ctx.db.updateTable('products').set({ status: 'draft' }).where('id', '=', draft!).execute()
      try {
        const shown = await lookbookProducts()
        expect(shown).not.toContain(scheduled)
        expect(shown).not.toContain(draft)
        t.clock.advance(60_000)
        expect(await lookbookProducts()).toContain(scheduled)
      } finally {
        for (const row of before) {
          await t.ctx.db
            .updateTable('products')
            .set({ status: row.status, publish_at: row.publish_at })
            .where('id', '=', row.id)
            .execute()
        }
      }
    })

    it('gives the foundation and book pages their facts, sections and call to action', async () => {
      const pages = (await get('/wp-json/wp/v2/pages?per_page=100')).json() as Page[]
      const foundation = pages.find((p) => p.template === 'foundation')!
      expect(foundation.link).toBe('/foundation')
      expect(foundation.facts.length).toBeGreaterThan(0)
      expect(foundation.sections[0]!.image).not.toBeNull()
      const book = pages.find((p) => p.template === 'book')!
      expect(book.link).toBe('/book')
      expect(book.cta?.url).toBe('/shop')
      expect(pages.find((p) => p.template === 'contact')?.link).toBe('/contact')
      const terms = pages.find((p) => p.slug === 'terms-and-conditions')!
      expect(terms.template).toBe('agreement')
      expect(terms.content.rendered).toContain('one hour')
    })

    it('gives the home its three blocks with resolved links', async () => {
      const blocks = (await get('/wp-json/wp/v2/home_blocks?per_page=100')).json() as Array<{
        block: string
        items: Array<{ url: string }>
      }>
      expect(blocks.map((b) => b.block)).toEqual(['latest_update', 'side_bar', 'filter_box'])
      for (const item of blocks.flatMap((b) => b.items)) expect(item.url).toMatch(/^\/[a-z]/)
    })
  })

  describe('feed taxonomy', () => {
    it('lists the terms in order with how many items each holds', async () => {
      const res = await get('/wp-json/wp/v2/feed_taxonomy?per_page=100')
      expect(res.statusCode).toBe(200)
      const terms = res.json() as FeedTerm[]
      expect(terms.map((term) => term.slug)).toEqual(['matchday', 'studio', 'on-tour', 'style', 'foundation'])
      expect(res.headers['x-wp-total']).toBe('5')
      for (const term of terms) {
        expect(term).toMatchObject({ taxonomy: 'feed_taxonomy', link: `/home/${term.slug}` })
        expect(term.count).toBeGreaterThan(0)
      }
    })

    it('reads one term by id and by slug; unknown ones are 404', async () => {
      const [term] = (await get('/wp-json/wp/v2/feed_taxonomy?slug=studio')).json() as FeedTerm[]
      expect(term!.name).toBe('Studio')
      expect((await get(`/wp-json/wp/v2/feed_taxonomy/${term!.id}`)).json()).toEqual(term)
      expect((await get('/wp-json/wp/v2/feed_taxonomy/999999')).json()).toEqual({
        statusCode: 404,
        message: 'There is no feed taxonomy term with id 999999.',
      })
      expect((await get('/wp-json/wp/v2/feed_taxonomy?slug=cooking')).statusCode).toBe(404)
    })

    it('filters the feed by term: feed?feed_taxonomy={id}', async () => {
      const terms = (await get('/wp-json/wp/v2/feed_taxonomy?per_page=100')).json() as FeedTerm[]
      const studio = terms.find((term) => term.slug === 'studio')!
      const res = await get(`/wp-json/wp/v2/feed?feed_taxonomy=${studio.id}&per_page=100`)
      expect(res.statusCode).toBe(200)
      const items = res.json() as FeedItem[]
      expect(items.length).toBeGreaterThan(0)
      expect(items.every((item) => item.feed_taxonomy.includes(studio.id))).toBe(true)
      const posts = (
        await get(`/wp-json/wp/v2/posts?feed_taxonomy=${studio.id}&per_page=100`)
      ).json() as Post[]
      expect(items.length + posts.length).toBe(studio.count)
    })

    it('answers an unknown term in the filter with 404', async () => {
      const res = await get('/wp-json/wp/v2/feed?feed_taxonomy=999999')
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe('There is no feed taxonomy term with id 999999.')
    })

    it('gives article feed items their own page and link items their target', async () => {
      const items = (await get('/wp-json/wp/v2/feed?per_page=100')).json() as FeedItem[]
      const article = items.find((i) => i.kind === 'article')!
      expect(article.link).toBe(`/feed/article/${article.id}`)
      expect(article.target?.url).toBe(article.link)
      const release = items.find((i) => i.kind === 'release')!
      expect(release.target?.url).toMatch(/^\/music\/\d+$/)
      expect(release.featured_image).not.toBeNull()
      const quote = items.find((i) => i.kind === 'quote')!
      expect(quote.quote_source).toBeTruthy()
    })
  })

  it('publishes every content route in the OpenAPI document', async () => {
    const doc = (await get('/openapi.json')).json() as { paths: Record<string, unknown> }
    for (const type of CONTENT_TYPES) {
      expect(doc.paths).toHaveProperty(`/wp-json/wp/v2/${type}`)
      expect(doc.paths).toHaveProperty(`/wp-json/wp/v2/${type}/{id}`)
    }
    expect(doc.paths).toHaveProperty('/wp-json/wp/v2/feed_taxonomy')
    expect(doc.paths).toHaveProperty('/wp-json/wp/v2/contact')
  })
})
