/** The /feed parent's data for its layouts, each layout's title and meta from it, and the query of a topic. */
import type { FeedTerm } from '@fanshop/core'
import type { MetaDescriptor } from 'react-router'
import { useRouteLoaderData } from 'react-router'
import type { FeedData } from './routes/feed.tsx'
import { seoMeta } from './seo.ts'

export const FEED_ROUTE_ID = 'content/routes/feed'

/** The query that narrows the feed to a topic (?taxonomy={slug}, the slug encoded), none for everything. */
export const feedTopicQuery = (term: FeedTerm | null) =>
  term ? `?taxonomy=${encodeURIComponent(term.slug)}` : ''

export function useFeedData(): FeedData {
  const data = useRouteLoaderData<FeedData>(FEED_ROUTE_ID)
  if (!data) throw new Error('The feed layouts render inside /feed.')
  return data
}

/** A layout's meta: the feed's, with the layout's name in the title and its own canonical path. */
export function feedLayoutMeta(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  layout: string,
  path: string,
): MetaDescriptor[] {
  const feed = matches.find((m) => m?.id === FEED_ROUTE_ID)?.loaderData as FeedData | undefined
  if (!feed) return []
  return seoMeta({
    ...feed.seo,
    title: `${feed.seo.title} · ${layout}`,
    url: feed.seo.url.replace(/\/feed$/, path),
  })
}
