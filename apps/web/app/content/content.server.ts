/**
 * The content pages' calls to the back end, through the one API client: lists 100 at a time
 * (spec 9), single items by id or slug, the feed taxonomy and the catalogue products a lookbook
 * shows. An unknown id or slug becomes the 404 page; any other failure the error page with its
 * status code.
 */
import {
  CONTENT_PAGE_SIZE,
  type ContentItemEndpoint,
  type ContentItemOf,
  type ContentListEndpoint,
  type ContentType,
  catalogEndpoints,
  contentEndpoints,
  contentItemEndpoints,
  contentListEndpoints,
  contentTileEndpoints,
  type FeedTerm,
  MAX_ID,
  type ProductJson,
  readPaging,
  TILE_FIELD_LISTS,
} from '@fanshop/core'
import { type AppLoadContext, data } from 'react-router'
import type { z } from 'zod'
import { ApiError, call, callData } from '../api.server.ts'
import { NOT_FOUND_TEXT } from '../site/error-page.tsx'
import { keptForEveryVisitor } from '../site/kept-read.server.ts'

/** The 404 page (spec 2: 'This page could not be found'). */
export function notFound(): never {
  throw data({ message: NOT_FOUND_TEXT }, { status: 404 })
}

/** Turns a failed call into the 404 page or the error page with the call's status. */
function failure(error: unknown): never {
  if (error instanceof ApiError) {
    if (error.statusCode === 404) notFound()
    throw data({ message: error.message }, { status: error.statusCode })
  }
  throw error
}

/*
 * TypeScript cannot follow a call through an endpoint chosen by a type parameter, so the generic
 * readers below call the endpoint of "any type" and narrow its answer back to type T: the answer
 * was checked against T's own schema, since the endpoint object is T's.
 */
const listOf = <T extends ContentType>(type: T): ContentListEndpoint<ContentType> =>
  contentListEndpoints[type]
const itemOf = <T extends ContentType>(type: T): ContentItemEndpoint<ContentType> =>
  contentItemEndpoints[type]

export interface ListPage<T> {
  items: T[]
  page: number
  totalPages: number
  total: number
}

/** One page (100 items, or `per_page` when a page shows fewer) of a content list, optionally filtered. */
export async function fetchList<T extends ContentType>(
  context: AppLoadContext,
  type: T,
  query: { page?: number; per_page?: number; feed_taxonomy?: number; story?: number } = {},
): Promise<ListPage<ContentItemOf<T>>> {
  const page = query.page ?? 1
  try {
    const response = await call(context, listOf(type), {
      query: { ...query, page, per_page: query.per_page ?? CONTENT_PAGE_SIZE },
    })
    return {
      items: response.data as ContentItemOf<T>[],
      page,
      ...readPaging(response.headers, response.data.length),
    }
  } catch (error) {
    // A page past the last one is a page that does not exist.
    if (error instanceof ApiError && error.statusCode === 400 && page > 1) notFound()
    failure(error)
  }
}

/** The first item `read` answers (one item asked, not a page), or undefined when the list is empty. */
async function first<Item>(read: () => Promise<readonly Item[]>): Promise<Item | undefined> {
  try {
    return (await read())[0]
  } catch (error) {
    failure(error)
  }
}

/** The newest item of a content list, or undefined when it is empty. */
export function fetchNewest<T extends ContentType>(
  context: AppLoadContext,
  type: T,
): Promise<ContentItemOf<T> | undefined> {
  return first(() => callData(context, listOf(type), { query: { page: 1, per_page: 1 } })) as Promise<
    ContentItemOf<T> | undefined
  >
}

type TiledType = keyof typeof contentTileEndpoints
/** The newest item of a tiled list as its tile draws it. */
export type TileOf<T extends TiledType> = z.output<(typeof contentTileEndpoints)[T]['responses'][200]>[number]

/**
 * The newest story, lookbook or release as a landing tile: asked for the tile's fields only, so the
 * API reads and sends none of its tracks, setups or articles (issue "Instant on a phone").
 */
export function fetchNewestTile<T extends TiledType>(
  context: AppLoadContext,
  type: T,
): Promise<TileOf<T> | undefined> {
  const endpoint: (typeof contentTileEndpoints)[TiledType] = contentTileEndpoints[type]
  return first(() =>
    callData(context, endpoint, { query: { page: 1, per_page: 1, _fields: TILE_FIELD_LISTS[type] } }),
  ) as Promise<TileOf<T> | undefined>
}

/** One item by id; a missing or malformed id, or one past the ids' range, is the 404 page. */
export async function fetchItem<T extends ContentType>(
  context: AppLoadContext,
  type: T,
  id: string | number | undefined,
): Promise<ContentItemOf<T>> {
  if (!/^[1-9]\d{0,9}$/.test(String(id ?? '')) || Number(id) > MAX_ID) notFound()
  try {
    return (await callData(context, itemOf(type), { params: { id: String(id) } })) as ContentItemOf<T>
  } catch (error) {
    failure(error)
  }
}

/**
 * One item by slug (WordPress's ?slug=): the item whose slug is exactly this one, or the 404 page.
 * The API reads ?slug= as a list of trimmed slugs, so a blank slug would ask for no slug at all
 * (every item) and " shipping" for "shipping"; a slug it refuses (400: a NUL) names no item either.
 */
export async function fetchBySlug<T extends ContentType>(
  context: AppLoadContext,
  type: T,
  slug: string | undefined,
): Promise<ContentItemOf<T>> {
  if (!slug || slug.includes(',')) notFound()
  try {
    const [item] = await callData(context, listOf(type), { query: { slug } })
    return item?.slug === slug ? (item as ContentItemOf<T>) : notFound()
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 400) notFound()
    failure(error)
  }
}

const keptFeedTerms = keptForEveryVisitor((context: AppLoadContext) =>
  callData(context, contentEndpoints.feedTerms, { query: { per_page: CONTENT_PAGE_SIZE } }),
)

/** The feed taxonomy's terms, in their order: every visitor's, so kept (site/kept-read.server.ts). */
export async function fetchFeedTerms(context: AppLoadContext): Promise<FeedTerm[]> {
  try {
    return await keptFeedTerms(context)
  } catch (error) {
    failure(error)
  }
}

/** The catalogue products with these ids (a lookbook's looks), through the catalogue API. */
export async function fetchProducts(context: AppLoadContext, ids: number[]): Promise<ProductJson[]> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return []
  try {
    return await callData(context, catalogEndpoints.products, {
      query: { include: unique.join(','), per_page: Math.min(unique.length, CONTENT_PAGE_SIZE) },
    })
  } catch (error) {
    failure(error)
  }
}

/** The ?page= of a list URL: a whole number from 1, anything else is the 404 page. */
export function pageParam(url: URL): number {
  const raw = url.searchParams.get('page')
  if (raw === null) return 1
  if (!/^[1-9]\d{0,5}$/.test(raw)) notFound()
  return Number(raw)
}
