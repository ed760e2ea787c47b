/**
 * Turns product rows into WooCommerce product JSON for a whole page at once: variations,
 * stock, images, categories, attribute terms, genders and size guides are each loaded in one
 * query for all the products together (no query per product).
 */
import {
  asksFor,
  asksForAny,
  asksForPosition,
  currentPrice,
  type FieldSelection,
  type HowToMeasureJson,
  type ImageJson,
  isOnSale,
  type PartialProductJson,
  type PricedRow,
  type ProductAttributeJson,
  type ProductJson,
  perFanCap,
  pickFields,
  type SizeGuideJson,
  type SizeRow,
  sizeRowSchema,
  toDecimalString,
  type VariationJson,
} from '@fanshop/core'
import { type Kysely, type Selectable, sql } from 'kysely'
import { z } from 'zod'
import type { ShopContext } from '../context.ts'
import { compiledOnce } from '../db/compiled.ts'
import type { Database } from '../db/schema.ts'
import { describeImage } from '../media/describe.ts'
import { availableStockOfRows, STOCK_COLUMNS } from './stock.ts'
import type { ProductsTable } from './tables.ts'
import { isShownInShop } from './visibility.ts'

/** What a page shows of a product besides its texts: all but the back office's and the cart's columns. */
const PRODUCT_COLUMNS = [
  ...STOCK_COLUMNS,
  'type',
  'name',
  'slug',
  'status',
  'publish_at',
  'sku',
  'regular_price',
  'sale_price',
  'gender_id',
  'size_guide_id',
  'created_at',
  'limited',
  'max_per_fan',
] as const

/** The product's texts: its longest columns, which no card shows. */
const TEXT_COLUMNS = ['description', 'short_description'] as const

/** What a page shows of a variation. */
const VARIATION_COLUMNS = [
  ...STOCK_COLUMNS,
  'parent_id',
  'sku',
  'regular_price',
  'sale_price',
  'image_id',
] as const

type VariationRow = Pick<Selectable<ProductsTable>, (typeof VARIATION_COLUMNS)[number]>

const sizeRowsSchema = z.array(sizeRowSchema)

interface TermRow {
  term_id: number
  attribute_id: number
  attribute_name: string
  attribute_slug: string
  term_name: string
}

export const permalinkOf = (slug: string) => `/product/${slug}`

type Ids = readonly number[]

/*
 * The page's queries, compiled once per number of ids (every page render runs them; Kysely's
 * building cost more than SQLite's run, issue 15).
 */
const productRowQuery = (db: Kysely<Database>, ids: Ids) =>
  db.selectFrom('products').select(PRODUCT_COLUMNS).where('id', 'in', ids).where('parent_id', 'is', null)
const productRows = compiledOnce((db: Kysely<Database>, ids: Ids) =>
  productRowQuery(db, ids).select(TEXT_COLUMNS),
)
/** For an answer that shows neither text (a card list's): the texts are not read but left empty. */
const productRowsWithoutTexts = compiledOnce((db: Kysely<Database>, ids: Ids) =>
  productRowQuery(db, ids).select([
    sql<string>`''`.as('description'),
    sql<string>`''`.as('short_description'),
  ]),
)
const variationRows = compiledOnce((db: Kysely<Database>, ids: Ids) =>
  db
    .selectFrom('products')
    .select(VARIATION_COLUMNS)
    .where('parent_id', 'in', ids)
    .where('status', '=', 'publish')
    .orderBy('menu_order')
    .orderBy('id'),
)
const productImageRows = compiledOnce((db: Kysely<Database>, ids: Ids) =>
  db
    .selectFrom('product_images')
    .innerJoin('media', 'media.id', 'product_images.media_id')
    .select(['product_images.product_id', 'media.id', 'media.alt', 'media.width', 'media.height'])
    .where('product_images.product_id', 'in', ids)
    .orderBy('product_images.position'),
)
const mediaRows = compiledOnce((db: Kysely<Database>, ids: Ids) =>
  db.selectFrom('media').select(['id', 'alt', 'width', 'height']).where('id', 'in', ids),
)
const categoryRows = compiledOnce((db: Kysely<Database>, ids: Ids) =>
  db
    .selectFrom('product_categories')
    .innerJoin('categories', 'categories.id', 'product_categories.category_id')
    .select(['product_categories.product_id', 'categories.id', 'categories.name', 'categories.slug'])
    .where('product_categories.product_id', 'in', ids)
    .orderBy('categories.menu_order')
    .orderBy('categories.id'),
)
const genderRows = compiledOnce((db: Kysely<Database>, ids: Ids) =>
  db.selectFrom('genders').select(['id', 'name', 'slug']).where('id', 'in', ids),
)
const sizeGuideRows = compiledOnce((db: Kysely<Database>, ids: Ids) =>
  db
    .selectFrom('size_guides')
    .leftJoin('media', 'media.id', 'size_guides.measure_image_id')
    .select([
      'size_guides.id',
      'size_guides.description',
      'size_guides.sizes',
      'size_guides.measure_description',
      'size_guides.chest_description',
      'size_guides.body_description',
      'media.id as image_id',
      'media.alt as image_alt',
      'media.width as image_width',
      'media.height as image_height',
    ])
    .where('size_guides.id', 'in', ids),
)
const termLinkRows = compiledOnce((db: Kysely<Database>, ids: Ids) =>
  db.selectFrom('product_terms').select(['product_id', 'term_id']).where('product_id', 'in', ids),
)
const termRows = compiledOnce((db: Kysely<Database>, ids: Ids) =>
  db
    .selectFrom('attribute_terms')
    .innerJoin('attributes', 'attributes.id', 'attribute_terms.attribute_id')
    .select([
      'attribute_terms.id as term_id',
      'attributes.id as attribute_id',
      'attributes.name as attribute_name',
      'attributes.slug as attribute_slug',
      'attribute_terms.name as term_name',
    ])
    .where('attribute_terms.id', 'in', ids)
    .orderBy('attributes.id')
    .orderBy('attribute_terms.menu_order')
    .orderBy('attribute_terms.id'),
)

const rowsOf = async <R>(result: Promise<{ rows: R[] }>): Promise<R[]> => (await result).rows

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>()
  for (const item of items) {
    const k = key(item)
    const list = groups.get(k)
    if (list) list.push(item)
    else groups.set(k, [item])
  }
  return groups
}

function priceFields(row: PricedRow) {
  const onSale = isOnSale(row)
  return {
    price: toDecimalString(currentPrice(row)),
    regular_price: toDecimalString(row.regular_price),
    sale_price: onSale ? toDecimalString(row.sale_price) : '',
    on_sale: onSale,
  }
}

type ProductContext = Pick<ShopContext, 'db' | 'database' | 'now' | 'config'>

/** Loads the published products with these ids as product JSON, in the order of `ids`. */
export function loadProductJson(ctx: ProductContext, ids: readonly number[]): Promise<ProductJson[]> {
  return buildProductJson(ctx, ids, undefined)
}

/**
 * The same products with only the `_fields` asked for; what no asked field shows is not read
 * (a card's list reads no terms, categories, size guides or variation images).
 */
export async function loadProductFields(
  ctx: ProductContext,
  ids: readonly number[],
  fields: FieldSelection,
): Promise<PartialProductJson[]> {
  return (await buildProductJson(ctx, ids, fields)).map((product) => pickFields(product, fields))
}

async function buildProductJson(
  ctx: ProductContext,
  ids: readonly number[],
  fields: FieldSelection | undefined,
): Promise<ProductJson[]> {
  if (ids.length === 0) return []
  const { db } = ctx
  const readsTexts = TEXT_COLUMNS.some((text) => asksForAny(fields, text))
  const [parents, variations] = await Promise.all([
    rowsOf((readsTexts ? productRows : productRowsWithoutTexts)(db, ids)),
    rowsOf(variationRows(db, ids)),
  ])
  const allRows = [...parents, ...variations]
  const allIds = allRows.map((row) => row.id)
  const variationImageIds = asksFor(fields, 'variations', 'image')
    ? [...new Set(variations.flatMap((v) => (v.image_id === null ? [] : [v.image_id])))]
    : []
  const genderIds = asksForAny(fields, 'gender')
    ? [...new Set(parents.flatMap((p) => (p.gender_id === null ? [] : [p.gender_id])))]
    : []
  const guideIds =
    asksForAny(fields, 'size_guide') || asksForAny(fields, 'how_to_measure')
      ? [...new Set(parents.flatMap((p) => (p.size_guide_id === null ? [] : [p.size_guide_id])))]
      : []

  const [stock, productImages, variationImages, categories, termsByProduct, genders, guides] =
    await Promise.all([
      availableStockOfRows(ctx, allRows),
      asksForAny(fields, 'images') ? rowsOf(productImageRows(db, ids)) : Promise.resolve([]),
      variationImageIds.length === 0 ? Promise.resolve([]) : rowsOf(mediaRows(db, variationImageIds)),
      asksForAny(fields, 'categories') ? rowsOf(categoryRows(db, ids)) : Promise.resolve([]),
      asksForAny(fields, 'attributes') || asksFor(fields, 'variations', 'attributes')
        ? loadTerms(db, allIds)
        : Promise.resolve(new Map<number, TermRow[]>()),
      genderIds.length === 0 ? Promise.resolve([]) : rowsOf(genderRows(db, genderIds)),
      guideIds.length === 0 ? Promise.resolve([]) : rowsOf(sizeGuideRows(db, guideIds)),
    ])

  const imagesByProduct = groupBy(productImages, (image) => image.product_id)
  const imageById = new Map(variationImages.map((row) => [row.id, describeImage(row)]))
  const categoriesByProduct = groupBy(categories, (category) => category.product_id)
  const variationsByParent = groupBy(variations, (variation) => variation.parent_id!)
  const genderById = new Map(genders.map((g) => [g.id, { term_id: g.id, name: g.name, slug: g.slug }]))
  const guideById = new Map(
    guides.map((guide) => {
      const sizeGuide: SizeGuideJson = {
        description: guide.description,
        clothes_size_data: { sizes: parseSizeRows(guide.sizes) },
      }
      const measureImage =
        guide.image_id === null
          ? null
          : describeImage({
              id: guide.image_id,
              alt: guide.image_alt ?? '',
              width: guide.image_width,
              height: guide.image_height,
            })
      const howToMeasure: HowToMeasureJson = {
        description: guide.measure_description,
        content: {
          image: measureImage && {
            url: measureImage.src,
            alt: measureImage.alt,
            width: measureImage.width,
            height: measureImage.height,
          },
          chest_description: guide.chest_description,
          body_descirption: guide.body_description,
        },
      }
      return [guide.id, { sizeGuide, howToMeasure }]
    }),
  )

  const now = ctx.now()
  const byId = new Map(
    parents
      .filter((row) => isShownInShop(row, now))
      .map((row) => {
        const ownTerms = termsByProduct.get(row.id) ?? []
        const variationRows = row.type === 'variable' ? (variationsByParent.get(row.id) ?? []) : []
        const variationJson = variationRows.map((variation) =>
          toVariationJson(variation, termsByProduct.get(variation.id) ?? [], stock, imageById),
        )
        const variationAttributeIds = new Set(
          variationRows.flatMap((v) => (termsByProduct.get(v.id) ?? []).map((t) => t.attribute_id)),
        )
        const guide = row.size_guide_id === null ? undefined : guideById.get(row.size_guide_id)
        // Only the pictures asked for are described (a card asks for the first, `images.0`);
        // the others stay null until pickFields keeps the positions asked.
        const images = (imagesByProduct.get(row.id) ?? []).map((image, position) =>
          asksForPosition(fields, 'images', position) ? describeImage(image) : null,
        ) as ImageJson[]
        const product: ProductJson = {
          id: row.id,
          name: row.name,
          slug: row.slug,
          permalink: permalinkOf(row.slug),
          type: row.type === 'variable' ? 'variable' : 'simple',
          date_created: new Date(row.created_at).toISOString(),
          description: row.description,
          short_description: row.short_description,
          sku: row.sku,
          ...(row.type === 'variable'
            ? variablePricing(variationRows, stock)
            : simplePricing(row, stock.get(row.id) ?? 0)),
          max_per_order: ctx.config.MAX_PER_ORDER,
          ...maxPerFan(row),
          images,
          categories: (categoriesByProduct.get(row.id) ?? []).map(({ id, name, slug }) => ({
            id,
            name,
            slug,
          })),
          attributes: productAttributes(ownTerms, variationAttributeIds),
          gender: row.gender_id === null ? null : (genderById.get(row.gender_id) ?? null),
          variations: variationJson,
          size_guide: guide?.sizeGuide ?? null,
          how_to_measure: guide?.howToMeasure ?? null,
        }
        return [row.id, product] as const
      }),
  )
  return ids.flatMap((id) => {
    const product = byId.get(id)
    return product ? [product] : []
  })
}

/**
 * The attribute terms of each product, in attribute then term order. The links are read as pairs
 * of ids and the few terms they name once: joining the names onto every link made SQLite build
 * and sort a row of strings per variation and term, the bulk of a page's query time.
 */
async function loadTerms(
  db: ShopContext['db'],
  productIds: readonly number[],
): Promise<Map<number, TermRow[]>> {
  const links = await rowsOf(termLinkRows(db, productIds))
  if (links.length === 0) return new Map()
  const terms: TermRow[] = await rowsOf(termRows(db, [...new Set(links.map((link) => link.term_id))]))
  const rank = new Map(terms.map((term, index) => [term.term_id, index]))
  const byProduct = new Map<number, TermRow[]>()
  for (const [productId, group] of groupBy(links, (link) => link.product_id)) {
    const ordered = group.map((link) => rank.get(link.term_id)!).sort((a, b) => a - b)
    byProduct.set(
      productId,
      ordered.map((index) => terms[index]!),
    )
  }
  return byProduct
}

/** A size guide's rows as stored (JSON text of spec 3's `clothes_size_data.sizes`). */
export function parseSizeRows(json: string): SizeRow[] {
  const parsed = sizeRowsSchema.safeParse(JSON.parse(json))
  if (!parsed.success) throw new Error(`size_guides.sizes is not a list of size rows: ${json}`)
  return parsed.data
}

/** The product's per-fan cap, where it has one (launch/fan-cap.ts counts it at the add). */
function maxPerFan(row: Parameters<typeof perFanCap>[0]) {
  const cap = perFanCap(row)
  return cap === null ? {} : { max_per_fan: cap }
}

function simplePricing(row: PricedRow, available: number) {
  return {
    ...priceFields(row),
    stock_status: available > 0 ? ('instock' as const) : ('outofstock' as const),
    stock_quantity: available,
  }
}

/** A variable product shows its cheapest variation that can be bought (or the cheapest at all). */
function variablePricing(variations: VariationRow[], stock: Map<number, number>) {
  const available = variations.reduce((sum, v) => sum + (stock.get(v.id) ?? 0), 0)
  const buyable = variations.filter((v) => (stock.get(v.id) ?? 0) > 0)
  const pool = buyable.length > 0 ? buyable : variations
  const cheapest = pool.reduce<VariationRow | undefined>(
    (best, v) => (best === undefined || currentPrice(v) < currentPrice(best) ? v : best),
    undefined,
  )
  const prices = cheapest
    ? priceFields(cheapest)
    : { price: '', regular_price: '', sale_price: '', on_sale: false }
  return {
    ...prices,
    on_sale: variations.some(isOnSale),
    stock_status: available > 0 ? ('instock' as const) : ('outofstock' as const),
    stock_quantity: available,
  }
}

function toVariationJson(
  row: VariationRow,
  terms: TermRow[],
  stock: Map<number, number>,
  imageById: Map<number, ImageJson>,
): VariationJson {
  const available = stock.get(row.id) ?? 0
  return {
    id: row.id,
    sku: row.sku,
    ...priceFields(row),
    stock_status: available > 0 ? 'instock' : 'outofstock',
    stock_quantity: available,
    attributes: terms.map((term) => ({
      id: term.attribute_id,
      name: term.attribute_name,
      option: term.term_name,
    })),
    image: row.image_id === null ? null : (imageById.get(row.image_id) ?? null),
  }
}

function productAttributes(terms: TermRow[], variationAttributeIds: Set<number>): ProductAttributeJson[] {
  return [...groupBy(terms, (term) => term.attribute_id).values()].map((group) => ({
    id: group[0]!.attribute_id,
    name: group[0]!.attribute_name,
    slug: group[0]!.attribute_slug,
    options: group.map((term) => term.term_name),
    variation: variationAttributeIds.has(group[0]!.attribute_id),
  }))
}
