/**
 * The content API's answers (WordPress REST post objects plus our type-specific fields), as
 * zod schemas: the API validates what it sends against them and publishes them in OpenAPI;
 * the storefront reads the inferred types.
 */
import { z } from 'zod'
import { imageJsonSchema as imageSchema } from '../catalog/schemas.ts'

/** A stored file as it was uploaded (audio, video), served with range support. */
const mediaFileSchema = z.object({
  id: z.number().int(),
  src: z.string(),
  mime: z.string(),
})

const rendered = z.object({ rendered: z.string() })
const renderedProtected = z.object({ rendered: z.string(), protected: z.boolean() })

/** The REST types of the content API, by their path segment under /wp-json/wp/v2. */
export const CONTENT_TYPES = [
  'posts',
  'stories',
  'articles',
  'lookbooks',
  'music',
  'pages',
  'feed',
  'home_blocks',
] as const
export type ContentType = (typeof CONTENT_TYPES)[number]

/** The fields every WordPress post object carries. */
const postObject = {
  id: z.number().int(),
  slug: z.string(),
  /** ISO 8601 instant. */
  date: z.string(),
  modified: z.string(),
  status: z.literal('publish'),
  /** The storefront path of the item (WordPress's permalink). */
  link: z.string(),
  /** HTML-escaped text, as WordPress renders titles. */
  title: rendered,
  content: renderedProtected,
  excerpt: renderedProtected,
  /** Media id of the featured image; 0 when there is none (as in WordPress). */
  featured_media: z.number().int(),
  featured_image: imageSchema.nullable(),
}

export const feedTermSchema = z.object({
  id: z.number().int(),
  count: z.number().int(),
  description: z.string(),
  link: z.string(),
  name: z.string(),
  slug: z.string(),
  taxonomy: z.literal('feed_taxonomy'),
  parent: z.number().int(),
  menu_order: z.number().int(),
})

const postSchema = z.object({
  ...postObject,
  type: z.literal('post'),
  author_name: z.string(),
  reading_minutes: z.number().int(),
  feed_taxonomy: z.array(z.number().int()),
})

const articleSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  link: z.string(),
  title: rendered,
  excerpt: rendered,
  featured_image: imageSchema.nullable(),
  reading_minutes: z.number().int(),
})

const storySchema = z.object({
  ...postObject,
  type: z.literal('story'),
  subtitle: z.string(),
  articles: z.array(articleSummarySchema),
})

const articleSchema = z.object({
  ...postObject,
  type: z.literal('article'),
  story: z.object({ id: z.number().int(), slug: z.string(), link: z.string(), title: rendered }),
  /** 1-based place of the article in its story. */
  position: z.number().int(),
  reading_minutes: z.number().int(),
})

const lookbookSetupSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  caption: z.string(),
  layout: z.number().int().min(1).max(6),
  images: z.array(imageSchema),
  /** Catalogue product ids worn in this setup (read them with /wp-json/wc/v3/products?include=). */
  product_ids: z.array(z.number().int()),
})

const lookbookSchema = z.object({
  ...postObject,
  type: z.literal('lookbook'),
  season: z.string(),
  credits: z.string(),
  setups: z.array(lookbookSetupSchema),
})

export const RELEASE_TYPES = ['album', 'ep', 'single'] as const

const streamingLinkSchema = z.object({
  /** A stable key for the service's icon: spotify, apple_music, youtube_music, deezer, tidal. */
  service: z.string(),
  name: z.string(),
  /** An https address of the release on that service. */
  url: z.string(),
})

const trackSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  /** Seconds, as long as the audio file really is. */
  duration: z.number(),
  audio: mediaFileSchema,
})

const musicSchema = z.object({
  ...postObject,
  type: z.literal('music'),
  release_type: z.enum(RELEASE_TYPES),
  /** YYYY-MM-DD */
  release_date: z.string(),
  label: z.string(),
  total_duration: z.number(),
  tracks: z.array(trackSchema),
  video: z
    .object({
      title: z.string(),
      file: mediaFileSchema,
      width: z.number().int(),
      height: z.number().int(),
      duration: z.number(),
      poster: imageSchema.nullable(),
    })
    .nullable(),
  streaming_links: z.array(streamingLinkSchema),
})

export const PAGE_TEMPLATES = ['default', 'agreement', 'foundation', 'book', 'contact'] as const

const pageSchema = z.object({
  ...postObject,
  type: z.literal('page'),
  template: z.enum(PAGE_TEMPLATES),
  parent: z.number().int(),
  menu_order: z.number().int(),
  facts: z.array(z.object({ value: z.string(), label: z.string() })),
  sections: z.array(z.object({ heading: z.string(), body: z.string(), image: imageSchema.nullable() })),
  cta: z.object({ label: z.string(), url: z.string() }).nullable(),
})

export const FEED_KINDS = ['photo', 'quote', 'article', 'release', 'post', 'lookbook'] as const

/**
 * Whether a feed item has a page of its own (/feed/article/{id}): an article always, any other
 * kind only when it leads nowhere else; one that leads elsewhere is a link to that page.
 */
export const feedItemHasOwnPage = (item: { kind: (typeof FEED_KINDS)[number]; target: unknown }) =>
  item.kind === 'article' || !item.target

const feedItemSchema = z.object({
  ...postObject,
  type: z.literal('feed'),
  kind: z.enum(FEED_KINDS),
  feed_taxonomy: z.array(z.number().int()),
  /** Where the card leads (an article leads to its own page). */
  target: z.object({ url: z.string(), label: z.string() }).nullable(),
  quote_source: z.string().nullable(),
  reading_minutes: z.number().int(),
})

export const HOME_BLOCKS = ['latest_update', 'side_bar', 'filter_box'] as const

const homeBlockSchema = z.object({
  ...postObject,
  type: z.literal('home_block'),
  block: z.enum(HOME_BLOCKS),
  menu_order: z.number().int(),
  items: z.array(z.object({ title: z.string(), text: z.string(), url: z.string() })),
})

/** Each REST type's item schema. */
export const contentItemSchemas = {
  posts: postSchema,
  stories: storySchema,
  articles: articleSchema,
  lookbooks: lookbookSchema,
  music: musicSchema,
  pages: pageSchema,
  feed: feedItemSchema,
  home_blocks: homeBlockSchema,
} as const satisfies Record<ContentType, z.ZodType>

export type ContentItemOf<T extends ContentType> = z.infer<(typeof contentItemSchemas)[T]>
export type Post = z.infer<typeof postSchema>
export type Story = z.infer<typeof storySchema>
export type ArticleSummary = z.infer<typeof articleSummarySchema>
export type Article = z.infer<typeof articleSchema>
export type Lookbook = z.infer<typeof lookbookSchema>
export type LookbookSetup = z.infer<typeof lookbookSetupSchema>
export type MusicRelease = z.infer<typeof musicSchema>
export type Track = z.infer<typeof trackSchema>
export type Page = z.infer<typeof pageSchema>
export type FeedItem = z.infer<typeof feedItemSchema>
export type FeedKind = (typeof FEED_KINDS)[number]
export type HomeBlock = z.infer<typeof homeBlockSchema>
export type FeedTerm = z.infer<typeof feedTermSchema>
