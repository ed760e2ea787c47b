/**
 * What every variant of the home page shows (spec 2: /, /index-2, /home_old, /home-scroled and
 * /home/*): the home blocks, the feed with its topics (optionally narrowed to one topic), the
 * latest release and lookbook. The variants differ in layout only.
 */
import type { FeedTerm, HomeBlock } from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { fetchFeedTerms, fetchList, notFound } from './content.server.ts'
import { type PageSeo, pageSeo } from './seo.ts'

export interface HomeData {
  latestUpdate: HomeBlock | undefined
  sideBar: HomeBlock | undefined
  filterBox: HomeBlock | undefined
  terms: FeedTerm[]
  /** The topic the feed is narrowed to, if any. */
  current: FeedTerm | null
  feed: Awaited<ReturnType<typeof fetchList<'feed'>>>['items']
  latestRelease: Awaited<ReturnType<typeof fetchList<'music'>>>['items'][number] | undefined
  latestLookbook: Awaited<ReturnType<typeof fetchList<'lookbooks'>>>['items'][number] | undefined
  latestStory: Awaited<ReturnType<typeof fetchList<'stories'>>>['items'][number] | undefined
  seo: PageSeo
  timeZone: string
}

export async function loadHome(
  context: AppLoadContext,
  options: { path: string; title: string; topicSlug?: string },
): Promise<HomeData> {
  const [blocks, terms, music, lookbooks, stories] = await Promise.all([
    fetchList(context, 'home_blocks'),
    fetchFeedTerms(context),
    fetchList(context, 'music'),
    fetchList(context, 'lookbooks'),
    fetchList(context, 'stories'),
  ])
  const current = options.topicSlug ? (terms.find((t) => t.slug === options.topicSlug) ?? notFound()) : null
  const feed = await fetchList(context, 'feed', current ? { feed_taxonomy: current.id } : {})
  const block = (kind: HomeBlock['block']) => blocks.items.find((b) => b.block === kind)
  const latestRelease = music.items[0]
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
    latestLookbook: lookbooks.items[0],
    latestStory: stories.items[0],
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
