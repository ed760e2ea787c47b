/**
 * Shapes stored content rows as WordPress post objects with their type's own fields: one shaper
 * per REST type, each loading its relations (images, terms, articles, setups, tracks) for a whole
 * page of items at once, so a list costs a fixed handful of queries whatever its length. HTML is
 * sanitised again on the way out. Asked for some fields only (`_fields`), a shaper reads no
 * relation and sanitises no text those fields do not show, and leaves them empty.
 */
import {
  type ArticleSummary,
  asksForAny,
  type ContentItemOf,
  type ContentType,
  type FieldSelection,
  feedItemHasOwnPage,
  type ImageJson,
  plainText,
  readingMinutes,
} from '@fanshop/core'
import type { Kysely, Selectable } from 'kysely'
import { shownInShop } from '../catalog/visibility.ts'
import { compiledOnce } from '../db/compiled.ts'
import type { Database } from '../db/schema.ts'
import { describeImage, mediaFileUrl } from '../media/describe.ts'
import { readFields, type StoredFields } from './fields.ts'
import { sanitizePlainText, sanitizeRichText, sanitizeUrl } from './sanitize.ts'
import type { ContentItemsTable } from './tables.ts'

type Db = Kysely<Database>
export type ItemRow = Selectable<ContentItemsTable>

/*
 * The relations' reads, built and compiled once per length of their id lists (db/compiled.ts):
 * the home page shapes five lists on every render, and Kysely's building of these queries cost
 * about as much as SQLite's running them (issue 15).
 */
const mediaRows = compiledOnce((db: Db, ids: number[]) =>
  db.selectFrom('media').selectAll().where('id', 'in', ids),
)
const termRows = compiledOnce((db: Db, ids: number[]) =>
  db
    .selectFrom('content_item_terms')
    .select(['item_id', 'term_id'])
    .where('item_id', 'in', ids)
    .orderBy('term_id'),
)
const articleRows = compiledOnce((db: Db, storyIds: number[]) =>
  db
    .selectFrom('content_items')
    .selectAll()
    .where('type', '=', 'article')
    .where('status', '=', 'publish')
    .where('parent_id', 'in', storyIds)
    .orderBy('menu_order')
    .orderBy('id'),
)
const storyRows = compiledOnce((db: Db, ids: number[]) =>
  db.selectFrom('content_items').selectAll().where('id', 'in', ids),
)
const setupRows = compiledOnce((db: Db, lookbookIds: number[]) =>
  db.selectFrom('lookbook_setups').selectAll().where('lookbook_id', 'in', lookbookIds).orderBy('position'),
)
const setupImageRows = compiledOnce((db: Db, setupIds: number[]) =>
  db.selectFrom('lookbook_setup_images').selectAll().where('setup_id', 'in', setupIds).orderBy('position'),
)
const setupProductRows = compiledOnce((db: Db, setupIds: number[], now: number) =>
  db
    .selectFrom('lookbook_setup_products')
    .innerJoin('products', 'products.id', 'lookbook_setup_products.product_id')
    .select(['lookbook_setup_products.setup_id', 'lookbook_setup_products.product_id'])
    .where('lookbook_setup_products.setup_id', 'in', setupIds)
    .where(shownInShop(now))
    .orderBy('lookbook_setup_products.position'),
)
const trackRows = compiledOnce((db: Db, releaseIds: number[]) =>
  db.selectFrom('music_tracks').selectAll().where('release_id', 'in', releaseIds).orderBy('position'),
)

/** Media rows by id, described as images or as plain files. */
class MediaIndex {
  private constructor(private readonly rows: Map<number, Selectable<Database['media']>>) {}

  static async load(db: Db, ids: Iterable<number | null | undefined>): Promise<MediaIndex> {
    const wanted = [...new Set([...ids].filter((id): id is number => typeof id === 'number'))]
    const rows = wanted.length ? (await mediaRows(db, wanted)).rows : []
    return new MediaIndex(new Map(rows.map((row) => [row.id, row])))
  }

  image(id: number | null | undefined): ImageJson | null {
    const row = id == null ? undefined : this.rows.get(id)
    return row?.mime.startsWith('image/') ? describeImage(row) : null
  }

  file(id: number): { id: number; src: string; mime: string } {
    const row = this.rows.get(id)
    if (!row) throw new Error(`Media ${id} is referenced by content but missing.`)
    return { id, src: mediaFileUrl(id), mime: row.mime }
  }
}

const iso = (ms: number) => new Date(ms).toISOString()

/** The storefront path of an item (WordPress's permalink). */
function permalink(row: ItemRow, fields: Record<string, unknown>): string {
  switch (row.type) {
    case 'post':
      return `/posts/${row.id}`
    case 'story':
      return `/story/details?story=${encodeURIComponent(row.slug)}`
    case 'article':
      return `/story/article/${row.id}`
    case 'lookbook':
      return `/lookbook/${encodeURIComponent(row.slug)}`
    case 'music':
      return `/music/${row.id}`
    case 'page':
      if (fields.template === 'foundation') return '/foundation'
      if (fields.template === 'book') return '/book'
      if (fields.template === 'contact') return '/contact'
      return `/page/${encodeURIComponent(row.slug)}`
    case 'feed': {
      const feed = fields as StoredFields<'feed'>
      return feed.target && !feedItemHasOwnPage(feed)
        ? sanitizeUrl(feed.target.url)
        : `/feed/article/${row.id}`
    }
    case 'home_block':
      return '/home'
  }
}

/** The fields of every WordPress post object. */
function postObject(
  row: ItemRow,
  fields: Record<string, unknown>,
  media: MediaIndex,
  asked: FieldSelection | undefined,
) {
  return {
    id: row.id,
    slug: row.slug,
    date: iso(row.date),
    modified: iso(row.modified),
    status: 'publish' as const,
    link: permalink(row, fields),
    title: { rendered: sanitizePlainText(row.title) },
    content: {
      rendered: asksForAny(asked, 'content') ? sanitizeRichText(row.content) : '',
      protected: false,
    },
    excerpt: {
      rendered: asksForAny(asked, 'excerpt') ? sanitizeRichText(row.excerpt) : '',
      protected: false,
    },
    featured_media: row.featured_media ?? 0,
    featured_image: media.image(row.featured_media),
  }
}

async function termsOf(
  db: Db,
  ids: number[],
  asked: FieldSelection | undefined,
): Promise<Map<number, number[]>> {
  const byItem = new Map<number, number[]>()
  if (!ids.length || !asksForAny(asked, 'feed_taxonomy')) return byItem
  const { rows } = await termRows(db, ids)
  for (const { item_id, term_id } of rows) byItem.set(item_id, [...(byItem.get(item_id) ?? []), term_id])
  return byItem
}

const minutesOf = (html: string) => readingMinutes(plainText(html))

async function shapePosts(
  db: Db,
  rows: ItemRow[],
  _now: number,
  asked: FieldSelection | undefined,
): Promise<ContentItemOf<'posts'>[]> {
  const ids = rows.map((r) => r.id)
  const featured = asksForAny(asked, 'featured_image') ? rows.map((r) => r.featured_media) : []
  const [media, terms] = await Promise.all([MediaIndex.load(db, featured), termsOf(db, ids, asked)])
  return rows.map((row) => {
    const fields = readFields('post', row.id, row.fields)
    return {
      ...postObject(row, fields, media, asked),
      type: 'post',
      author_name: fields.author_name,
      reading_minutes: minutesOf(row.content),
      feed_taxonomy: terms.get(row.id) ?? [],
    }
  })
}

async function shapeStories(
  db: Db,
  rows: ItemRow[],
  _now: number,
  asked: FieldSelection | undefined,
): Promise<ContentItemOf<'stories'>[]> {
  const ids = rows.map((r) => r.id)
  const featured = asksForAny(asked, 'featured_image') ? rows.map((r) => r.featured_media) : []
  const articles = ids.length && asksForAny(asked, 'articles') ? (await articleRows(db, ids)).rows : []
  const media = await MediaIndex.load(db, [...featured, ...articles.map((a) => a.featured_media)])
  return rows.map((row) => {
    const fields = readFields('story', row.id, row.fields)
    const summaries: ArticleSummary[] = articles
      .filter((a) => a.parent_id === row.id)
      .map((a) => ({
        id: a.id,
        slug: a.slug,
        link: permalink(a, {}),
        title: { rendered: sanitizePlainText(a.title) },
        excerpt: { rendered: sanitizeRichText(a.excerpt) },
        featured_image: media.image(a.featured_media),
        reading_minutes: minutesOf(a.content),
      }))
    return {
      ...postObject(row, fields, media, asked),
      type: 'story',
      subtitle: fields.subtitle,
      articles: summaries,
    }
  })
}

async function shapeArticles(
  db: Db,
  rows: ItemRow[],
  _now: number,
  asked: FieldSelection | undefined,
): Promise<ContentItemOf<'articles'>[]> {
  const featured = asksForAny(asked, 'featured_image') ? rows.map((r) => r.featured_media) : []
  const parentIds = [...new Set(rows.map((r) => r.parent_id).filter((id): id is number => id !== null))]
  const [media, stories] = await Promise.all([
    MediaIndex.load(db, featured),
    parentIds.length ? storyRows(db, parentIds).then((result) => result.rows) : Promise.resolve([]),
  ])
  return rows.map((row) => {
    const fields = readFields('article', row.id, row.fields)
    const story = stories.find((s) => s.id === row.parent_id)
    if (!story) throw new Error(`Article ${row.id} has no story.`)
    return {
      ...postObject(row, fields, media, asked),
      type: 'article',
      story: {
        id: story.id,
        slug: story.slug,
        link: permalink(story, {}),
        title: { rendered: sanitizePlainText(story.title) },
      },
      position: row.menu_order,
      reading_minutes: minutesOf(row.content),
    }
  })
}

async function shapeLookbooks(
  db: Db,
  rows: ItemRow[],
  now: number,
  asked: FieldSelection | undefined,
): Promise<ContentItemOf<'lookbooks'>[]> {
  const ids = rows.map((r) => r.id)
  const featured = asksForAny(asked, 'featured_image') ? rows.map((r) => r.featured_media) : []
  const setups = ids.length && asksForAny(asked, 'setups') ? (await setupRows(db, ids)).rows : []
  const setupIds = setups.map((s) => s.id)
  const [images, products] = setupIds.length
    ? await Promise.all([
        setupImageRows(db, setupIds).then((result) => result.rows),
        setupProductRows(db, setupIds, now).then((result) => result.rows),
      ])
    : [[], []]
  const media = await MediaIndex.load(db, [...featured, ...images.map((i) => i.media_id)])
  return rows.map((row) => {
    const fields = readFields('lookbook', row.id, row.fields)
    return {
      ...postObject(row, fields, media, asked),
      type: 'lookbook',
      season: fields.season,
      credits: fields.credits,
      setups: setups
        .filter((s) => s.lookbook_id === row.id)
        .map((s) => ({
          id: s.id,
          position: s.position,
          title: sanitizePlainText(s.title),
          caption: sanitizePlainText(s.caption),
          layout: s.layout,
          images: images
            .filter((i) => i.setup_id === s.id)
            .map((i) => media.image(i.media_id))
            .filter((image): image is ImageJson => image !== null),
          product_ids: products.filter((p) => p.setup_id === s.id).map((p) => p.product_id),
        })),
    }
  })
}

async function shapeMusic(
  db: Db,
  rows: ItemRow[],
  _now: number,
  asked: FieldSelection | undefined,
): Promise<ContentItemOf<'music'>[]> {
  const ids = rows.map((r) => r.id)
  const featured = asksForAny(asked, 'featured_image') ? rows.map((r) => r.featured_media) : []
  const readsTracks = asksForAny(asked, 'tracks') || asksForAny(asked, 'total_duration')
  const tracks = ids.length && readsTracks ? (await trackRows(db, ids)).rows : []
  const readsVideo = asksForAny(asked, 'video')
  const fieldsById = new Map(rows.map((row) => [row.id, readFields('music', row.id, row.fields)]))
  const videoMedia = [...fieldsById.values()].flatMap((f) =>
    f.video && readsVideo ? [f.video.media_id, f.video.poster_media_id] : [],
  )
  const media = await MediaIndex.load(db, [
    ...featured,
    ...tracks.map((t) => t.audio_media_id),
    ...videoMedia,
  ])
  return rows.map((row) => {
    const fields = fieldsById.get(row.id)!
    const own = tracks
      .filter((t) => t.release_id === row.id)
      .map((t) => ({
        id: t.id,
        number: t.position,
        title: sanitizePlainText(t.title),
        duration: t.duration_ms / 1000,
        audio: media.file(t.audio_media_id),
      }))
    return {
      ...postObject(row, fields, media, asked),
      type: 'music',
      release_type: fields.release_type,
      release_date: fields.release_date,
      label: fields.label,
      total_duration: own.reduce((sum, t) => sum + t.duration, 0),
      tracks: own,
      video:
        fields.video && readsVideo
          ? {
              title: sanitizePlainText(fields.video.title),
              file: media.file(fields.video.media_id),
              width: fields.video.width,
              height: fields.video.height,
              duration: fields.video.duration,
              poster: media.image(fields.video.poster_media_id),
            }
          : null,
      streaming_links: fields.streaming_links.map((l) => ({ ...l, url: sanitizeUrl(l.url) })),
    }
  })
}

async function shapePages(
  db: Db,
  rows: ItemRow[],
  _now: number,
  asked: FieldSelection | undefined,
): Promise<ContentItemOf<'pages'>[]> {
  const featured = asksForAny(asked, 'featured_image') ? rows.map((r) => r.featured_media) : []
  const fieldsById = new Map(rows.map((row) => [row.id, readFields('page', row.id, row.fields)]))
  const sectionImages = asksForAny(asked, 'sections')
    ? [...fieldsById.values()].flatMap((f) => f.sections.map((s) => s.image_id))
    : []
  const media = await MediaIndex.load(db, [...featured, ...sectionImages])
  return rows.map((row) => {
    const fields = fieldsById.get(row.id)!
    return {
      ...postObject(row, fields, media, asked),
      type: 'page',
      template: fields.template,
      parent: row.parent_id ?? 0,
      menu_order: row.menu_order,
      facts: fields.facts.map((f) => ({
        value: sanitizePlainText(f.value),
        label: sanitizePlainText(f.label),
      })),
      sections: fields.sections.map((s) => ({
        heading: sanitizePlainText(s.heading),
        body: sanitizeRichText(s.body),
        image: media.image(s.image_id),
      })),
      cta: fields.cta
        ? { label: sanitizePlainText(fields.cta.label), url: sanitizeUrl(fields.cta.url) }
        : null,
    }
  })
}

async function shapeFeed(
  db: Db,
  rows: ItemRow[],
  _now: number,
  asked: FieldSelection | undefined,
): Promise<ContentItemOf<'feed'>[]> {
  const ids = rows.map((r) => r.id)
  const featured = asksForAny(asked, 'featured_image') ? rows.map((r) => r.featured_media) : []
  const [media, terms] = await Promise.all([MediaIndex.load(db, featured), termsOf(db, ids, asked)])
  return rows.map((row) => {
    const fields = readFields('feed', row.id, row.fields)
    return {
      ...postObject(row, fields, media, asked),
      type: 'feed',
      kind: fields.kind,
      feed_taxonomy: terms.get(row.id) ?? [],
      target:
        fields.kind === 'article'
          ? { url: `/feed/article/${row.id}`, label: 'Read the story' }
          : fields.target && {
              label: sanitizePlainText(fields.target.label),
              url: sanitizeUrl(fields.target.url),
            },
      quote_source: fields.quote_source && sanitizePlainText(fields.quote_source),
      reading_minutes: minutesOf(row.content),
    }
  })
}

async function shapeHomeBlocks(
  db: Db,
  rows: ItemRow[],
  _now: number,
  asked: FieldSelection | undefined,
): Promise<ContentItemOf<'home_blocks'>[]> {
  const featured = asksForAny(asked, 'featured_image') ? rows.map((r) => r.featured_media) : []
  const media = await MediaIndex.load(db, featured)
  return rows.map((row) => {
    const fields = readFields('home_block', row.id, row.fields)
    return {
      ...postObject(row, fields, media, asked),
      type: 'home_block',
      block: fields.block,
      menu_order: row.menu_order,
      items: fields.items.map((i) => ({
        title: sanitizePlainText(i.title),
        text: sanitizePlainText(i.text),
        url: sanitizeUrl(i.url),
      })),
    }
  })
}

type Shapers = {
  [T in ContentType]: (
    db: Db,
    rows: ItemRow[],
    now: number,
    asked: FieldSelection | undefined,
  ) => Promise<ContentItemOf<T>[]>
}

const SHAPERS: Shapers = {
  posts: shapePosts,
  stories: shapeStories,
  articles: shapeArticles,
  lookbooks: shapeLookbooks,
  music: shapeMusic,
  pages: shapePages,
  feed: shapeFeed,
  home_blocks: shapeHomeBlocks,
}

/**
 * The rows of one REST type as that type's post objects, in the rows' order; products only as the
 * shop shows them at `now`. With `asked` (`_fields`), the fields not asked for are read or worked
 * out no further than needed and left empty: the caller picks the asked ones.
 */
export function shapeItems<T extends ContentType>(
  db: Db,
  type: T,
  rows: ItemRow[],
  now: number,
  asked?: FieldSelection,
): Promise<ContentItemOf<T>[]> {
  return SHAPERS[type](db, rows, now, asked)
}
