/**
 * The catalogue's endpoints (spec 7, WooCommerce REST v3 shapes, api-contract.md): categories,
 * products (listing, one product by id or slug, its variations), the shop filter search
 * (products/list with a taxonomies list), the filterable attributes and the gender taxonomy.
 * Read-only.
 */
import { z } from 'zod'
import { wordpressInstant } from '../dates.ts'
import { answeringWith, defineEndpoint } from '../endpoint.ts'
import {
  booleanParam,
  boundedNumber,
  idListParam,
  idParam,
  MAX_ID,
  pageParam,
  parentListParam,
  perPageParam,
  readableStatusParam,
  refusedParam,
  slugListParam,
  text,
} from '../input.ts'
import { toCents } from '../money.ts'
import { searchTextParam } from '../search.ts'
import {
  categoryFieldsParam,
  categoryTabJsonSchema,
  productCardJsonSchema,
  productFieldsParam,
} from './fields.ts'
import { MAX_PER_PAGE } from './paging.ts'
import {
  attributeFilterSchema,
  categoryJsonSchema,
  genderTermSchema,
  productJsonSchema,
  variationJsonSchema,
} from './schemas.ts'
import { attributeTaxonomyParam, parseTaxonomyFilter } from './taxonomies.ts'

/**
 * How product lists may be ordered (WooCommerce's orderby): `modified` by the last change,
 * `popularity` by units sold (of a variable product, its variations'). `rating` is not one: no
 * product of this shop is rated.
 */
export const PRODUCT_ORDERS = [
  'date',
  'modified',
  'id',
  'title',
  'slug',
  'menu_order',
  'price',
  'popularity',
] as const
/**
 * How category lists may be ordered (WooCommerce's orderby). `term_group` is not one: WordPress
 * groups terms only for aliases, which no category of this shop has.
 */
export const CATEGORY_ORDERS = ['menu_order', 'name', 'id', 'slug', 'description', 'count'] as const

const TAGS = ['catalog'] as const
const ID = '[1-9]\\d{0,9}'
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const orderParam = (fallback: 'asc' | 'desc') => z.enum(['asc', 'desc']).default(fallback)
const taxonomiesParam = z
  .string()
  .transform((text, ctx) => {
    const parsed = parseTaxonomyFilter(text)
    if (parsed.ok) return parsed.filter
    ctx.addIssue({ code: 'custom', message: parsed.message })
    return z.NEVER
  })
  .describe(
    'JSON list of {"taxonomy","terms"}: taxonomy "pa_<attribute>" or "gender", terms are term slugs. A product matches when it has one of the terms of every taxonomy listed.',
  )

const productListQuery = {
  category: idParam('must be a category id (a positive whole number)')
    .optional()
    .describe('Only products in this category'),
  page: pageParam,
  per_page: perPageParam(MAX_PER_PAGE, 10),
  orderby: z.enum(PRODUCT_ORDERS).default('date'),
  order: orderParam('desc'),
  _fields: productFieldsParam.optional(),
}

/** WooCommerce's product types; this shop's products are simple or variable (never grouped or external). */
export const PRODUCT_TYPES = ['simple', 'grouped', 'external', 'variable'] as const

/** WooCommerce's stock statuses; no product of this shop is ever on backorder (it sells what it holds). */
export const STOCK_STATUSES = ['instock', 'outofstock', 'onbackorder'] as const

/** A price bound as WooCommerce's `min_price` and `max_price` take it, a decimal like "29.90", in cents. */
const priceBound = (which: string) =>
  z
    .string()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be a price in euros, e.g. 29.90')
    .transform(toCents)
    .optional()
    .describe(`Only products sold (one of their variations, for a variable product) at ${which}`)

/**
 * WooCommerce's product list filters that the catalogue can answer, so that a client asking for
 * them is not sent every product: SKUs, being on sale, the stock status, the creation date and a
 * price range, the type and an attribute (and one of its terms), each by the rule the product JSON
 * shows (api's product-search.ts). `status` takes what the list shows, published products, as a
 * visitor may ask it. `featured` and `tag` have no counterpart (no product is marked featured or
 * tagged) and are refused rather than ignored.
 */
const wooCommerceFilters = {
  sku: text()
    .transform((list) => {
      const skus = list
        .split(',')
        .map((sku) => sku.trim())
        .filter(Boolean)
      // As WooCommerce: a SKU may hold a comma, so the whole text is one more SKU to match.
      return skus.length > 1 ? [...skus, list.trim()] : skus
    })
    .refine((skus) => skus.length > 0, 'must name at least one SKU')
    .optional()
    .describe('One SKU, or several separated by commas (case and accents aside)'),
  on_sale: booleanParam
    .optional()
    .describe(
      'Only products on sale (a variable product: one of its variations), or with false, none of them',
    ),
  stock_status: z
    .enum(STOCK_STATUSES)
    .optional()
    .describe('Only products with this stock_status, as their JSON shows it (none is ever onbackorder)'),
  after: wordpressInstant
    .optional()
    .describe(
      'Only products created (date_created) after this date and time (ISO 8601; UTC without an offset)',
    ),
  before: wordpressInstant
    .optional()
    .describe(
      'Only products created (date_created) before this date and time (ISO 8601; UTC without an offset)',
    ),
  min_price: priceBound('this price or more'),
  max_price: priceBound('this price or less'),
  type: z
    .enum(PRODUCT_TYPES)
    .optional()
    .describe('Only products of this type, as their JSON shows it (none is ever grouped or external)'),
  status: readableStatusParam(['any', 'publish']).optional(),
  attribute: attributeTaxonomyParam
    .optional()
    .describe(
      'Only products offered in this attribute (its taxonomy, e.g. pa_size), as their attributes show',
    ),
  attribute_term: idListParam
    .optional()
    .describe(
      'With attribute: only products offered in one of these terms of it (term ids, comma-separated; /wp-json/wp/v2/attributes/list)',
    ),
  featured: refusedParam('cannot filter: this shop marks no product as featured; leave featured out')
    .optional()
    .describe('Not available: no product is marked featured; any value is refused'),
  tag: refusedParam('cannot filter: this shop tags no product; leave tag out')
    .optional()
    .describe('Not available: no product has tags; any value is refused'),
}

export const catalogEndpoints = {
  categories: defineEndpoint({
    method: 'GET',
    path: '/wp-json/wc/v3/products/categories',
    shared: true,
    tags: TAGS,
    summary: 'Product categories, with their image and number of products',
    query: z.object({
      exclude: idListParam.optional(),
      include: idListParam.optional(),
      hide_empty: booleanParam.optional(),
      parent: boundedNumber(0, MAX_ID, 'must be a category id, or 0 for the top level')
        .optional()
        .describe('Only the categories right under this one (0: the top level)'),
      product: idParam('must be a product id (a positive whole number)')
        .optional()
        .describe("Only the categories this product is in (the product's categories)"),
      slug: slugListParam.optional().describe('One slug, or several separated by commas'),
      search: searchTextParam('Words found, in any order, in the name or the slug'),
      page: pageParam,
      per_page: perPageParam(MAX_PER_PAGE, 10),
      offset: boundedNumber(0, MAX_ID, `must be a whole number from 0 to ${MAX_ID}`)
        .optional()
        .describe('Categories to skip before the first one answered; it takes the place of page'),
      orderby: z
        .enum([...CATEGORY_ORDERS, 'include'])
        .default('menu_order')
        .describe('Sort by this field; include: in the order of the include list'),
      order: orderParam('asc'),
      _fields: categoryFieldsParam.optional(),
    }),
    responses: { 200: z.array(categoryJsonSchema) },
  }),
  products: defineEndpoint({
    method: 'GET',
    path: '/wp-json/wc/v3/products',
    shared: true,
    tags: TAGS,
    summary: 'Published products, paged (X-WP-Total, X-WP-TotalPages)',
    query: z.object({
      ...productListQuery,
      orderby: z
        .enum([...PRODUCT_ORDERS, 'include'])
        .default('date')
        .describe('Sort by this field; include: in the order of the include list'),
      include: idListParam.optional(),
      exclude: idListParam.optional().describe('Not the products with these ids'),
      parent: parentListParam
        .optional()
        .describe(
          'Only the products under one of these (0: the top level, where every product of this shop is)',
        ),
      parent_exclude: parentListParam
        .optional()
        .describe(
          'Not the products under one of these (0: the top level, where every product of this shop is)',
        ),
      offset: boundedNumber(0, MAX_ID, `must be a whole number from 0 to ${MAX_ID}`)
        .optional()
        .describe('Products to skip before the first one answered; it takes the place of page'),
      slug: z.string().regex(SLUG, 'must be a product slug like "extra-time-tour-tee"').optional(),
      search: searchTextParam(
        'Words found, in any order, in the name, the SKU or a colour or size the product comes in',
      ),
      ...wooCommerceFilters,
    }),
    responses: { 200: z.array(productJsonSchema) },
  }),
  product: defineEndpoint({
    method: 'GET',
    path: '/wp-json/wc/v3/products/:id',
    shared: true,
    tags: TAGS,
    summary: 'One published product, by id or by slug',
    query: z.object({ _fields: productFieldsParam.optional() }),
    params: z.object({
      id: z
        .string()
        .regex(new RegExp(`^(${ID}|[a-z0-9]+(?:-[a-z0-9]+)*)$`), 'must be a product id or slug')
        .refine(
          (id) => !/^\d+$/.test(id) || Number(id) <= MAX_ID,
          `must be a product id up to ${MAX_ID} or a slug`,
        )
        .describe('The product id, or its slug'),
    }),
    responses: { 200: productJsonSchema },
  }),
  variations: defineEndpoint({
    method: 'GET',
    path: '/wp-json/wc/v3/products/:id/variations',
    shared: true,
    tags: TAGS,
    summary: "A published product's variations, paged (X-WP-Total, X-WP-TotalPages)",
    params: z.object({ id: idParam('must be a product id (a positive whole number)') }),
    query: z.object({
      page: pageParam,
      per_page: perPageParam(MAX_PER_PAGE, 10),
      offset: boundedNumber(0, MAX_ID, `must be a whole number from 0 to ${MAX_ID}`)
        .optional()
        .describe('Variations to skip before the first one answered; it takes the place of page'),
      include: idListParam.optional().describe('Only the variations with these ids'),
      exclude: idListParam.optional().describe('Not the variations with these ids'),
      sku: wooCommerceFilters.sku.describe(
        'One SKU, or several separated by commas (case and accents aside)',
      ),
      on_sale: wooCommerceFilters.on_sale.describe('Only variations on sale, or with false, none of them'),
      stock_status: wooCommerceFilters.stock_status.describe(
        'Only variations with this stock_status (none is ever onbackorder)',
      ),
      min_price: priceBound('this price or more').describe('Only variations sold at this price or more'),
      max_price: priceBound('this price or less').describe('Only variations sold at this price or less'),
      search: searchTextParam(
        'Words found, in any order, in the name (which names the colour and the size) or the SKU',
      ),
      orderby: z
        .enum([...PRODUCT_ORDERS, 'include'])
        .optional()
        .describe(
          "Sort by this field; include: in the order of the include list. Without it, the shop's own order of the variations (menu_order, then id), where WooCommerce sorts by date",
        ),
      order: z
        .enum(['asc', 'desc'])
        .optional()
        .describe("desc by default with an orderby, as WooCommerce; the shop's own order runs asc"),
    }),
    responses: { 200: z.array(variationJsonSchema) },
  }),
  filteredProducts: defineEndpoint({
    method: 'GET',
    path: '/wp-json/wp/v2/products/list',
    shared: true,
    tags: TAGS,
    summary: 'Products matching the shop filters (attributes and gender), paged',
    query: z.object({ ...productListQuery, taxonomies: taxonomiesParam.optional() }),
    responses: { 200: z.array(productJsonSchema) },
  }),
  attributes: defineEndpoint({
    method: 'GET',
    path: '/wp-json/wp/v2/attributes/list',
    shared: true,
    tags: TAGS,
    summary: 'The attributes the shop filters by, with their terms',
    responses: { 200: z.array(attributeFilterSchema) },
  }),
  genders: defineEndpoint({
    method: 'GET',
    path: '/wp-json/wp/v2/gender_taxonomy',
    shared: true,
    tags: TAGS,
    summary: 'The gender taxonomy the shop filters by',
    responses: { 200: z.array(genderTermSchema) },
  }),
}

/**
 * The two product lists as the shop's grid and search call them: asked for the card fields
 * only (`_fields`), their answer is checked against the card's shape.
 */
export const productCardEndpoints = {
  products: answeringWith(catalogEndpoints.products, z.array(productCardJsonSchema)),
  filteredProducts: answeringWith(catalogEndpoints.filteredProducts, z.array(productCardJsonSchema)),
} as const

/**
 * The category list as the shop's tabs call it: asked for the tab fields only (`_fields`), its
 * answer is checked against the tab's shape.
 */
export const categoryTabEndpoints = {
  categories: answeringWith(catalogEndpoints.categories, z.array(categoryTabJsonSchema)),
} as const
