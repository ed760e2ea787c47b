/**
 * What every variant of the home page shows (spec 2: /, /index-2, /home_old, /home-scroled and
 * /home/*): the home blocks, the feed with its topics (optionally narrowed to one topic), the
 * latest release and lookbook. The variants differ in layout only.
 */
import type { ContentItemOf, FeedTerm, HomeBlock } from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { fetchFeedTerms, fetchList, fetchNewest, notFound } from './content.server.ts'
import { type PageSeo, pageSeo } from './seo.ts'

export interface HomeData {
  latestUpdate: HomeBlock | undefined
  sideBar: HomeBlock | undefined
  filterBox: HomeBlock | undefined
  terms: FeedTerm[]
  /** The topic the feed is narrowed to, if any. */
  current: FeedTerm | null
  feed: Awaited<ReturnType<typeof fetchList<'feed'>>>['items']
  latestRelease: ContentItemOf<'music'> | undefined
  latestLookbook: ContentItemOf<'lookbooks'> | undefined
  latestStory: ContentItemOf<'stories'> | undefined
  seo: PageSeo
  timeZone: string
}

export async function loadHome(
  context: AppLoadContext,
  options: { path: string; title: string; topicSlug?: string },
): Promise<HomeData> {
  const [blocks, terms, latestRelease, latestLookbook, latestStory] = await Promise.all([
    fetchList(context, 'home_blocks'),
    fetchFeedTerms(context),
    fetchNewest(context, 'music'),
    fetchNewest(context, 'lookbooks'),
    fetchNewest(context, 'stories'),
  ])
  const current = options.topicSlug ? (terms.find((t) => t.slug === options.topicSlug) ?? notFound()) : null
  const feed = await fetchList(context, 'feed', current ? { feed_taxonomy: current.id } : {})
  const block = (kind: HomeBlock['block']) => blocks.items.find((b) => b.block === kind)
  const description = current
    ? `${current.name}: ${current.description}`
    : 'News, music, stories, lookbooks and the fan shop of the Number 9: everything from the pitch and the stage.'
  return {
    latestUpdate: block('latest_update'),
    sideBar: block('side_bar'),
    filterBox: block('filter_box'),
    terms,
    current,
    feed: feed.items,
    latestRelease,
    latestLookbook,
    latestStory,
    timeZone: context.shopTz,
    seo: pageSeo({
      publicUrl: context.publicUrl,
      path: options.path,
      title: current ? `${current.name} · ${options.title}` : options.title,
      description,
      image: feed.items.find((i) => i.featured_image)?.featured_image ?? latestRelease?.featured_image,
    }),
  }
}
