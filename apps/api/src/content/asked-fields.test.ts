/**
 * WordPress's `_fields` on the content lists: the landing page asks the newest release, lookbook
 * and story for their tiles only, and the API answers those fields without reading their tracks,
 * setups and articles.
 */
import {
  CONTENT_TYPES,
  type ContentType,
  contentTileEndpoints,
  RELEASE_TILE_FIELD_LIST,
  TILE_FIELD_LIST,
} from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'

describe(`_fields on the content lists on ${testDialect}`, () => {
  let t: TestApp
  const get = (url: string) => t.app.inject({ method: 'GET', url })

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  /** A list's answer and the SQL statements it ran. */
  const sqlOf = async (url: string) => {
    const run = vi.spyOn(t.ctx.db.getExecutor(), 'executeQuery')
    try {
      const res = await get(url)
      expect(res.statusCode, res.body).toBe(200)
      return { body: res.json() as Record<string, unknown>[], statements: run.mock.calls.map(([q]) => q.sql) }
    } finally {
      run.mockRestore()
    }
  }
  const pick = (item: Record<string, unknown>, fields: string) =>
    Object.fromEntries(fields.split(',').map((field) => [field, item[field]]))

  const tiles = [
    { type: 'music', fields: RELEASE_TILE_FIELD_LIST, reads: ['from "music_tracks"'] },
    {
      type: 'lookbooks',
      fields: TILE_FIELD_LIST,
      reads: ['from "lookbook_setups"', 'from "lookbook_setup_images"', 'from "lookbook_setup_products"'],
    },
    { type: 'stories', fields: TILE_FIELD_LIST, reads: ['"parent_id" in'] },
  ] as const

  it.each(tiles)(
    "answers $type's tiles as picked from the whole items, without reading what tiles do not show",
    async ({ type, fields, reads }) => {
      const whole = await sqlOf(`/wp-json/wp/v2/${type}?per_page=100`)
      const tile = await sqlOf(`/wp-json/wp/v2/${type}?per_page=100&_fields=${fields}`)
      expect(whole.body.length).toBeGreaterThan(0)
      expect(tile.body).toEqual(whole.body.map((item) => pick(item, fields)))
      expect(contentTileEndpoints[type].responses[200].safeParse(tile.body).success).toBe(true)
      for (const read of reads) {
        expect(whole.statements.join('\n'), read).toContain(read)
        expect(tile.statements.join('\n'), read).not.toContain(read)
      }
      expect(tile.statements.length).toBeLessThan(whole.statements.length)
    },
  )

  it("reads a relation when a field asks for it: a release's tracks and total duration", async () => {
    const whole = await sqlOf('/wp-json/wp/v2/music?per_page=100')
    const asked = await sqlOf('/wp-json/wp/v2/music?per_page=100&_fields=id,total_duration,tracks,video')
    expect(asked.body).toEqual(whole.body.map((item) => pick(item, 'id,total_duration,tracks,video')))
    expect(whole.body.some((item) => (item.tracks as unknown[]).length > 0)).toBe(true)
  })

  it.each(CONTENT_TYPES)(
    'answers %s as before without _fields or with an empty one',
    async (type: ContentType) => {
      const plain = await get(`/wp-json/wp/v2/${type}?per_page=100`)
      const empty = await get(`/wp-json/wp/v2/${type}?per_page=100&_fields=`)
      expect(empty.statusCode).toBe(200)
      expect(empty.body).toBe(plain.body)
    },
  )

  it('ignores names the items do not have, as WordPress does', async () => {
    const { body } = await sqlOf('/wp-json/wp/v2/stories?per_page=2&_fields=id,nonsense,nonsense.rendered')
    expect(body.map((item) => Object.keys(item))).toEqual(body.map(() => ['id']))
    const none = await sqlOf('/wp-json/wp/v2/feed?per_page=2&_fields=nonsense')
    expect(none.body).toEqual([{}, {}])
  })

  // WordPress 5.3+ keeps a dotted path's part of a field (rest_filter_response_fields); these
  // were dropped, so `_fields=id,title.rendered` answered the ids alone.
  it('keeps the part of a field a dotted path names, read as the whole item shows it', async () => {
    const whole = await sqlOf('/wp-json/wp/v2/stories?per_page=100')
    const asked = await sqlOf(
      '/wp-json/wp/v2/stories?per_page=100&_fields=id,title.rendered,content.rendered,featured_image.src,articles.id,articles.title.rendered',
    )
    type Story = { id: number; title: { rendered: string }; content: { rendered: string } } & {
      featured_image: { src: string } | null
      articles: { id: number; title: { rendered: string } }[]
    }
    const stories = whole.body as unknown as Story[]
    expect(stories.some((story) => story.articles.length > 0 && story.content.rendered !== '')).toBe(true)
    expect(asked.body).toEqual(
      stories.map((story) => ({
        id: story.id,
        title: { rendered: story.title.rendered },
        content: { rendered: story.content.rendered },
        featured_image: story.featured_image && { src: story.featured_image.src },
        articles: story.articles.map((article) => ({
          id: article.id,
          title: { rendered: article.title.rendered },
        })),
      })),
    )
  })

  it("keeps a list's items by position and, as WordPress, a field asked whole over its parts", async () => {
    const whole = (await sqlOf('/wp-json/wp/v2/music?per_page=100')).body as {
      id: number
      title: { rendered: string }
      tracks: { title: string }[]
    }[]
    const asked = await sqlOf(
      '/wp-json/wp/v2/music?per_page=100&_fields=tracks.0.title,title.rendered,title,id.nothing',
    )
    expect(whole.some((release) => release.tracks.length > 1)).toBe(true)
    expect(asked.body).toEqual(
      whole.map((release) => ({
        tracks: release.tracks.slice(0, 1).map((track) => ({ title: track.title })),
        title: release.title,
        id: release.id,
      })),
    )
  })

  it('answers an over-long _fields with 400 and a message naming it', async () => {
    const res = await get(`/wp-json/wp/v2/music?_fields=${'id,'.repeat(400)}`)
    expect(res.statusCode).toBe(400)
    const body = res.json() as { message: string; statusCode: number }
    expect(body.statusCode).toBe(400)
    expect(body.message).toContain('_fields')
  })

  // A single item read no `_fields`: /wp/v2/music/7?_fields=id,title answered the whole release.
  it.each(CONTENT_TYPES)(
    'answers one of %s with the _fields asked, as its list does, without reading what they do not show',
    async (type: ContentType) => {
      const [first] = (await sqlOf(`/wp-json/wp/v2/${type}?per_page=1`)).body
      const fields = 'id,title.rendered,link,nonsense'
      const listed = await sqlOf(`/wp-json/wp/v2/${type}?include=${first!.id}&_fields=${fields}`)
      const one = await get(`/wp-json/wp/v2/${type}/${first!.id}?_fields=${fields}`)
      expect(one.statusCode, one.body).toBe(200)
      expect(one.json()).toEqual(listed.body[0])
      expect(one.json()).toEqual({
        id: first!.id,
        title: { rendered: (first!.title as { rendered: string }).rendered },
        link: first!.link,
      })
      const whole = await get(`/wp-json/wp/v2/${type}/${first!.id}`)
      expect((await get(`/wp-json/wp/v2/${type}/${first!.id}?_fields=`)).body).toBe(whole.body)
      expect(whole.json()).toEqual(first)
      const long = await get(`/wp-json/wp/v2/${type}/${first!.id}?_fields=${'id,'.repeat(400)}`)
      expect(long.statusCode).toBe(400)
      expect(long.json().message).toContain('_fields')
    },
  )

  it("reads one release's tracks only when its _fields ask for them", async () => {
    const [release] = (await sqlOf('/wp-json/wp/v2/music?per_page=1')).body
    const whole = await sqlOf(`/wp-json/wp/v2/music/${release!.id}`)
    const tile = await sqlOf(`/wp-json/wp/v2/music/${release!.id}?_fields=${RELEASE_TILE_FIELD_LIST}`)
    expect(whole.statements.join('\n')).toContain('from "music_tracks"')
    expect(tile.statements.join('\n')).not.toContain('from "music_tracks"')
    expect(tile.body).toEqual(pick(whole.body as unknown as Record<string, unknown>, RELEASE_TILE_FIELD_LIST))
  })
})
