// The links to a feed topic, as the server renders them: a topic's slug is the API's to choose and
// goes into the address encoded (as the API's own `link` of the term has it), so a slug with an
// ampersand, a question mark or a space still leads to its topic.
import type { FeedItem, FeedTerm } from '@fanshop/core'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { testLoadContext } from '../../tests/load-context.ts'
import { FEED_ROUTE_ID } from './feed-data.ts'
import { type HomeData, loadHome } from './home.server.ts'
import Feed from './routes/feed.tsx'
import FeedIndex from './routes/feed-index.tsx'
import Home from './routes/home.tsx'
import HomeBody from './routes/home-body.tsx'

const SLUG = 'q&a #1?'
const ENCODED = 'q%26a%20%231%3F'

const topic: FeedTerm = {
  id: 7,
  count: 1,
  description: 'Questions',
  link: `/home/${ENCODED}`,
  name: 'Q&A',
  slug: SLUG,
  taxonomy: 'feed_taxonomy',
  parent: 0,
  menu_order: 0,
}

const text = { rendered: '<p>Text</p>', protected: false }
const item = {
  id: 1,
  slug: 'item-1',
  date: '2026-01-01T00:00:00.000Z',
  modified: '2026-01-01T00:00:00.000Z',
  status: 'publish',
  link: '/feed/article/1',
  title: { rendered: 'Item 1' },
  content: text,
  excerpt: text,
  featured_media: 0,
  featured_image: null,
  type: 'feed',
  kind: 'post',
  feed_taxonomy: [topic.id],
  target: null,
  quote_source: null,
  reading_minutes: 1,
} satisfies FeedItem

const seo = { title: 'Home', description: '', url: 'http://shop.test/home', image: null }
const home = {
  latestUpdate: undefined,
  sideBar: undefined,
  filterBox: undefined,
  terms: [topic],
  current: null,
  feed: [item],
  timeZone: 'UTC',
  seo,
} as unknown as HomeData

/** The page at `path`, its route's data as the server loaded it. */
function rendered(path: string, routes: Parameters<typeof createRoutesStub>[0], loaderData: object) {
  const Stub = createRoutesStub(routes)
  return renderToString(<Stub initialEntries={[path]} hydrationData={{ loaderData }} />)
}

const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'))

describe('links to a feed topic', () => {
  it('on /home, lead to /home/{slug} with the slug encoded', () => {
    const html = rendered('/home', [{ id: 'home', path: '/home', Component: Home as never }], { home })
    expect(hrefs(html)).toContain(`/home/${ENCODED}`)
  })

  it('on the home body, lead to /home/{slug} with the slug encoded, its row labelled by its heading', () => {
    const html = rendered('/home', [{ id: 'home', path: '/home', Component: HomeBody as never }], { home })
    expect(hrefs(html)).toContain(`/home/${ENCODED}`)
    // An id is one token: the row names its heading by the topic's id, not by a slug with spaces.
    expect(html).toContain(`aria-labelledby="topic-${topic.id}"`)
    expect(html).toContain(`id="topic-${topic.id}"`)
  })

  it('on /feed, narrow the feed by ?taxonomy={slug} with the slug encoded', () => {
    const feed = {
      terms: [topic],
      current: topic,
      feed: { items: [item], total: 1, pages: 1 },
      timeZone: 'UTC',
      seo,
    }
    const html = rendered(
      '/feed',
      [
        {
          id: FEED_ROUTE_ID,
          path: '/feed',
          Component: Feed as never,
          children: [{ index: true, Component: FeedIndex }],
        },
      ],
      { [FEED_ROUTE_ID]: feed },
    )
    const links = hrefs(html)
    expect(links).toContain(`/feed/layout?taxonomy=${ENCODED}`)
    expect(links).toContain(`/feed/layout2?taxonomy=${ENCODED}`)
    expect(links.filter((href) => href.includes(`taxonomy=${SLUG}`))).toEqual([])
  })

  it("give a topic's home page its canonical address with the slug encoded", async () => {
    const context = testLoadContext(async (input) => {
      const type = new URL(String(input)).pathname.split('/').pop()
      return new Response(JSON.stringify(type === 'feed_taxonomy' ? [topic] : []), {
        headers: { 'content-type': 'application/json' },
      })
    })
    const page = await loadHome(context, { path: '/home', title: 'Home', topicSlug: SLUG })
    expect(page.seo.url).toBe(`http://shop.test/home/${ENCODED}`)
  })
})
