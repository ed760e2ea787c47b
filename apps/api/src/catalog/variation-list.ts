/**
 * A product's variations list (WooCommerce's products/<id>/variations): WooCommerce's filters, its
 * search and its orders, each by what the variation is, on a product's few dozen variations at
 * most, in memory. Without `orderby` the list keeps the shop's own order of the variations (the
 * product form's, menu_order then id), where WooCommerce lists the newest first.
 */
import {
  type catalogEndpoints,
  type PRODUCT_ORDERS,
  searchFold,
  searchWords,
  toCents,
  type VariationJson,
} from '@fanshop/core'
import type { z } from 'zod'
import type { ShopContext } from '../context.ts'
import { compiledOnce } from '../db/compiled.ts'
import { compareInByteOrder } from '../db/portable.ts'

/** The list's query, as its endpoint reads it. */
export type VariationQuery = z.output<typeof catalogEndpoints.variations.query>

/** What a variation's JSON does not show and a search or an order reads. */
const variationFacts = compiledOnce((db, parentId: number) =>
  db
    .selectFrom('products')
    .select(['id', 'name', 'slug', 'created_at', 'updated_at', 'menu_order', 'stock_sold'])
    .where('parent_id', '=', parentId),
)

type Facts = Awaited<ReturnType<typeof variationFacts>>['rows'][number]
type SortKey = (variation: VariationJson, facts: Facts) => number | string

const SORT_KEYS: Record<(typeof PRODUCT_ORDERS)[number], SortKey> = {
  date: (_, f) => f.created_at,
  modified: (_, f) => f.updated_at,
  id: (v) => v.id,
  // Names folded as a search compares them, as the products list sorts titles.
  title: (_, f) => searchFold(f.name),
  slug: (_, f) => f.slug,
  menu_order: (_, f) => f.menu_order,
  price: (v) => toCents(v.price),
  popularity: (_, f) => f.stock_sold,
}

/** Texts in the products list's order (SQL's inByteOrder), numbers by value. */
const compare = (a: number | string, b: number | string) =>
  typeof a === 'string' && typeof b === 'string' ? compareInByteOrder(a, b) : a < b ? -1 : a > b ? 1 : 0

/** The variations (of one product, in the shop's order) that `query` asks for, in its order. */
export async function listVariations(
  ctx: Pick<ShopContext, 'db'>,
  productId: number,
  variations: VariationJson[],
  query: VariationQuery,
): Promise<VariationJson[]> {
  const skus = query.sku && new Set(query.sku.map(searchFold))
  let found = variations.filter((variation) => {
    const price = toCents(variation.price)
    return (
      (!query.include || query.include.includes(variation.id)) &&
      !query.exclude?.includes(variation.id) &&
      (!skus || skus.has(searchFold(variation.sku))) &&
      (query.on_sale === undefined || variation.on_sale === query.on_sale) &&
      (query.stock_status === undefined || variation.stock_status === query.stock_status) &&
      (query.min_price === undefined || price >= query.min_price) &&
      (query.max_price === undefined || price <= query.max_price)
    )
  })
  const { orderby, search } = query
  // As WooCommerce, an order asked for runs newest (highest) first unless told otherwise; the
  // shop's own order runs up.
  const order = query.order ?? (orderby === undefined ? 'asc' : 'desc')
  const shopOrder = orderby === undefined && order === 'asc'
  if (search === undefined && shopOrder) return found

  const factsById = new Map((await variationFacts(ctx.db, productId)).rows.map((row) => [row.id, row]))
  const factsOf = (variation: VariationJson) => factsById.get(variation.id)!
  if (search !== undefined) {
    // Every word in the name (which names the colour and the size) or the SKU, as the products list's search.
    const words = searchWords(search)
    found = found.filter((variation) => {
      const text = searchFold(`${factsOf(variation).name} ${variation.sku}`)
      return words.every((word) => text.includes(word))
    })
  }
  if (shopOrder) return found
  if (orderby === 'include') {
    const position = new Map(query.include!.map((id, index) => [id, index]))
    return found.sort((a, b) => position.get(a.id)! - position.get(b.id)!)
  }
  const direction = order === 'asc' ? 1 : -1
  const key = SORT_KEYS[orderby ?? 'menu_order']
  return found.sort(
    (a, b) => direction * (compare(key(a, factsOf(a)), key(b, factsOf(b))) || compare(a.id, b.id)),
  )
}
