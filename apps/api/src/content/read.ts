/**
 * Reads content items: lists (paged, searched, filtered by term or story) and single items of
 * one REST type, published only (the products they name as the shop shows them at `now`); shape.ts turns the rows into WordPress post objects.
 */
import {
  type CONTENT_ORDERS,
  type ContentItemOf,
  type ContentType,
  type FieldSelection,
  pageOffset,
  pickFields,
  searchWords,
} from '@fanshop/core'
import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import { compiledOnce } from '../db/compiled.ts'
import { containsPattern, containsWord, inByteOrder, positionIn, wordPatterns } from '../db/portable.ts'
import type { Database } from '../db/schema.ts'
import { type ItemRow, shapeItems } from './shape.ts'
import type { StoredContentType } from './tables.ts'

type Db = Kysely<Database>

/** Each REST type: the type it is stored as, and how a message names one item. */
export const REST_TYPES = {
  posts: { stored: 'post' },
  stories: { stored: 'story' },
  articles: { stored: 'article' },
  lookbooks: { stored: 'lookbook' },
  music: { stored: 'music' },
  pages: { stored: 'page' },
  feed: { stored: 'feed' },
  home_blocks: { stored: 'home_block' },
} as const satisfies Record<ContentType, { stored: StoredContentType }>

export interface ListQuery {
  page: number
  perPage: number
  slugs?: string[]
  /** Only items whose title, excerpt or content holds every word of this text, case aside (WordPress's `search`). */
  search?: string
  /** Only items tagged with this feed taxonomy term. */
  termId?: number
  /** Only the articles of this story. */
  storyId?: number
  /** Only the items under one of these items, 0 naming the top level (WordPress's `parent` of pages). */
  parents?: number[]
  /** Not the items under one of these items, 0 naming the top level (WordPress's `parent_exclude`). */
  parentsExcluded?: number[]
  /** Only these fields of each item (WordPress's `_fields`); what they do not show is not read. */
  fields?: FieldSelection
  /** Only the items with these ids (WordPress's `include`), in this order for `orderby: 'include'`. */
  include?: number[]
  /** Not the items with these ids (WordPress's `exclude`). */
  exclude?: number[]
  /** Items skipped before the first one answered, in place of the page's (WordPress's `offset`). */
  offset?: number
  /** The list's order; without it the type's own (editorial order, or newest first). */
  orderby?: ContentOrder
  order?: 'asc' | 'desc'
  /** Only items published (`date`) or last modified strictly after or before these instants, epoch ms (WordPress's `after`, `before`, `modified_after`, `modified_before`). */
  dates?: DateBounds
}

export interface DateBounds {
  after?: number
  before?: number
  modifiedAfter?: number
  modifiedBefore?: number
}

export type ContentOrder = (typeof CONTENT_ORDERS)[number]

/**
 * The column each order sorts by; titles as a search compares them, so both databases agree on
 * case and accents, and titles and slugs in the order of their bytes, whatever PostgreSQL's locale.
 */
const ORDER_COLUMNS = {
  date: sql.ref('content_items.date'),
  id: sql.ref('content_items.id'),
  modified: sql.ref('content_items.modified'),
  slug: inByteOrder(sql.ref('content_items.slug')),
  title: inByteOrder(sql`search_fold(content_items.title)`),
  menu_order: sql.ref('content_items.menu_order'),
} satisfies Record<Exclude<ContentOrder, 'include' | 'relevance'>, unknown>

/**
 * How well an item matches a search, as WordPress ranks `orderby=relevance` (WP_Query's search
 * order), 1 best: the whole text in the title, every word in it, one of them in it, the whole text
 * in the excerpt, in the content, anything else. A one-word search ranks title matches first.
 */
function relevanceOf(search: string) {
  const words = wordPatterns(search)
  const title = sql.ref('content_items.title')
  const inTitle = words.map((pattern) => containsWord(title, pattern))
  if (words.length === 1) return sql`case when ${inTitle[0]} then 1 else 2 end`
  const phrase = containsPattern(searchWords(search).join(' '))
  return sql`case
    when ${containsWord(title, phrase)} then 1
    when ${sql.join(inTitle, sql` and `)} then 2
    when ${sql.join(inTitle, sql` or `)} then 3
    when ${containsWord(sql.ref('content_items.excerpt'), phrase)} then 4
    when ${containsWord(sql.ref('content_items.content'), phrase)} then 5
    else 6 end`
}

/** The ids an item may sit under: 0 names the top level. */
const underOneOf = (parents: number[]) => {
  const ids = parents.filter((id) => id !== 0)
  return (eb: ExpressionBuilder<Database, 'content_items'>) =>
    eb.or([
      ...(parents.includes(0) ? [eb('content_items.parent_id', 'is', null)] : []),
      ...(ids.length ? [eb('content_items.parent_id', 'in', ids)] : []),
    ])
}

/** Types listed in their editorial order; the rest newest first. */
const ORDERED_BY_MENU = new Set<StoredContentType>(['page', 'home_block'])

/**
 * The published items of a type. An article is a chapter of its story, so it is published only
 * while its story is too (one condition for every type: compiled reads pass the type as a value).
 */
const published = (db: Db, stored: StoredContentType) =>
  db
    .selectFrom('content_items')
    .where('type', '=', stored)
    .where('status', '=', 'publish')
    .where((eb) =>
      eb.or([
        eb('type', '<>', 'article'),
        eb.exists(
          eb
            .selectFrom('content_items as story')
            .select('story.id')
            .whereRef('story.id', '=', 'content_items.parent_id')
            .where('story.type', '=', 'story')
            .where('story.status', '=', 'publish'),
        ),
      ]),
    )

/**
 * A whole type's list, unfiltered, as the home page reads five of them on every render: its
 * queries built and compiled once (Kysely's building cost more than SQLite's run, issue 15).
 */
const countPublished = compiledOnce((db: Db, stored: StoredContentType) =>
  published(db, stored).select((eb) => eb.fn.countAll<number>().as('total')),
)
const pageByMenuOrder = compiledOnce((db: Db, stored: StoredContentType, limit: number, offset: number) =>
  published(db, stored)
    .selectAll()
    .orderBy('menu_order', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .offset(offset),
)
const pageNewestFirst = compiledOnce((db: Db, stored: StoredContentType, limit: number, offset: number) =>
  published(db, stored).selectAll().orderBy('date', 'desc').orderBy('id', 'desc').limit(limit).offset(offset),
)

export async function listContent<T extends ContentType>(
  db: Db,
  type: T,
  query: ListQuery,
  now: number,
): Promise<{ items: ContentItemOf<T>[]; total: number }> {
  const stored = REST_TYPES[type].stored
  const filtered =
    query.slugs?.length ||
    wordPatterns(query.search ?? '').length > 0 ||
    query.storyId !== undefined ||
    query.parents !== undefined ||
    query.parentsExcluded !== undefined ||
    query.termId !== undefined ||
    query.include !== undefined ||
    query.exclude !== undefined ||
    query.offset !== undefined ||
    query.orderby !== undefined ||
    query.order !== undefined ||
    query.dates !== undefined
  if (!filtered) {
    const offset = pageOffset(query.page, query.perPage)
    const [counted, listed] = await Promise.all([
      countPublished(db, stored),
      (ORDERED_BY_MENU.has(stored) ? pageByMenuOrder : pageNewestFirst)(db, stored, query.perPage, offset),
    ])
    return {
      items: await shapeAsked(db, type, listed.rows, now, query.fields),
      total: Number(counted.rows[0]?.total ?? 0),
    }
  }
  let base = published(db, stored)
  if (query.slugs?.length) base = base.where('slug', 'in', query.slugs)
  for (const pattern of wordPatterns(query.search ?? '')) {
    base = base.where((eb) =>
      eb.or([
        containsWord(sql.ref('title'), pattern),
        containsWord(sql.ref('excerpt'), pattern),
        containsWord(sql.ref('content'), pattern),
      ]),
    )
  }
  if (query.storyId !== undefined) base = base.where('parent_id', '=', query.storyId)
  if (query.parents) base = base.where(underOneOf(query.parents))
  if (query.parentsExcluded) base = base.where((eb) => eb.not(underOneOf(query.parentsExcluded ?? [])(eb)))
  if (query.termId !== undefined) {
    const termId = query.termId
    base = base.where('id', 'in', (eb) =>
      eb.selectFrom('content_item_terms').select('item_id').where('term_id', '=', termId),
    )
  }
  if (query.include) base = base.where('content_items.id', 'in', query.include)
  if (query.exclude) base = base.where('content_items.id', 'not in', query.exclude)
  const { after, before, modifiedAfter, modifiedBefore } = query.dates ?? {}
  if (after !== undefined) base = base.where('content_items.date', '>', after)
  if (before !== undefined) base = base.where('content_items.date', '<', before)
  if (modifiedAfter !== undefined) base = base.where('content_items.modified', '>', modifiedAfter)
  if (modifiedBefore !== undefined) base = base.where('content_items.modified', '<', modifiedBefore)
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
  // A type in editorial order, or a story's articles, read it first to last; the rest newest first.
  const editorial = ORDERED_BY_MENU.has(stored) || query.storyId !== undefined
  const orderby = query.orderby ?? (editorial ? 'menu_order' : 'date')
  const order = query.order ?? (query.orderby === undefined && editorial ? 'asc' : 'desc')
  const rows =
    orderby === 'include'
      ? base.selectAll().orderBy(positionIn(sql.ref('content_items.id'), query.include ?? []))
      : orderby === 'relevance'
        ? base
            .selectAll()
            .orderBy(relevanceOf(query.search ?? ''))
            .orderBy('content_items.date', 'desc')
            .orderBy('content_items.id', 'desc')
        : base.selectAll().orderBy(ORDER_COLUMNS[orderby], order).orderBy('content_items.id', order)
  const offset = query.offset ?? pageOffset(query.page, query.perPage)
  const page = await rows.limit(query.perPage).offset(offset).execute()
  return { items: await shapeAsked(db, type, page, now, query.fields), total: Number(total) }
}

/**
 * The rows shaped, with `_fields` cut down to the asked fields: typed as whole items, as the
 * list's schema is the whole item's (the route writes such an answer unchecked, cutAnswer).
 */
async function shapeAsked<T extends ContentType>(
  db: Db,
  type: T,
  rows: ItemRow[],
  now: number,
  fields: FieldSelection | undefined,
): Promise<ContentItemOf<T>[]> {
  const items = await shapeItems(db, type, rows, now, fields)
  return fields ? (items.map((item) => pickFields(item, fields)) as ContentItemOf<T>[]) : items
}

/** One published item; with `fields`, only those fields (WordPress's `_fields`), as a list's. */
export async function findContent<T extends ContentType>(
  db: Db,
  type: T,
  id: number,
  now: number,
  fields?: FieldSelection,
): Promise<ContentItemOf<T> | undefined> {
  const row = await published(db, REST_TYPES[type].stored).selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) return undefined
  return (await shapeAsked(db, type, [row], now, fields))[0]
}
