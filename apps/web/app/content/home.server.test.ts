/**
 * The home page asks the API for what it shows: the newest release, lookbook and story are one
 * item each, not a page of 100 shaped and checked to keep the first.
 */
import { CONTENT_PAGE_SIZE, RELEASE_TILE_FIELD_LIST, TILE_FIELD_LIST } from '@fanshop/core'
import { describe, expect, it } from 'vitest'
import { testLoadContext } from '../../tests/load-context.ts'
import { loadHome, loadLanding } from './home.server.ts'

describe('loadHome', () => {
  it('asks one item of music, lookbooks and stories, and a page of the feed and its blocks', async () => {
    const seen: URL[] = []
    const context = testLoadContext(async (input) => {
      seen.push(new URL(String(input)))
      return new Response('[]', { headers: { 'content-type': 'application/json' } })
    })
    const home = await loadHome(context, { path: '/', title: 'Home' })
    expect(home.latestRelease).toBeUndefined()
    const perPage = (type: string) =>
      seen.find((url) => url.pathname === `/wp-json/wp/v2/${type}`)?.searchParams.get('per_page')
    expect(perPage('music')).toBe('1')
    expect(perPage('lookbooks')).toBe('1')
    expect(perPage('stories')).toBe('1')
    expect(perPage('feed')).toBe(String(CONTENT_PAGE_SIZE))
    expect(perPage('home_blocks')).toBe(String(CONTENT_PAGE_SIZE))
  })
})

/** A published item of the content API with the fields every type has, and `fields` of its own. */
function item(id: number, fields: Record<string, unknown>) {
  const text = { rendered: `<p>Text ${id}</p>`, protected: false }
  return {
    id,
    slug: `item-${id}`,
    date: '2026-01-01T00:00:00.000Z',
    modified: '2026-01-01T00:00:00.000Z',
    status: 'publish',
    link: `/item/${id}`,
    title: { rendered: `Item ${id}` },
    content: text,
    excerpt: text,
    featured_media: 0,
    featured_image: null,
    ...fields,
  }
}

/** A post of the feed, as the API answers it. */
function feedPost(id: number, fields: Record<string, unknown>) {
  return item(id, {
    type: 'feed',
    kind: 'post',
    feed_taxonomy: [],
    target: null,
    quote_source: null,
    reading_minutes: 1,
    ...fields,
  })
}

const track = {
  id: 1,
  number: 1,
  title: 'One',
  duration: 60,
  audio: { id: 1, src: '/a.mp3', mime: 'audio/mpeg' },
}
const answers: Record<string, unknown[]> = {
  music: [
    item(1, {
      type: 'music',
      release_type: 'ep',
      release_date: '2026-01-01',
      label: 'Label',
      total_duration: 60,
      tracks: [track],
      video: null,
      streaming_links: [],
    }),
  ],
  lookbooks: [item(2, { type: 'lookbook', season: 'Winter', credits: 'Crew', setups: [] })],
  stories: [item(3, { type: 'story', subtitle: 'Sub', articles: [] })],
  feed: Array.from({ length: 6 }, (_, i) =>
    feedPost(10 + i, { feed_taxonomy: [[1], [2, 1], [], [], [3], []][i] }),
  ),
  feed_taxonomy: ['Match', 'Tour', 'Studio'].map((name, i) => ({
    id: i + 1,
    count: 1,
    description: `All about ${name}`,
    link: `/home/${name.toLowerCase()}`,
    name,
    slug: name.toLowerCase(),
    taxonomy: 'feed_taxonomy',
    parent: 0,
    menu_order: i,
  })),
  home_blocks: [],
}

describe('loadLanding', () => {
  it('sends only what the landing page renders: tiles of the newest items and the strip of the feed', async () => {
    const context = testLoadContext(async (input) => {
      const type = new URL(String(input)).pathname.split('/').pop() ?? ''
      return new Response(JSON.stringify(answers[type] ?? []), {
        headers: { 'content-type': 'application/json' },
      })
    })
    const landing = await loadLanding(context, { path: '/', title: 'Home' })
    expect(Object.keys(landing).sort()).toEqual(
      [
        'feed',
        'feedImage',
        'latestLookbook',
        'latestRelease',
        'latestStory',
        'latestUpdate',
        'seo',
        'terms',
      ].sort(),
    )
    expect(landing.latestRelease).toEqual({
      title: { rendered: 'Item 1' },
      link: '/item/1',
      featured_image: null,
      excerpt: { rendered: '<p>Text 1</p>', protected: false },
      release_type: 'ep',
    })
    expect(landing.latestLookbook).toEqual({
      title: { rendered: 'Item 2' },
      link: '/item/2',
      featured_image: null,
    })
    expect(landing.latestStory).toEqual({
      title: { rendered: 'Item 3' },
      link: '/item/3',
      featured_image: null,
    })
    expect(landing.feed.map((i) => i.id)).toEqual([10, 11, 12, 13])
    // The strip's tiles, and the names of the topics they are filed under (not 'Studio', whose
    // item is past the strip): no excerpts, dates, slugs, descriptions or counts.
    expect(landing.feed[1]).toEqual({
      id: 11,
      kind: 'post',
      title: { rendered: 'Item 11' },
      content: { rendered: '<p>Text 11</p>', protected: false },
      quote_source: null,
      featured_image: null,
      feed_taxonomy: [2, 1],
      target: null,
    })
    expect(landing.terms).toEqual([
      { id: 1, name: 'Match' },
      { id: 2, name: 'Tour' },
    ])
  })

  it('asks the API for the tiles only, so it reads no tracks, setups or articles', async () => {
    const seen: URL[] = []
    const context = testLoadContext(async (input) => {
      const url = new URL(String(input))
      seen.push(url)
      const type = url.pathname.split('/').pop() ?? ''
      const fields = url.searchParams.get('_fields')?.split(',')
      const items = (answers[type] ?? []) as Record<string, unknown>[]
      const answer = fields ? items.map((i) => Object.fromEntries(fields.map((f) => [f, i[f]]))) : items
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })
    })
    const landing = await loadLanding(context, { path: '/', title: 'Home' })
    const fieldsOf = (type: string) =>
      seen.find((url) => url.pathname === `/wp-json/wp/v2/${type}`)?.searchParams.get('_fields')
    expect(fieldsOf('music')).toBe(RELEASE_TILE_FIELD_LIST)
    expect(fieldsOf('lookbooks')).toBe(TILE_FIELD_LIST)
    expect(fieldsOf('stories')).toBe(TILE_FIELD_LIST)
    expect(fieldsOf('feed')).toBeNull()
    expect(landing.latestRelease?.release_type).toBe('ep')
    expect(landing.latestStory).toEqual({
      title: { rendered: 'Item 3' },
      link: '/item/3',
      featured_image: null,
    })
  })
})

describe("the landing page's feed", () => {
  /** A feed of `count` items where only `pictured` has a picture, answered as the API pages it. */
  function feedContext(count: number, pictured: number, seen: URL[]) {
    const image = {
      id: 9,
      src: '/media/9/960.webp',
      width: 960,
      height: 600,
      alt: 'Nine',
      srcset: { avif: '', webp: '' },
    }
    const feed = Array.from({ length: count }, (_, i) =>
      feedPost(10 + i, i === pictured ? { featured_media: 9, featured_image: image } : {}),
    )
    return testLoadContext(async (input) => {
      const url = new URL(String(input))
      seen.push(url)
      const type = url.pathname.split('/').pop() ?? ''
      const all = type === 'feed' ? feed : (answers[type] ?? [])
      const perPage = Number(url.searchParams.get('per_page') ?? 10)
      return new Response(JSON.stringify(all.slice(0, perPage)), {
        headers: {
          'content-type': 'application/json',
          'x-wp-total': String(all.length),
          'x-wp-totalpages': '1',
        },
      })
    })
  }
  const feedAsks = (seen: URL[]) =>
    seen
      .filter((url) => url.pathname === '/wp-json/wp/v2/feed')
      .map((url) => url.searchParams.get('per_page'))

  it('asks for the four items of its strip when one of them has a picture', async () => {
    const seen: URL[] = []
    const landing = await loadLanding(feedContext(12, 2, seen), { path: '/', title: 'Home' })
    expect(feedAsks(seen)).toEqual(['4'])
    expect(landing.feed.map((i) => i.id)).toEqual([10, 11, 12, 13])
    // The picture goes into the page's data without its addresses, derived where it is drawn.
    expect(landing.feedImage).toEqual({ id: 9, width: 960, height: 600, alt: 'Nine' })
    expect(landing.feed[2]?.featured_image).toEqual({ id: 9, width: 960, height: 600, alt: 'Nine' })
  })

  it("reads the page whole when the strip has no picture, for the feed's first picture", async () => {
    const seen: URL[] = []
    const landing = await loadLanding(feedContext(12, 7, seen), { path: '/', title: 'Home' })
    expect(feedAsks(seen)).toEqual(['4', String(CONTENT_PAGE_SIZE)])
    expect(landing.feed.map((i) => i.id)).toEqual([10, 11, 12, 13])
    expect(landing.feedImage?.id).toBe(9)
    expect(landing.seo.image?.url).toContain('/media/9/960.webp')
  })

  it('reads its tiles, strip, blocks and topics once for many pages, and again once a write changed what pages show', async () => {
    const seen: URL[] = []
    let version = 0
    const context = Object.assign(feedContext(12, 2, seen), { sharedDataVersion: () => String(version) })
    const asks = () => seen.map((url) => url.pathname.split('/').pop()).sort()
    const pages = await Promise.all([1, 2, 3].map(() => loadLanding(context, { path: '/', title: 'Home' })))
    const reads = ['feed', 'feed_taxonomy', 'home_blocks', 'lookbooks', 'music', 'stories']
    expect(asks()).toEqual(reads)
    expect(pages.map((page) => page.feed.map((i) => i.id))).toEqual(Array(3).fill([10, 11, 12, 13]))
    version++
    const edited = await loadLanding(context, { path: '/', title: 'Home' })
    expect(asks()).toEqual(reads.flatMap((read) => [read, read]))
    expect(edited.feed.map((i) => i.id)).toEqual([10, 11, 12, 13])
  })
})
