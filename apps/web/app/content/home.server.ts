/**
 * What every variant of the home page shows (spec 2: /, /index-2, /home_old, /home-scroled and
 * /home/*): the home blocks, the feed with its topics (optionally narrowed to one topic), the
 * latest release and lookbook. The variants differ in layout only.
 */
import {
  type ContentItemOf,
  type FeedTerm,
  type HomeBlock,
  type ImageJson,
  toOptionalPageImage,
} from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { keptForEveryVisitor } from '../site/kept-read.server.ts'
import { feedTile } from './components/feed-card.tsx'
import { fetchFeedTerms, fetchList, fetchNewest, fetchNewestTile, notFound } from './content.server.ts'
import { type PageSeo, pageSeo } from './seo.ts'

/** What every variant shows but the newest release, lookbook and story. */
interface HomeBase {
  latestUpdate: HomeBlock | undefined
  sideBar: HomeBlock | undefined
  filterBox: HomeBlock | undefined
  terms: FeedTerm[]
  /** The topic the feed is narrowed to, if any. */
  current: FeedTerm | null
  feed: Awaited<ReturnType<typeof fetchList<'feed'>>>['items']
  seo: PageSeo
  timeZone: string
}

export interface HomeData extends HomeBase {
  latestRelease: ContentItemOf<'music'> | undefined
  latestLookbook: ContentItemOf<'lookbooks'> | undefined
  latestStory: ContentItemOf<'stories'> | undefined
}

/**
 * The feed's first page, or with `first` only its first items: unless none of them has a picture
 * and more exist, for the page's first picture stands for the feed (the SEO image, the landing's
 * feed tile); the page is then read whole.
 */
async function feedPage(context: AppLoadContext, filter: { feed_taxonomy?: number }, first?: number) {
  if (first !== undefined) {
    const start = await fetchList(context, 'feed', { ...filter, per_page: first })
    if (start.items.some((item) => item.featured_image) || start.total <= start.items.length) return start
  }
  return fetchList(context, 'feed', filter)
}

interface HomeOptions {
  /** The page's canonical path; a topic's page has the topic's own link (its slug encoded). */
  path: string
  title: string
  topicSlug?: string
}

/** The feed as a home page reads it: its first page, narrowed to the topic if there is one. */
type FeedRead = (current: FeedTerm | null) => ReturnType<typeof feedPage>

/** The home blocks, every visitor's: kept (site/kept-read.server.ts). */
const keptHomeBlocks = keptForEveryVisitor((context: AppLoadContext) => fetchList(context, 'home_blocks'))

/** The newest release, lookbook and story, whole or as tiles: the release's picture may stand for the page. */
interface Newest {
  latestRelease: { featured_image: ImageJson | null } | undefined
}

export function loadHome(context: AppLoadContext, options: HomeOptions): Promise<HomeData> {
  return readHome(
    context,
    options,
    async () => {
      const [latestRelease, latestLookbook, latestStory] = await Promise.all([
        fetchNewest(context, 'music'),
        fetchNewest(context, 'lookbooks'),
        fetchNewest(context, 'stories'),
      ])
      return { latestRelease, latestLookbook, latestStory }
    },
    (current) => feedPage(context, current ? { feed_taxonomy: current.id } : {}),
  )
}

/** The home data with the newest items as `newest` reads them and the feed as `feedOf` does. */
async function readHome<N extends Newest>(
  context: AppLoadContext,
  options: HomeOptions,
  newest: () => Promise<N>,
  feedOf: FeedRead,
): Promise<HomeBase & N> {
  const [blocks, terms, latest] = await Promise.all([
    keptHomeBlocks(context),
    fetchFeedTerms(context),
    newest(),
  ])
  const current = options.topicSlug ? (terms.find((t) => t.slug === options.topicSlug) ?? notFound()) : null
  const feed = await feedOf(current)
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
    ...latest,
    timeZone: context.shopTz,
    seo: pageSeo({
      publicUrl: context.publicUrl,
      path: current ? current.link : options.path,
      title: current ? `${current.name} · ${options.title}` : options.title,
      description,
      image: feed.items.find((i) => i.featured_image)?.featured_image ?? latest.latestRelease?.featured_image,
    }),
  }
}

/** A tile with its picture as a page's data carries it (the addresses derived where it is drawn). */
function withPageImage<T extends { featured_image: ImageJson | null }>(tile: T | undefined) {
  return tile && { ...tile, featured_image: toOptionalPageImage(tile.featured_image) }
}

/** How many feed items the landing page shows in its strip. */
const LANDING_FEED_ITEMS = 4

/**
 * The landing's newest release, lookbook and story as tiles, and the start of the feed for its
 * strip: every visitor's, so kept (site/kept-read.server.ts) like the blocks and topics beside them.
 * Read on each render, they were four of the page's in-process calls and eight of its statements
 * (two lists and counts that stay the same until an editor publishes).
 */
const keptLandingNewest = keptForEveryVisitor(async (context: AppLoadContext) => {
  const [latestRelease, latestLookbook, latestStory] = await Promise.all([
    fetchNewestTile(context, 'music'),
    fetchNewestTile(context, 'lookbooks'),
    fetchNewestTile(context, 'stories'),
  ])
  return { latestRelease, latestLookbook, latestStory }
})
const keptLandingFeed = keptForEveryVisitor((context: AppLoadContext) =>
  feedPage(context, {}, LANDING_FEED_ITEMS),
)

/**
 * What the landing page (/) renders of the home data, and only that (issue 15: the page's data is
 * serialised into it for hydration): the newest release, lookbook and story as their tiles, asked
 * of the API as such (not their tracks, looks and articles: issue "Instant on a phone"), the
 * first feed items of its strip as tiles with the names of the topics they are filed under, and
 * the feed's first picture; the pictures without their addresses, which follow from id and width.
 */
export async function loadLanding(context: AppLoadContext, options: { path: string; title: string }) {
  const home = await readHome(
    context,
    options,
    () => keptLandingNewest(context),
    () => keptLandingFeed(context),
  )
  const feed = home.feed.slice(0, LANDING_FEED_ITEMS).map(feedTile)
  const feedImage = home.feed.find((item) => item.featured_image)?.featured_image
  const topics = new Set(feed.flatMap((item) => item.feed_taxonomy))
  return {
    latestUpdate: home.latestUpdate,
    terms: home.terms.filter((term) => topics.has(term.id)).map(({ id, name }) => ({ id, name })),
    feed,
    feedImage: toOptionalPageImage(feedImage),
    latestRelease: withPageImage(home.latestRelease),
    latestLookbook: withPageImage(home.latestLookbook),
    latestStory: withPageImage(home.latestStory),
    seo: home.seo,
  }
}
