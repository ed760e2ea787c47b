/**
 * WordPress list parameters read against items made for the test: `orderby=relevance` (the
 * ranking of WP_Query's search), pages' `parent` and `parent_exclude`, and `author`, which the
 * content cannot answer. Before, `parent` and `author` were ignored (every item answered) and
 * `orderby=relevance` was a 400.
 */
import type { Page, Post } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { insertContentItem } from './write.ts'

describe(`WordPress list parameters on ${testDialect}`, () => {
  let t: TestApp
  const get = (url: string) => t.app.inject({ method: 'GET', url })
  const slugs = async (url: string) => {
    const res = await get(url)
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as Array<Post | Page>).map((item) => item.slug)
  }
  const DAY = 86_400_000

  beforeAll(async () => {
    t = await createTestApp({ seed: false })
    const post = (
      slug: string,
      daysAgo: number,
      text: { title: string; excerpt?: string; content?: string },
    ) =>
      insertContentItem(t.ctx.db, {
        type: 'post',
        slug,
        ...text,
        date: t.clock.now - daysAgo * DAY,
        fields: { author_name: 'Matchday desk' },
      })
    // Newest first: the order a search answers in without orderby=relevance.
    await post('in-content', 1, { title: 'Derby notes', content: '<p>An away kit with stripes.</p>' })
    await post('in-excerpt', 2, { title: 'Derby preview', excerpt: '<p>The away kit returns.</p>' })
    await post('one-word-in-title', 3, { title: 'Away day diary', content: '<p>A kit for the road.</p>' })
    await post('every-word-in-title', 4, { title: 'Kit for the away end' })
    await post('phrase-in-title', 5, { title: 'The new away kit' })
    await post('elsewhere', 6, { title: 'Training', content: '<p>Kit bags and away travel.</p>' })

    const page = (slug: string, parentId?: number) =>
      insertContentItem(t.ctx.db, {
        type: 'page',
        slug,
        title: slug,
        parentId,
        date: t.clock.now - DAY,
        fields: { template: 'default', facts: [], sections: [], cta: null },
      })
    const about = await page('about')
    const help = await page('help')
    await page('history', about)
    await page('delivery', help)
    await page('returns', help)
  })
  afterAll(() => t.close())

  it('orders the matches of a search by relevance as WordPress ranks them, newest first within a rank', async () => {
    expect(await slugs('/wp-json/wp/v2/posts?search=away%20kit')).toEqual([
      'in-content',
      'in-excerpt',
      'one-word-in-title',
      'every-word-in-title',
      'phrase-in-title',
      'elsewhere',
    ])
    const ranked = [
      'phrase-in-title',
      'every-word-in-title',
      'one-word-in-title',
      'in-excerpt',
      'in-content',
      'elsewhere',
    ]
    expect(await slugs('/wp-json/wp/v2/posts?search=away%20kit&orderby=relevance')).toEqual(ranked)
    // A word in any case or with accents ranks as the search folds it; order does not turn the ranking round.
    expect(await slugs('/wp-json/wp/v2/posts?search=AWAY%20K%C3%8DT&orderby=relevance&order=asc')).toEqual(
      ranked,
    )
    // One word: the items with it in their title first, then the rest, each newest first.
    expect(await slugs('/wp-json/wp/v2/posts?search=kit&orderby=relevance')).toEqual([
      'every-word-in-title',
      'phrase-in-title',
      'in-content',
      'in-excerpt',
      'one-word-in-title',
      'elsewhere',
    ])
  })

  it('refuses orderby=relevance without a search, as WordPress does', async () => {
    const res = await get('/wp-json/wp/v2/posts?orderby=relevance')
    expect(res.json()).toEqual({
      statusCode: 400,
      message: 'orderby=relevance ranks the matches of a search: give the words with search.',
    })
  })

  it("reads pages' parent and parent_exclude, 0 naming the top level, with the totals they leave", async () => {
    const [about, help] = (
      await get('/wp-json/wp/v2/pages?slug=about,help&orderby=slug&order=asc')
    ).json() as Page[]
    const bySlug = '&orderby=slug&order=asc'
    expect(await slugs(`/wp-json/wp/v2/pages?parent=0${bySlug}`)).toEqual(['about', 'help'])
    expect(await slugs(`/wp-json/wp/v2/pages?parent=${help!.id}${bySlug}`)).toEqual(['delivery', 'returns'])
    expect(await slugs(`/wp-json/wp/v2/pages?parent=${about!.id},${help!.id}${bySlug}`)).toEqual([
      'delivery',
      'history',
      'returns',
    ])
    expect(await slugs(`/wp-json/wp/v2/pages?parent[]=0&parent[]=${about!.id}${bySlug}`)).toEqual([
      'about',
      'help',
      'history',
    ])
    expect(await slugs(`/wp-json/wp/v2/pages?parent_exclude=0${bySlug}`)).toEqual([
      'delivery',
      'history',
      'returns',
    ])
    expect(await slugs(`/wp-json/wp/v2/pages?parent_exclude=0,${help!.id}${bySlug}`)).toEqual(['history'])
    const paged = await get(`/wp-json/wp/v2/pages?parent=${help!.id}&per_page=1`)
    expect(paged.headers['x-wp-total']).toBe('2')
    expect(paged.headers['x-wp-totalpages']).toBe('2')
    expect(await slugs('/wp-json/wp/v2/pages?parent=999999')).toEqual([])
    for (const query of ['parent=-1', 'parent=home', 'parent_exclude=01', 'parent=']) {
      const res = await get(`/wp-json/wp/v2/pages?${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().message, query).toContain(`"${query.split('=')[0]}"`)
    }
  })

  it('refuses author and author_exclude, which no item can match, with a 400 naming author_name', async () => {
    for (const query of ['author=1', 'author=1,2', 'author_exclude=3']) {
      const res = await get(`/wp-json/wp/v2/posts?${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json(), query).toEqual({
        statusCode: 400,
        message: expect.stringContaining(`"${query.split('=')[0]}"`),
      })
      expect(res.json().message).toContain('author_name')
    }
  })
})
