/**
 * The home page asks the API for what it shows: the newest release, lookbook and story are one
 * item each, not a page of 100 shaped and checked to keep the first.
 */
import { CONTENT_PAGE_SIZE } from '@fanshop/core'
import { describe, expect, it } from 'vitest'
import { testLoadContext } from '../../tests/load-context.ts'
import { loadHome } from './home.server.ts'

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
