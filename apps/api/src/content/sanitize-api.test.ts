import type { Post } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { insertContentItem } from './write.ts'

const HOSTILE =
  '<p onmouseover="steal()">Derby recap<script>alert(document.cookie)</script></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">replay</a>'

describe(`sanitising content on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
  })
  afterAll(() => t.close())

  const expectClean = (post: Post) => {
    const everything = JSON.stringify(post)
    expect(everything).not.toMatch(/<script|onerror|onmouseover|javascript:|<img/i)
    expect(post.content.rendered).toBe('<p>Derby recap</p><a>replay</a>')
    expect(post.title.rendered).toBe('Derby recap')
  }

  it('cleans HTML on the way in', async () => {
    const id = await insertContentItem(t.ctx.db, {
      type: 'post',
      slug: 'hostile-in',
      title: 'Derby <script>alert(1)</script>recap',
      content: HOSTILE,
      excerpt: HOSTILE,
      date: t.clock.now,
      fields: { author_name: 'Matchday desk' },
    })
    const row = await t.ctx.db
      .selectFrom('content_items')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.content).toBe('<p>Derby recap</p><a>replay</a>')
    expect(row.title).toBe('Derby recap')
    expectClean((await t.app.inject(`/wp-json/wp/v2/posts/${id}`)).json())
  })

  it('cleans HTML on the way out, whatever found its way into the database', async () => {
    const { id } = await t.ctx.db
      .insertInto('content_items')
      .values({
        type: 'post',
        parent_id: null,
        slug: 'hostile-out',
        status: 'publish',
        title: 'Derby <script>alert(1)</script>recap',
        content: HOSTILE,
        excerpt: HOSTILE,
        featured_media: null,
        menu_order: 0,
        date: t.clock.now,
        modified: t.clock.now,
        fields: JSON.stringify({ author_name: 'Matchday desk' }),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    expectClean((await t.app.inject(`/wp-json/wp/v2/posts/${id}`)).json())
    const listed = (await t.app.inject('/wp-json/wp/v2/posts?slug=hostile-out')).json() as Post[]
    expectClean(listed[0]!)
  })

  it('turns unsafe link targets in stored fields into safe ones', async () => {
    await insertContentItem(t.ctx.db, {
      type: 'home_block',
      slug: 'hostile-block',
      title: 'Latest',
      date: t.clock.now,
      fields: { block: 'latest_update', items: [{ title: 'Click', text: 'me', url: 'javascript:alert(1)' }] },
    })
    const [block] = (await t.app.inject('/wp-json/wp/v2/home_blocks?slug=hostile-block')).json()
    expect(block.items[0].url).toBe('/')
  })
})
