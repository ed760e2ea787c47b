/**
 * Writes the demo content (content-data.ts) into an empty database: the feed taxonomy, music
 * releases with synthesised audio and a visualiser video, posts, stories with their articles,
 * lookbooks whose setups wear real catalogue products, pages (the legal ones, the foundation,
 * the book), feed items and the home blocks. All media is drawn first, in parallel; the rows
 * are then written in one transaction.
 */
import { launchDayText, launchTimeText } from '@fanshop/core'
import sharp from 'sharp'
import { launchAtOf } from '../config.ts'
import { insertContentItem, insertFeedTerm } from '../content/write.ts'
import { storeMedia } from '../media/storage.ts'
import { generateImage } from './artwork.ts'
import { synthesizeTrack } from './audio.ts'
import {
  DEMO_FEED,
  DEMO_HOME_BLOCKS,
  DEMO_LOOKBOOKS,
  DEMO_PAGES,
  DEMO_RELEASES,
  DEMO_STORIES,
  DEMO_TERMS,
  type DemoLaunch,
  type DemoPost,
  type DemoRef,
  demoPosts,
} from './content-data.ts'
import type { SeedContext } from './seed.ts'
import { renderVisualiser, VIDEO_HEIGHT, VIDEO_WIDTH, visualiserFrame } from './video.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** Streaming services every release links to; the demo opens a search for the release there. */
const STREAMING_SERVICES = [
  { service: 'spotify', name: 'Spotify', search: 'https://open.spotify.com/search/' },
  { service: 'apple_music', name: 'Apple Music', search: 'https://music.apple.com/search?term=' },
  { service: 'youtube_music', name: 'YouTube Music', search: 'https://music.youtube.com/search?q=' },
  { service: 'deezer', name: 'Deezer', search: 'https://www.deezer.com/search/' },
  { service: 'tidal', name: 'TIDAL', search: 'https://listen.tidal.com/search?q=' },
]

type MediaCtx = Pick<SeedContext, 'config' | 'db' | 'now'>

async function storeTrack(ctx: MediaCtx, seed: number, seconds: number, title: string) {
  const { wav, durationMs } = synthesizeTrack(seed, seconds)
  const id = await storeMedia(ctx, { data: wav, extension: 'wav', mime: 'audio/wav', alt: title })
  return { id, durationMs }
}

async function storeVideo(ctx: MediaCtx, seed: number, seconds: number, title: string) {
  const [{ mp4, duration }, poster] = await Promise.all([
    renderVisualiser(seed, seconds),
    sharp(Buffer.from(visualiserFrame(seed, 0, 960, 540)))
      .png()
      .toBuffer(),
  ])
  const [mediaId, posterId] = await Promise.all([
    storeMedia(ctx, { data: mp4, extension: 'mp4', mime: 'video/mp4', alt: title }),
    storeMedia(ctx, { data: poster, extension: 'png', mime: 'image/png', alt: `${title}: still frame` }),
  ])
  return { mediaId, posterId, duration }
}

/** Every image, audio file and video of the demo, drawn and stored in parallel. */
async function drawMedia(ctx: MediaCtx, seededPosts: DemoPost[]) {
  // Sizes are what the pages draw at most (abstract artwork scales up gracefully), so seeding stays quick.
  const scene = (seed: number, alt: string, width = 960, height = 600) =>
    generateImage(ctx, { kind: 'scene', seed, alt, width, height })
  const portrait = (seed: number, alt: string) =>
    generateImage(ctx, { kind: 'portrait', seed, alt, width: 640, height: 800 })
  // The legal pages share one quiet header image (it is their Open Graph image too).
  const legalImage = scene(590, 'Floodlights over an empty pitch at night')

  const [releases, posts, stories, lookbooks, pages, feed] = await Promise.all([
    Promise.all(
      DEMO_RELEASES.map(async (release, r) => ({
        cover: await generateImage(ctx, {
          kind: 'cover',
          seed: 100 + r,
          alt: `${release.title} cover art`,
          width: 640,
          height: 640,
        }),
        tracks: await Promise.all(
          release.tracks.map((track, t) => storeTrack(ctx, 1000 + r * 50 + t, track.seconds, track.title)),
        ),
        video: release.video
          ? await storeVideo(ctx, 7 + r * 13, release.video.seconds, release.video.title)
          : null,
      })),
    ),
    Promise.all(seededPosts.map((post, i) => scene(200 + i, post.title))),
    Promise.all(
      DEMO_STORIES.map(async (story, s) => ({
        cover: await scene(300 + s, story.title),
        articles: await Promise.all(story.articles.map((a, i) => scene(320 + s * 10 + i, a.title))),
      })),
    ),
    Promise.all(
      DEMO_LOOKBOOKS.map(async (lookbook, l) => ({
        cover: await generateImage(ctx, {
          kind: 'portrait',
          seed: 400 + l,
          alt: `${lookbook.title}, the cover shot`,
          width: 720,
          height: 900,
        }),
        setups: await Promise.all(
          lookbook.setups.map((setup, s) =>
            Promise.all(
              Array.from({ length: setup.images }, (_, i) =>
                portrait(420 + l * 40 + s * 5 + i, `${setup.title}: look ${i + 1} of ${lookbook.title}`),
              ),
            ),
          ),
        ),
      })),
    ),
    Promise.all(
      DEMO_PAGES.map(async (page, p) => ({
        cover:
          page.template === 'book'
            ? await generateImage(ctx, {
                kind: 'cover',
                seed: 500 + p,
                alt: `${page.title}, the book cover`,
                width: 640,
                height: 880,
              })
            : page.template === 'agreement'
              ? await legalImage
              : await scene(500 + p, page.title),
        sections: await Promise.all(
          page.sections.map((section, s) =>
            section.image ? scene(520 + p * 10 + s, section.heading) : null,
          ),
        ),
      })),
    ),
    Promise.all(DEMO_FEED.map((item, i) => (item.image ? scene(600 + i, item.title, 720, 720) : null))),
  ])
  return { releases, posts, stories, lookbooks, pages, feed }
}

/** Published top-level catalogue products, for the lookbooks to wear. */
async function catalogueProducts(ctx: SeedContext): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('products')
    .select('id')
    .where('parent_id', 'is', null)
    .where('status', '=', 'publish')
    .orderBy('id')
    .execute()
  return rows.map((r) => r.id)
}

/** The launch as the posts write it, from the launch setting the shop runs with (LAUNCH_AT in SHOP_TZ). */
function launchInPosts(config: SeedContext['config']): DemoLaunch {
  const at = launchAtOf(config)
  const place = config.SHOP_TZ.split('/').at(-1)!.replaceAll('_', ' ')
  return { day: launchDayText(at, config.SHOP_TZ), time: launchTimeText(at, config.SHOP_TZ), place }
}

export async function seedContent(ctx: SeedContext): Promise<void> {
  const posts = demoPosts(launchInPosts(ctx.config))
  const media = await drawMedia(ctx, posts)
  const products = await catalogueProducts(ctx)
  const now = ctx.now()
  const daysAgo = (days: number, hour = 0) => now - days * DAY_MS - hour * 60 * 60 * 1000

  await ctx.db.transaction().execute(async (db) => {
    const termIds = new Map<string, number>()
    for (const [i, term] of DEMO_TERMS.entries()) {
      termIds.set(term.slug, await insertFeedTerm(db, { ...term, menuOrder: i }))
    }
    const terms = (slugs: string[]) => slugs.map((slug) => termIds.get(slug)!)

    const ids = { post: new Map<string, number>(), music: new Map<string, number>() }
    const paths = new Map<DemoRef, string>()
    const featured = new Map<DemoRef, number>()

    for (const [r, release] of DEMO_RELEASES.entries()) {
      const drawn = media.releases[r]!
      const id = await insertContentItem(db, {
        type: 'music',
        slug: release.slug,
        title: release.title,
        content: release.content,
        excerpt: release.excerpt,
        featuredMedia: drawn.cover,
        date: daysAgo(release.daysAgo),
        fields: {
          release_type: release.releaseType,
          release_date: new Date(daysAgo(release.daysAgo)).toISOString().slice(0, 10),
          label: release.label,
          video:
            release.video && drawn.video
              ? {
                  title: release.video.title,
                  media_id: drawn.video.mediaId,
                  poster_media_id: drawn.video.posterId,
                  width: VIDEO_WIDTH,
                  height: VIDEO_HEIGHT,
                  duration: drawn.video.duration,
                }
              : null,
          streaming_links: STREAMING_SERVICES.map(({ service, name, search }) => ({
            service,
            name,
            url: `${search}${encodeURIComponent(release.title)}`,
          })),
        },
      })
      await db
        .insertInto('music_tracks')
        .values(
          release.tracks.map((track, t) => ({
            release_id: id,
            position: t + 1,
            title: track.title,
            duration_ms: drawn.tracks[t]!.durationMs,
            audio_media_id: drawn.tracks[t]!.id,
          })),
        )
        .execute()
      ids.music.set(release.key, id)
      paths.set(`music:${release.key}`, `/music/${id}`)
      featured.set(`music:${release.key}`, drawn.cover)
    }

    for (const [i, post] of posts.entries()) {
      const id = await insertContentItem(db, {
        type: 'post',
        slug: post.slug,
        title: post.title,
        content: post.content,
        excerpt: post.excerpt,
        featuredMedia: media.posts[i]!,
        date: daysAgo(post.daysAgo, 2),
        fields: { author_name: post.author },
        termIds: terms(post.terms),
      })
      ids.post.set(post.key, id)
      paths.set(`post:${post.key}`, `/posts/${id}`)
      featured.set(`post:${post.key}`, media.posts[i]!)
    }

    for (const [s, story] of DEMO_STORIES.entries()) {
      const drawn = media.stories[s]!
      const id = await insertContentItem(db, {
        type: 'story',
        slug: story.slug,
        title: story.title,
        content: story.content,
        excerpt: story.excerpt,
        featuredMedia: drawn.cover,
        date: daysAgo(story.daysAgo),
        fields: { subtitle: story.subtitle },
      })
      for (const [a, article] of story.articles.entries()) {
        await insertContentItem(db, {
          type: 'article',
          slug: article.slug,
          title: article.title,
          content: article.content,
          excerpt: article.excerpt,
          featuredMedia: drawn.articles[a]!,
          parentId: id,
          menuOrder: a + 1,
          date: daysAgo(story.daysAgo, story.articles.length - a),
          fields: {},
        })
      }
      paths.set(`story:${story.key}`, `/story/details?story=${story.slug}`)
    }

    let productCursor = 0
    for (const [l, lookbook] of DEMO_LOOKBOOKS.entries()) {
      const drawn = media.lookbooks[l]!
      const id = await insertContentItem(db, {
        type: 'lookbook',
        slug: lookbook.slug,
        title: lookbook.title,
        content: lookbook.content,
        excerpt: lookbook.excerpt,
        featuredMedia: drawn.cover,
        date: daysAgo(lookbook.daysAgo),
        fields: { season: lookbook.season, credits: lookbook.credits },
      })
      for (const [s, setup] of lookbook.setups.entries()) {
        const { id: setupId } = await db
          .insertInto('lookbook_setups')
          .values({
            lookbook_id: id,
            position: s + 1,
            title: setup.title,
            caption: setup.caption,
            layout: setup.layout,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await db
          .insertInto('lookbook_setup_images')
          .values(drawn.setups[s]!.map((media_id, position) => ({ setup_id: setupId, media_id, position })))
          .execute()
        const worn = new Set<number>()
        for (let p = 0; p < setup.products && products.length > 0; p++) {
          worn.add(products[productCursor++ % products.length]!)
        }
        if (worn.size) {
          await db
            .insertInto('lookbook_setup_products')
            .values([...worn].map((product_id, position) => ({ setup_id: setupId, product_id, position })))
            .execute()
        }
      }
      paths.set(`lookbook:${lookbook.key}`, `/lookbook/${lookbook.slug}`)
      featured.set(`lookbook:${lookbook.key}`, drawn.cover)
    }

    for (const [p, page] of DEMO_PAGES.entries()) {
      const drawn = media.pages[p]!
      await insertContentItem(db, {
        type: 'page',
        slug: page.slug,
        title: page.title,
        content: page.content,
        excerpt: page.excerpt,
        featuredMedia: drawn.cover,
        menuOrder: page.menuOrder,
        date: daysAgo(60),
        fields: {
          template: page.template,
          facts: page.facts,
          sections: page.sections.map((section, s) => ({
            heading: section.heading,
            body: section.body,
            image_id: drawn.sections[s] ?? null,
          })),
          cta: page.cta,
        },
      })
    }

    const resolve = (ref: DemoRef) => {
      if (ref.startsWith('/')) return ref
      const path = paths.get(ref)
      if (!path) throw new Error(`Demo content refers to ${ref}, which does not exist.`)
      return path
    }

    for (const [i, item] of DEMO_FEED.entries()) {
      await insertContentItem(db, {
        type: 'feed',
        slug: item.slug,
        title: item.title,
        content: item.content,
        excerpt: item.excerpt,
        featuredMedia: media.feed[i] ?? (item.target ? (featured.get(item.target.ref) ?? null) : null),
        date: daysAgo(item.daysAgo, 1),
        fields: {
          kind: item.kind,
          target: item.target && { label: item.target.label, url: resolve(item.target.ref) },
          quote_source: item.quoteSource,
        },
        termIds: terms(item.terms),
      })
    }

    for (const [i, block] of DEMO_HOME_BLOCKS.entries()) {
      await insertContentItem(db, {
        type: 'home_block',
        slug: block.slug,
        title: block.title,
        content: block.content,
        menuOrder: i,
        date: daysAgo(1),
        fields: {
          block: block.block,
          items: block.items.map((item) => ({ ...item, url: resolve(item.url) })),
        },
      })
    }
  })
}
