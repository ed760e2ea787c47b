/**
 * The content API's endpoints (spec 7): each REST type's paged list and single item under
 * /wp-json/wp/v2, the feed taxonomy, and the contact form. Each type has its own endpoints, so
 * each appears in /openapi.json with its shape.
 */
import { z } from 'zod'
import { MAX_PER_PAGE } from '../catalog/paging.ts'
import { wordpressInstant } from '../dates.ts'
import { answeringWith, defineEndpoint, errorBodySchema, rateLimitedErrors } from '../endpoint.ts'
import {
  boundedNumber,
  idListParam,
  idParam,
  MAX_ID,
  pageParam,
  parentListParam,
  readableStatusParam,
  refusedParam,
  slugListParam,
  wholeNumber,
} from '../input.ts'
import { searchTextParam } from '../search.ts'
import { contactMessageSchema } from './contact.ts'
import {
  contentFieldsParam,
  lookbookTileJsonSchema,
  releaseTileJsonSchema,
  storyTileJsonSchema,
} from './fields.ts'
import { DEFAULT_PER_PAGE } from './paging.ts'
import { CONTENT_TYPES, type ContentType, contentItemSchemas, feedTermSchema } from './schemas.ts'

/** How the API names one item of each type in its answers. */
export const CONTENT_LABELS: Record<ContentType, string> = {
  posts: 'post',
  stories: 'story',
  articles: 'article',
  lookbooks: 'lookbook',
  music: 'music release',
  pages: 'page',
  feed: 'feed item',
  home_blocks: 'home block',
}

const SUMMARIES: Record<ContentType, string> = {
  posts: 'News posts',
  stories: 'Stories, each with the summaries of its articles',
  articles: "Stories' articles",
  lookbooks: 'Lookbooks, each with its setups: images and the catalogue products worn in them',
  music: 'Music releases (albums, EPs, singles): cover, tracks with audio, video, streaming links',
  pages: 'Pages: terms and conditions, the foundation, the book, ...',
  feed: 'Feed items (photos, quotes, articles, links), filterable by feed taxonomy',
  home_blocks: "The home page's blocks: latest-update bar, side bar, filter box",
}

const pagingQuery = {
  page: pageParam,
  per_page: wholeNumber(
    z
      .number()
      .int()
      .min(1, 'per_page must be at least 1')
      .max(MAX_PER_PAGE, `per_page can be at most ${MAX_PER_PAGE}`),
  ).default(DEFAULT_PER_PAGE),
  slug: slugListParam
    .optional()
    .describe('One slug, or several separated by commas; an answer with none of them is a 404'),
}

/**
 * How a content list may be ordered (WordPress's `orderby`): `include` follows the include list,
 * `relevance` ranks the matches of `search` as WordPress does.
 */
export const CONTENT_ORDERS = [
  'date',
  'id',
  'include',
  'modified',
  'slug',
  'title',
  'menu_order',
  'relevance',
] as const

/**
 * WordPress's other list parameters, so a WordPress client asking for some items, another order
 * or a span of dates gets them: without these, `include=3,4` answered every item, `order=asc`
 * newest first and `after=...` every item whatever its date. `status` is read as WordPress reads
 * it from a visitor: only `publish`, what every list shows.
 */
const selectionQuery = {
  include: idListParam.optional().describe('Only the items with these ids'),
  exclude: idListParam.optional().describe('Not the items with these ids'),
  offset: boundedNumber(0, MAX_ID, `must be a whole number from 0 to ${MAX_ID}`)
    .optional()
    .describe('Items to skip before the first one answered; it takes the place of page'),
  orderby: z
    .enum(CONTENT_ORDERS)
    .optional()
    .describe(
      'Sort by this field (include: in the order of the include list; relevance: with search, the best matches first); by date unless the type has an editorial order (menu_order)',
    ),
  order: z
    .enum(['asc', 'desc'])
    .optional()
    .describe('Sort direction: desc unless the list is in its editorial order, asc'),
  after: wordpressInstant
    .optional()
    .describe('Only items published after this date and time (ISO 8601; UTC without an offset)'),
  before: wordpressInstant
    .optional()
    .describe('Only items published before this date and time (ISO 8601; UTC without an offset)'),
  modified_after: wordpressInstant
    .optional()
    .describe('Only items last modified after this date and time (ISO 8601; UTC without an offset)'),
  modified_before: wordpressInstant
    .optional()
    .describe('Only items last modified before this date and time (ISO 8601; UTC without an offset)'),
  status: readableStatusParam(['publish']).optional(),
}

const NO_CATEGORIES =
  "cannot filter: the shop's content has no categories or tags (posts and feed items are filed under feed_taxonomy, /wp-json/wp/v2/feed_taxonomy)"

/**
 * WordPress's category and tag filters. The shop's content has no categories or tags (its one
 * taxonomy is feed_taxonomy, and no item shows `categories` or `tags`): asking for them is
 * refused, naming the taxonomy there is, rather than ignored (every item answered) or answered
 * as an empty category.
 */
const termQuery = {
  categories: refusedParam(NO_CATEGORIES).optional().describe('Not available: the content has no categories'),
  categories_exclude: refusedParam(NO_CATEGORIES)
    .optional()
    .describe('Not available: the content has no categories'),
  tags: refusedParam(NO_CATEGORIES).optional().describe('Not available: the content has no tags'),
  tags_exclude: refusedParam(NO_CATEGORIES).optional().describe('Not available: the content has no tags'),
}

const NO_AUTHORS =
  "cannot filter: the shop's content names no author by id (a post shows who wrote it in author_name); leave author out"

/** WordPress's author filters: no item has an author id to match, so they are refused, not ignored. */
const authorQuery = {
  author: refusedParam(NO_AUTHORS).optional().describe('Not available: no item has an author id'),
  author_exclude: refusedParam(NO_AUTHORS).optional().describe('Not available: no item has an author id'),
}

/** WordPress's `search` of a post type's list: every word in the title, excerpt or content. */
const searchQuery = {
  search: searchTextParam('Only items whose title, excerpt or content holds every word of this text'),
}

const feedFilter = { feed_taxonomy: idParam().optional().describe('A feed taxonomy term id') }
const noFilter = {}

/** The extra filters some lists take. */
const LIST_FILTERS = {
  posts: feedFilter,
  stories: noFilter,
  articles: { story: idParam().optional().describe('A story id: its articles in order') },
  lookbooks: noFilter,
  music: noFilter,
  pages: {
    parent: parentListParam
      .optional()
      .describe('Only the pages under one of these pages (0: top-level pages)'),
    parent_exclude: parentListParam
      .optional()
      .describe('Not the pages under one of these pages (0: top-level pages)'),
  },
  feed: feedFilter,
  home_blocks: noFilter,
} satisfies Record<ContentType, z.ZodRawShape>

const idParams = z.object({ id: idParam(`id must be a positive whole number up to ${MAX_ID}`) })

function listEndpoint<T extends ContentType>(type: T) {
  return defineEndpoint({
    method: 'GET',
    path: `/wp-json/wp/v2/${type}`,
    shared: true,
    tags: ['content'],
    summary: SUMMARIES[type],
    query: z.object({
      ...pagingQuery,
      ...selectionQuery,
      ...termQuery,
      ...authorQuery,
      ...searchQuery,
      ...LIST_FILTERS[type],
      _fields: contentFieldsParam(type).optional(),
    }),
    responses: { 200: z.array(contentItemSchemas[type]), 400: errorBodySchema, 404: errorBodySchema },
  })
}

function itemEndpoint<T extends ContentType>(type: T) {
  return defineEndpoint({
    method: 'GET',
    path: `/wp-json/wp/v2/${type}/:id`,
    shared: true,
    tags: ['content'],
    summary: `One ${CONTENT_LABELS[type]} by id`,
    params: idParams,
    query: z.object({ _fields: contentFieldsParam(type).optional() }),
    responses: { 200: contentItemSchemas[type], 400: errorBodySchema, 404: errorBodySchema },
  })
}

function byType<E>(build: (type: ContentType) => E) {
  return Object.fromEntries(CONTENT_TYPES.map((type) => [type, build(type)]))
}

/** A REST type's list endpoint; of any type when T is the whole union. */
export type ContentListEndpoint<T extends ContentType> = ReturnType<typeof listEndpoint<T>>
/** A REST type's single-item endpoint; of any type when T is the whole union. */
export type ContentItemEndpoint<T extends ContentType> = ReturnType<typeof itemEndpoint<T>>

/** Each REST type's list: paged (X-WP-Total, X-WP-TotalPages), by slug, searchable. */
export const contentListEndpoints = byType(listEndpoint) as { [T in ContentType]: ContentListEndpoint<T> }

/**
 * The newest story, lookbook and release as the landing page calls them: asked for a tile's
 * fields only (`_fields`), their answer is checked against the tile's shape.
 */
export const contentTileEndpoints = {
  stories: answeringWith(contentListEndpoints.stories, z.array(storyTileJsonSchema)),
  lookbooks: answeringWith(contentListEndpoints.lookbooks, z.array(lookbookTileJsonSchema)),
  music: answeringWith(contentListEndpoints.music, z.array(releaseTileJsonSchema)),
} as const

/** Each REST type's single item by id. */
export const contentItemEndpoints = byType(itemEndpoint) as { [T in ContentType]: ContentItemEndpoint<T> }

export const contentEndpoints = {
  feedTerms: defineEndpoint({
    method: 'GET',
    path: '/wp-json/wp/v2/feed_taxonomy',
    shared: true,
    tags: ['content'],
    summary: 'The feed taxonomy: the topics feed items and posts are filed under, with their counts',
    query: z.object(pagingQuery),
    responses: { 200: z.array(feedTermSchema), 400: errorBodySchema, 404: errorBodySchema },
  }),
  feedTerm: defineEndpoint({
    method: 'GET',
    path: '/wp-json/wp/v2/feed_taxonomy/:id',
    shared: true,
    tags: ['content'],
    summary: 'One feed taxonomy term by id',
    params: idParams,
    responses: { 200: feedTermSchema, 400: errorBodySchema, 404: errorBodySchema },
  }),
  contact: defineEndpoint({
    method: 'POST',
    path: '/wp-json/wp/v2/contact',
    tags: ['content'],
    summary: "Sends a message to the team: stored, then e-mailed to the shop's address",
    body: contactMessageSchema,
    responses: {
      201: z.object({ id: z.number().int(), status: z.literal('received'), message: z.string() }),
      400: errorBodySchema,
      ...rateLimitedErrors,
    },
  }),
}
