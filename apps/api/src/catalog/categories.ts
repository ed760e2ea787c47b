/**
 * The product categories listing (WooCommerce products/categories): each category with its
 * image and the number of published products in it, filtered, ordered and paged. Asked for some
 * fields only (`_fields`), a list reads only those: without `image` it joins no media, and without
 * `count` it counts nothing unless a filter or the order needs the count.
 */
import {
  asksForAny,
  type CATEGORY_ORDERS,
  type CategoryJson,
  type FieldSelection,
  pickFields,
  totalFromPage,
} from '@fanshop/core'
import { type Kysely, sql } from 'kysely'
import type { ShopContext } from '../context.ts'
import { compiledOnce, perChoice } from '../db/compiled.ts'
import { containsWord, inByteOrder, positionIn, wordPatterns } from '../db/portable.ts'
import type { Database } from '../db/schema.ts'
import { describeImage } from '../media/describe.ts'
import { shownInShop } from './visibility.ts'

/** How a category list may be ordered; `include` follows the include list. */
export type CategoryOrder = (typeof CATEGORY_ORDERS)[number] | 'include'

export interface CategorySearch {
  exclude?: number[]
  include?: number[]
  /** Only the categories right under this one, 0: the top level (WooCommerce's `parent`). */
  parent?: number
  /** Only this product's categories (WooCommerce's `product`). */
  product?: number
  slugs?: string[]
  /** Words each found in the name or the slug (WooCommerce's `search`). */
  search?: string
  /** Categories skipped before the page, in place of the page's (WooCommerce's `offset`). */
  offset?: number
  hideEmpty: boolean
  orderby: CategoryOrder
  order: 'asc' | 'desc'
  page: number
  perPage: number
}

interface Filter {
  now: number
  exclude?: readonly number[]
  include?: readonly number[]
  parent?: number
  product?: number
  slugs?: readonly string[]
  patterns: readonly string[]
  hideEmpty: boolean
}

/** What a list reads besides the category's own columns. */
interface Reads {
  image: boolean
  count: boolean
}

function matching(db: Kysely<Database>, filter: Filter, reads: Reads) {
  const query = db
    .selectFrom('categories')
    .select([
      'categories.id',
      'categories.name',
      'categories.slug',
      'categories.parent',
      'categories.description',
      'categories.menu_order',
      'categories.hidden',
    ])
    .$if(reads.image, (qb) =>
      qb
        .leftJoin('media', 'media.id', 'categories.image_id')
        .select([
          'media.id as image_id',
          'media.alt as image_alt',
          'media.width as image_width',
          'media.height as image_height',
        ]),
    )
    .$if(reads.count, (qb) =>
      qb.select((eb) =>
        eb
          .selectFrom('product_categories')
          .innerJoin('products', 'products.id', 'product_categories.product_id')
          .select((sub) => sub.fn.countAll<number>().as('n'))
          .whereRef('product_categories.category_id', '=', 'categories.id')
          .where(shownInShop(filter.now))
          .where('products.parent_id', 'is', null)
          .as('count'),
      ),
    )
  return db
    .selectFrom(query.as('c'))
    .where((eb) =>
      eb.and([
        eb('c.hidden', '=', 0),
        ...(filter.exclude ? [eb('c.id', 'not in', filter.exclude)] : []),
        ...(filter.include ? [eb('c.id', 'in', filter.include)] : []),
        ...(filter.hideEmpty ? [eb('c.count', '>', 0)] : []),
        ...(filter.parent === undefined ? [] : [eb('c.parent', '=', filter.parent)]),
        ...(filter.product === undefined
          ? []
          : [
              eb.exists(
                eb
                  .selectFrom('product_categories')
                  .select('product_categories.category_id')
                  .whereRef('product_categories.category_id', '=', 'c.id')
                  .where('product_categories.product_id', '=', filter.product),
              ),
            ]),
        ...(filter.slugs ? [eb('c.slug', 'in', filter.slugs)] : []),
        ...filter.patterns.map((pattern) =>
          eb.or([containsWord(sql.ref('c.name'), pattern), containsWord(sql.ref('c.slug'), pattern)]),
        ),
      ]),
    )
}

/*
 * The shop page lists the categories on every render: the two queries are compiled once per
 * shape, order and what they read (Kysely's building cost more than SQLite's run, issue 15), and
 * the count runs only when the page does not tell the total (the shop's one page of them does).
 */
/**
 * What each order sorts by: names folded as a search compares them, names, slugs and descriptions
 * in the order of their bytes on both databases.
 */
const CATEGORY_ORDER_COLUMNS = {
  menu_order: sql.ref('c.menu_order'),
  name: inByteOrder(sql`search_fold(c.name)`),
  id: sql.ref('c.id'),
  slug: inByteOrder(sql.ref('c.slug')),
  description: inByteOrder(sql.ref('c.description')),
  count: sql.ref('c.count'),
} satisfies Record<Exclude<CategoryOrder, 'include'>, unknown>

/** The arguments a compiled category query takes after the clock (undefined: no such filter). */
type CompiledFilter = [
  exclude: readonly number[] | undefined,
  include: readonly number[] | undefined,
  parent: number | undefined,
  product: number | undefined,
  slugs: readonly string[] | undefined,
  patterns: readonly string[],
]

const filterOf = (
  now: number,
  hideEmpty: boolean,
  [exclude, include, parent, product, slugs, patterns]: CompiledFilter,
): Filter => ({ now, exclude, include, parent, product, slugs, patterns, hideEmpty })

/** One pair per filter, order and reads (112 at most). */
const queriesFor = perChoice(
  (hideEmpty: boolean, orderby: CategoryOrder, order: 'asc' | 'desc', image: boolean, count: boolean) => {
    const reads = { image, count }
    return {
      count: compiledOnce((db, now: number, ...filter: CompiledFilter) =>
        matching(db, filterOf(now, hideEmpty, filter), reads).select((eb) =>
          eb.fn.countAll<number>().as('total'),
        ),
      ),
      page: compiledOnce((db, limit: number, offset: number, now: number, ...filter: CompiledFilter) =>
        matching(db, filterOf(now, hideEmpty, filter), reads)
          .selectAll()
          .orderBy(
            orderby === 'include'
              ? positionIn(sql.ref('c.id'), filter[1] ?? [])
              : CATEGORY_ORDER_COLUMNS[orderby],
            orderby === 'include' ? 'asc' : order,
          )
          .orderBy('c.id', order)
          .limit(limit)
          .offset(offset),
      ),
    }
  },
)

/** The queries for a search, reading the image and the count only when the answer or the search needs them. */
function queriesOf(search: CategorySearch, fields: FieldSelection | undefined) {
  const count = asksForAny(fields, 'count') || search.hideEmpty || search.orderby === 'count'
  return queriesFor(search.hideEmpty, search.orderby, search.order, asksForAny(fields, 'image'), count)
}

/**
 * A page of categories; with `fields`, each cut down to the fields asked for: typed as whole
 * categories, as the list's schema is the whole category's (the route writes such an answer
 * unchecked, cutAnswer).
 */
export async function listCategories(
  ctx: Pick<ShopContext, 'db' | 'now'>,
  search: CategorySearch,
  fields?: FieldSelection,
): Promise<{ categories: CategoryJson[]; total: number }> {
  const { count, page } = queriesOf(search, fields)
  const filter: CompiledFilter = [
    search.exclude,
    search.include,
    search.parent,
    search.product,
    search.slugs,
    wordPatterns(search.search ?? ''),
  ]
  const now = ctx.now()
  const offset = search.offset ?? (search.page - 1) * search.perPage
  const { rows } = await page(ctx.db, search.perPage, offset, now, ...filter)
  const total =
    totalFromPage(offset, search.perPage, rows.length) ??
    Number((await count(ctx.db, now, ...filter)).rows[0]!.total)
  const categories: CategoryJson[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    parent: row.parent,
    description: row.description,
    image:
      row.image_id == null
        ? null
        : describeImage({
            id: row.image_id,
            alt: row.image_alt ?? '',
            width: row.image_width ?? null,
            height: row.image_height ?? null,
          }),
    menu_order: row.menu_order,
    count: Number(row.count ?? 0),
  }))
  return {
    total,
    categories: fields
      ? (categories.map((category) => pickFields(category, fields)) as CategoryJson[])
      : categories,
  }
}
