/**
 * /feed (spec 2) and its layouts: loads the feed taxonomy and the feed (100 items a page,
 * narrowed by ?taxonomy={slug}), and draws the heading, the topics and the layout switch above
 * whichever child shows the items: the overview, the grid, the timeline or the magazine.
 */
import type { FeedTerm } from '@fanshop/core'
import { NavLink, Outlet, useLocation } from 'react-router'
import { FilterBox } from '../components/home-blocks.tsx'
import { fetchFeedTerms, fetchList, notFound, pageParam } from '../content.server.ts'
import { feedTopicQuery } from '../feed-data.ts'
import { pageSeo } from '../seo.ts'
import type { Route } from './+types/feed'
import '../content.css'
import '../editorial.css'

const LAYOUTS = [
  { path: '/feed', label: 'Topics' },
  { path: '/feed/layout', label: 'Grid' },
  { path: '/feed/layout2', label: 'Timeline' },
  { path: '/feed/layout3', label: 'Magazine' },
]

export async function loader({ url, context }: Route.LoaderArgs) {
  const topicSlug = url.searchParams.get('taxonomy')
  const page = pageParam(url)
  const terms = await fetchFeedTerms(context)
  const current = topicSlug ? (terms.find((t) => t.slug === topicSlug) ?? notFound()) : null
  const feed = await fetchList(context, 'feed', { page, ...(current ? { feed_taxonomy: current.id } : {}) })
  return {
    terms,
    current,
    feed,
    timeZone: context.shopTz,
    seo: pageSeo({
      publicUrl: context.publicUrl,
      path: '/feed',
      title: current ? `${current.name} · Feed` : 'Feed',
      description:
        current?.description ?? 'Goals, studio nights, tour stops, drops and the foundation: the whole feed.',
      image: feed.items.find((item) => item.featured_image)?.featured_image,
    }),
  }
}

export type FeedData = Awaited<ReturnType<typeof loader>>

export default function Feed({ loaderData }: Route.ComponentProps) {
  const { terms, current } = loaderData
  const location = useLocation()
  const layoutPath = location.pathname === '/feed' ? '/feed/layout' : location.pathname
  const hrefFor = (term: FeedTerm | null) => `${layoutPath}${feedTopicQuery(term)}`
  const query = feedTopicQuery(current)
  return (
    <div className="feed">
      <header className="content-header">
        <p className="eyebrow">Feed</p>
        <h1 className="content-title">{current ? current.name : 'Everything, as it happens'}</h1>
        {current ? <p className="content-lead">{current.description}</p> : null}
      </header>
      <FilterBox
        block={undefined}
        terms={terms}
        current={current}
        hrefFor={hrefFor}
        className="filter-box--inline"
      />
      <nav className="layout-switch" aria-label="Feed layout">
        {LAYOUTS.map((layout) => (
          <NavLink key={layout.path} to={`${layout.path}${query}`} end className="layout-switch__link">
            {layout.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  )
}
