/**
 * What every variant of the home page shows (spec 2: /, /index-2, /home_old, /home-scroled and
 * /home/*): the home blocks, the feed with its topics (optionally narrowed to one topic), the
 * latest release and lookbook. The variants differ in layout only.
 */
import type { ContentItemOf, FeedItem, FeedTerm, HomeBlock, ImageJson } from '@fanshop/core'
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

/** `feedItems`: how many feed items the page shows, when not the whole first page. */
export async function loadHome(
  context: AppLoadContext,
  options: { path: string; title: string; topicSlug?: string; feedItems?: number },
): Promise<HomeData> {
  const [blocks, terms, latestRelease, latestLookbook, latestStory] = await Promise.all([
    fetchList(context, 'home_blocks'),
    fetchFeedTerms(context),
    fetchNewest(context, 'music'),
    fetchNewest(context, 'lookbooks'),
    fetchNewest(context, 'stories'),
  ])
  const current = options.topicSlug ? (terms.find((t) => t.slug === options.topicSlug) ?? notFound()) : null
  const feed = await feedPage(context, current ? { feed_taxonomy: current.id } : {}, options.feedItems)
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

/** How many feed items the landing page shows in its strip. */
const LANDING_FEED_ITEMS = 4

/** An item as a landing tile shows it: its title, where it leads and its picture. */
function tileOf(item: { title: { rendered: string }; link: string; featured_image: ImageJson | null }) {
  return { title: item.title, link: item.link, featured_image: item.featured_image }
}

/**
 * What the landing page (/) renders of the home data, and only that (issue 15: the page's data is
 * serialised into it for hydration): the newest release, lookbook and story as their tiles (not
 * their tracks, looks and articles), the first feed items of its strip, and the feed's first
 * picture.
 */
export async function loadLanding(context: AppLoadContext, options: { path: string; title: string }) {
  const home = await loadHome(context, { ...options, feedItems: LANDING_FEED_ITEMS })
  const release = home.latestRelease
  const feed: FeedItem[] = home.feed.slice(0, LANDING_FEED_ITEMS)
  return {
    latestUpdate: home.latestUpdate,
    terms: home.terms,
    feed,
    feedImage: home.feed.find((item) => item.featured_image)?.featured_image ?? null,
    latestRelease: release
      ? { ...tileOf(release), excerpt: release.excerpt, release_type: release.release_type }
      : undefined,
    latestLookbook: home.latestLookbook ? tileOf(home.latestLookbook) : undefined,
    latestStory: home.latestStory ? tileOf(home.latestStory) : undefined,
    seo: home.seo,
  }
}
