/**
 * Finds the published top-level products a listing asks for (category, ids, slug, search words,
 * shop filters), counts them for the paging headers and returns one page of ids in order.
 * Two queries whatever the page size, one when the page is the last and not full (its total is
 * then known, as on most shop pages); product-json.ts then loads the page.
 */
import {
  attributeSlugOf,
  attributeTaxonomy,
  GENDER_TAXONOMY,
  type PRODUCT_ORDERS,
  type PRODUCT_TYPES,
  type STOCK_STATUSES,
  type TaxonomyFilter,
  totalFromPage,
} from '@fanshop/core'
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely'
import type { ShopContext } from '../context.ts'
import { compiledOnce, perChoice } from '../db/compiled.ts'
import { containsWord, inByteOrder, positionIn, wordPatterns } from '../db/portable.ts'
import type { Database } from '../db/schema.ts'
import { badRequest } from '../http/errors.ts'
import { availableUnitsSql, giveBackExpiredHolds } from './stock.ts'
import { shownInShop } from './visibility.ts'

/** How a product list may be ordered; `include` (the products list's only) follows the include list. */
export type ProductOrder = (typeof PRODUCT_ORDERS)[number] | 'include'

export interface ProductSearch {
  category?: number
  include?: number[]
  /** Not these products (WooCommerce's `exclude`). */
  exclude?: number[]
  slug?: string
  search?: string
  taxonomies?: TaxonomyFilter
  orderby: ProductOrder
  order: 'asc' | 'desc'
  page: number
  perPage: number
  /** Products skipped before the page, in place of the page's (WooCommerce's `offset`). */
  offset?: number
  /** Only products with one of these SKUs, folded by searchFold (WooCommerce's `sku`). */
  skus?: string[]
  /** Only products whose JSON's `on_sale` is this (WooCommerce's `on_sale`). */
  onSale?: boolean
  /** Only products whose JSON's `stock_status` is this (WooCommerce's `stock_status`). */
  stockStatus?: StockStatus
  /** Only products created (`date_created`) strictly after or before these instants, epoch ms (WooCommerce's `after`, `before`). */
  createdAfter?: number
  createdBefore?: number
  /** Only products sold, themselves or one of their variations, at a price in cents from minPrice to maxPrice (WooCommerce's `min_price`, `max_price`). */
  minPrice?: number
  maxPrice?: number
  /** Only products whose JSON's `type` is this (WooCommerce's `type`). */
  type?: ProductType
  /** Only products whose JSON's `attributes` hold this attribute (`pa_<slug>`), and one of these terms of it when given (WooCommerce's `attribute`, `attribute_term`). */
  attribute?: { taxonomy: string; termIds?: number[] }
}

export type ProductType = (typeof PRODUCT_TYPES)[number]

export type StockStatus = (typeof STOCK_STATUSES)[number]

type ProductsScope = ExpressionBuilder<Database, 'products'>

/** Core's isOnSale of a product or variation row (`table` is its name in the query), in SQL. */
const onSaleSql = (table: string) =>
  sql<boolean>`(${sql.ref(`${table}.sale_price`)} is not null and ${sql.ref(`${table}.sale_price`)} < ${sql.ref(`${table}.regular_price`)})`

/** Core's currentPrice of a row, in SQL: the sale price while it is on sale, else the regular one. */
const unitPriceSql = (table: string) =>
  sql<number>`case when ${onSaleSql(table)} then ${sql.ref(`${table}.sale_price`)} else ${sql.ref(`${table}.regular_price`)} end`

/** What a shopper pays now; for a variable product, its cheapest published variation (the back office sorts by it too). */
export const currentPriceSql = sql<number>`coalesce(
  (select min(${unitPriceSql('v')}) from products v
    where v.parent_id = products.id and v.status = 'publish'),
  ${unitPriceSql('products')})`

/**
 * Whether what the product sells holds `holds` of its row: for a variable product one of its
 * published variations (named `v`), the variations its JSON shows; for any other, itself.
 */
function soldItemHolds(eb: ProductsScope, holds: (table: string) => Expression<SqlBool>) {
  return eb.or([
    eb.and([
      eb('products.type', '=', 'variable'),
      eb.exists(
        eb
          .selectFrom('products as v')
          .select('v.id')
          .whereRef('v.parent_id', '=', 'products.id')
          .where('v.status', '=', 'publish')
          .where(holds('v')),
      ),
    ]),
    eb.and([eb('products.type', '<>', 'variable'), holds('products')]),
  ])
}

/** The product JSON's `on_sale` (product-json.ts): of a variable product, one of its variations. */
const isOnSaleSql = (eb: ProductsScope) => soldItemHolds(eb, onSaleSql)

/**
 * The product JSON's `stock_status` (product-json.ts): in stock when a unit can be taken (of one of
 * a variable product's variations). Holds that ran out are given back before the list is read
 * (giveBackExpiredHolds), as before a page's stock is.
 */
function stockStatusSql(eb: ProductsScope) {
  const inStock = soldItemHolds(eb, (table) => eb(availableUnitsSql(table), '>', 0))
  return sql<StockStatus>`case when ${inStock} then 'instock' else 'outofstock' end`
}

/** Whether the product sells at a price within the bounds (WooCommerce: one of a variable product's variations). */
function pricedWithin(eb: ProductsScope, min: number | undefined, max: number | undefined) {
  return soldItemHolds(eb, (table) => {
    const bounds = []
    if (min !== undefined) bounds.push(eb(unitPriceSql(table), '>=', min))
    if (max !== undefined) bounds.push(eb(unitPriceSql(table), '<=', max))
    return eb.and(bounds)
  })
}

/** Units sold, as WooCommerce's total_sales: a variable product's are its variations' (those taken off sale too). */
const unitsSoldSql = sql<number>`coalesce(
  (select sum(v.stock_sold) from products v where v.parent_id = products.id),
  products.stock_sold)`

/** What each order sorts by: names folded as a search compares them, names and slugs in the order of their bytes on both databases. */
const ORDER_COLUMNS = {
  date: sql.ref('products.created_at'),
  modified: sql.ref('products.updated_at'),
  popularity: unitsSoldSql,
  id: sql.ref('products.id'),
  title: inByteOrder(sql`search_fold(products.name)`),
  slug: inByteOrder(sql.ref('products.slug')),
  menu_order: sql.ref('products.menu_order'),
  price: currentPriceSql,
} satisfies Record<Exclude<ProductOrder, 'include'>, unknown>

const attributeSlugs = compiledOnce((db) => db.selectFrom('attributes').select('slug').orderBy('id'))

/** The attributes' taxonomies (`pa_<slug>`). */
async function attributeTaxonomies(ctx: Pick<ShopContext, 'db'>): Promise<string[]> {
  const { rows: attributes } = await attributeSlugs(ctx.db)
  return attributes.map((a) => attributeTaxonomy(a.slug))
}

/** Refuses taxonomies that do not exist, naming the ones that do. */
async function assertKnownTaxonomies(ctx: Pick<ShopContext, 'db'>, filter: TaxonomyFilter): Promise<void> {
  const known = [GENDER_TAXONOMY, ...(await attributeTaxonomies(ctx))]
  const unknown = filter.find((entry) => !known.includes(entry.taxonomy))
  if (unknown) {
    throw badRequest(`Unknown taxonomy "${unknown.taxonomy}". Known taxonomies: ${known.join(', ')}.`)
  }
}

/** Refuses an `attribute` no attribute has, naming the ones there are (WooCommerce ignores it: every product). */
async function assertKnownAttribute(ctx: Pick<ShopContext, 'db'>, taxonomy: string): Promise<void> {
  const known = await attributeTaxonomies(ctx)
  if (!known.includes(taxonomy)) {
    throw badRequest(
      `Invalid querystring parameter "attribute": there is no attribute "${taxonomy}". Attributes: ${known.join(', ')}.`,
    )
  }
}

/** A shop filter's taxonomy as the query takes it: an attribute's slug, or undefined for the genders. */
interface TaxonomyMatch {
  attribute: string | undefined
  terms: readonly string[]
}

function matchesTaxonomy(eb: ProductsScope, entry: TaxonomyMatch) {
  const attributeSlug = entry.attribute
  if (attributeSlug === undefined) {
    return eb(
      'products.gender_id',
      'in',
      eb.selectFrom('genders').select('genders.id').where('genders.slug', 'in', entry.terms),
    )
  }
  return eb.exists(termsOffered(eb, attributeSlug).where('attribute_terms.slug', 'in', entry.terms))
}

/** The product's terms of one attribute (product-json.ts's productAttributes reads the same rows). */
function termsOffered(eb: ProductsScope, attributeSlug: string) {
  return eb
    .selectFrom('product_terms')
    .innerJoin('attribute_terms', 'attribute_terms.id', 'product_terms.term_id')
    .innerJoin('attributes', 'attributes.id', 'attribute_terms.attribute_id')
    .select('product_terms.product_id')
    .whereRef('product_terms.product_id', '=', 'products.id')
    .where('attributes.slug', '=', attributeSlug)
}

/** The product JSON's `type`: a variable product, or simple (product-json.ts). */
const productTypeSql = sql<ProductType>`case when ${sql.ref('products.type')} = 'variable' then 'variable' else 'simple' end`

/**
 * Whether the product's JSON lists the attribute in its `attributes` (the terms it is offered in,
 * product-json.ts's productAttributes), and one of the terms among them when some are named.
 */
function offeredIn(eb: ProductsScope, attributeSlug: string, termIds: readonly number[] | undefined) {
  const terms = termsOffered(eb, attributeSlug)
  return eb.exists(termIds === undefined ? terms : terms.where('attribute_terms.id', 'in', termIds))
}

/** A search word is in the name, the SKU, or the name of a colour or size the product comes in. */
function matchesWord(eb: ProductsScope, pattern: string) {
  return eb.or([
    containsWord(sql.ref('products.name'), pattern),
    containsWord(sql.ref('products.sku'), pattern),
    eb.exists(
      eb
        .selectFrom('product_terms')
        .innerJoin('attribute_terms', 'attribute_terms.id', 'product_terms.term_id')
        .select('product_terms.product_id')
        .whereRef('product_terms.product_id', '=', 'products.id')
        .where(containsWord(sql.ref('attribute_terms.name'), pattern)),
    ),
  ])
}

/** What a listing's products must match. */
interface Filter {
  now: number
  category?: number
  include?: readonly number[]
  exclude?: readonly number[]
  slug?: string
  skus?: readonly string[]
  /** 1: only products on sale, 0: only those not on sale (a value the compiled query binds). */
  onSale?: number
  stockStatus?: StockStatus
  createdAfter?: number
  createdBefore?: number
  minPrice?: number
  maxPrice?: number
  type?: ProductType
  attributeSlug?: string
  attributeTermIds?: readonly number[]
  patterns: readonly string[]
  taxonomies: readonly TaxonomyMatch[]
}

function matching(db: Kysely<Database>, filter: Filter) {
  return db
    .selectFrom('products')
    .where('products.parent_id', 'is', null)
    .where(shownInShop(filter.now))
    .where((eb) => {
      const conditions = []
      if (filter.category !== undefined) {
        conditions.push(
          eb.exists(
            eb
              .selectFrom('product_categories')
              .select('product_categories.product_id')
              .whereRef('product_categories.product_id', '=', 'products.id')
              .where('product_categories.category_id', '=', filter.category),
          ),
        )
      }
      if (filter.include) conditions.push(eb('products.id', 'in', filter.include))
      if (filter.exclude) conditions.push(eb('products.id', 'not in', filter.exclude))
      if (filter.slug !== undefined) conditions.push(eb('products.slug', '=', filter.slug))
      if (filter.skus) conditions.push(eb(sql`search_fold(products.sku)`, 'in', filter.skus))
      if (filter.onSale !== undefined) {
        conditions.push(eb(sql`case when ${isOnSaleSql(eb)} then 1 else 0 end`, '=', filter.onSale))
      }
      if (filter.stockStatus !== undefined) conditions.push(eb(stockStatusSql(eb), '=', filter.stockStatus))
      if (filter.createdAfter !== undefined)
        conditions.push(eb('products.created_at', '>', filter.createdAfter))
      if (filter.createdBefore !== undefined)
        conditions.push(eb('products.created_at', '<', filter.createdBefore))
      if (filter.minPrice !== undefined || filter.maxPrice !== undefined) {
        conditions.push(pricedWithin(eb, filter.minPrice, filter.maxPrice))
      }
      if (filter.type !== undefined) conditions.push(eb(productTypeSql, '=', filter.type))
      if (filter.attributeSlug !== undefined) {
        conditions.push(offeredIn(eb, filter.attributeSlug, filter.attributeTermIds))
      }
      for (const pattern of filter.patterns) conditions.push(matchesWord(eb, pattern))
      for (const entry of filter.taxonomies) conditions.push(matchesTaxonomy(eb, entry))
      return eb.and(conditions)
    })
}

const countMatching = (db: Kysely<Database>, filter: Filter) =>
  matching(db, filter).select((eb) => eb.fn.countAll<number>().as('total'))

const pageMatching = (
  db: Kysely<Database>,
  filter: Filter,
  orderby: ProductOrder,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) =>
  matching(db, filter)
    .select('products.id')
    .orderBy(
      orderby === 'include'
        ? positionIn(sql.ref('products.id'), filter.include ?? [])
        : ORDER_COLUMNS[orderby],
      orderby === 'include' ? 'asc' : order,
    )
    .orderBy('products.id', order)
    .limit(limit)
    .offset(offset)

/*
 * Every catalogue page lists products (the product page by its slug): the two queries are
 * compiled once per shape and order (Kysely's building cost more than SQLite's run, issue 15).
 * The shop filters are two arguments each, the attribute's slug (undefined for the genders) and
 * the terms, so their number, kinds and term counts are part of the shape.
 */
/** The filters a compiled query takes, in order (the shape comes from which are undefined). */
type CompiledFilter = [
  now: number,
  category: number | undefined,
  include: readonly number[] | undefined,
  exclude: readonly number[] | undefined,
  slug: string | undefined,
  skus: readonly string[] | undefined,
  onSale: number | undefined,
  stockStatus: StockStatus | undefined,
  createdAfter: number | undefined,
  createdBefore: number | undefined,
  minPrice: number | undefined,
  maxPrice: number | undefined,
  type: ProductType | undefined,
  attributeSlug: string | undefined,
  attributeTermIds: readonly number[] | undefined,
  patterns: readonly string[],
  ...taxonomies: (string | undefined | readonly string[])[],
]

function filterOf([
  now,
  category,
  include,
  exclude,
  slug,
  skus,
  onSale,
  stockStatus,
  createdAfter,
  createdBefore,
  minPrice,
  maxPrice,
  type,
  attributeSlug,
  attributeTermIds,
  patterns,
  ...taxonomies
]: CompiledFilter): Filter {
  const matches: TaxonomyMatch[] = []
  for (let i = 0; i < taxonomies.length; i += 2) {
    matches.push({
      attribute: taxonomies[i] as string | undefined,
      terms: taxonomies[i + 1] as readonly string[],
    })
  }
  return {
    now,
    category,
    include,
    exclude,
    slug,
    skus,
    onSale,
    stockStatus,
    createdAfter,
    createdBefore,
    minPrice,
    maxPrice,
    type,
    attributeSlug,
    attributeTermIds,
    patterns,
    taxonomies: matches,
  }
}

const compiledCount = compiledOnce((db, ...filter: CompiledFilter) => countMatching(db, filterOf(filter)))

/** One page query per order and direction (18 at most). */
const compiledPage = perChoice((orderby: ProductOrder, order: 'asc' | 'desc') =>
  compiledOnce((db, limit: number, offset: number, ...filter: CompiledFilter) =>
    pageMatching(db, filterOf(filter), orderby, order, limit, offset),
  ),
)

export async function searchProducts(
  ctx: Pick<ShopContext, 'db' | 'database' | 'now'>,
  search: ProductSearch,
): Promise<{ ids: number[]; total: number }> {
  const { ids, filter, limit, offset } = await pageOfSearch(ctx, search)
  const total =
    totalFromPage(offset, limit, ids.length) ??
    Number((await compiledCount(ctx.db, ...filter)).rows[0]!.total)
  return { ids, total }
}

/**
 * The ids of the search's page without its total: a product looked up by id or slug (the product
 * page, its variations) needs the visibility rules, never a count of what else matches.
 */
export async function searchProductIds(
  ctx: Pick<ShopContext, 'db' | 'database' | 'now'>,
  search: ProductSearch,
): Promise<number[]> {
  return (await pageOfSearch(ctx, search)).ids
}

async function pageOfSearch(ctx: Pick<ShopContext, 'db' | 'database' | 'now'>, search: ProductSearch) {
  const taxonomies = search.taxonomies ?? []
  if (taxonomies.length > 0) await assertKnownTaxonomies(ctx, taxonomies)
  if (search.attribute) await assertKnownAttribute(ctx, search.attribute.taxonomy)
  if (search.stockStatus !== undefined) await giveBackExpiredHolds(ctx)
  const limit = search.perPage
  const offset = search.offset ?? (search.page - 1) * search.perPage
  const filter: CompiledFilter = [
    ctx.now(),
    search.category,
    search.include,
    search.exclude,
    search.slug,
    search.skus,
    search.onSale === undefined ? undefined : Number(search.onSale),
    search.stockStatus,
    search.createdAfter,
    search.createdBefore,
    search.minPrice,
    search.maxPrice,
    search.type,
    search.attribute && (attributeSlugOf(search.attribute.taxonomy) ?? undefined),
    search.attribute?.termIds,
    wordPatterns(search.search ?? ''),
    ...taxonomies.flatMap((entry) => [attributeSlugOf(entry.taxonomy) ?? undefined, entry.terms]),
  ]
  const { rows } = await compiledPage(search.orderby, search.order)(ctx.db, limit, offset, ...filter)
  return { ids: rows.map((row) => row.id), filter, limit, offset }
}
