/**
 * The catalogue API of spec 7 in WooCommerce REST v3 shapes (api-contract.md): categories,
 * products (listing, one product by id or slug, its variations), the shop filter search
 * (products/list with a taxonomies list), the filterable attributes and the gender taxonomy.
 * Read-only.
 */
import {
  attributeFilterSchema,
  attributeTaxonomy,
  categoryJsonSchema,
  genderTermSchema,
  idParam,
  MAX_ID,
  MAX_PER_PAGE,
  pageParam,
  pagingHeaders,
  parseTaxonomyFilter,
  perPageParam,
  productJsonSchema,
  text,
  variationJsonSchema,
} from '@fanshop/core'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound } from '../http/errors.ts'
import { CATEGORY_ORDERS, listCategories } from './categories.ts'
import { loadProductJson } from './product-json.ts'
import { PRODUCT_ORDERS, type ProductSearch, searchProducts } from './product-search.ts'

const TAGS = ['catalog']
const ID = '[1-9]\\d{0,9}'
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** Ids past what an id column holds name nothing: refused like any other malformed id. */
const withinIds = (ids: number[]) => ids.every((id) => id <= MAX_ID)
const idListParam = z
  .string()
  .regex(
    new RegExp(`^\\s*${ID}\\s*(,\\s*${ID}\\s*)*$`),
    'must be a comma-separated list of ids, e.g. 15 or 12,15',
  )
  .transform((list) => [...new Set(list.split(',').map((part) => Number(part.trim())))])
  .refine(withinIds, `must be a comma-separated list of ids from 1 to ${MAX_ID}`)
  .describe('Comma-separated ids')
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
}

function sendPage<T>(reply: FastifyReply, items: T[], total: number, perPage: number): T[] {
  reply.headers(pagingHeaders(total, perPage))
  return items
}

export default async function catalogPlugin(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ctx = app.shop

  async function productPage(reply: FastifyReply, search: ProductSearch) {
    const { ids, total } = await searchProducts(ctx, search)
    return sendPage(reply, await loadProductJson(ctx, ids), total, search.perPage)
  }

  app.get(
    '/wp-json/wc/v3/products/categories',
    {
      schema: {
        tags: TAGS,
        summary: 'Product categories, with their image and number of products',
        querystring: z.object({
          exclude: idListParam.optional(),
          include: idListParam.optional(),
          hide_empty: z.enum(['true', 'false', '1', '0']).optional(),
          page: pageParam,
          per_page: perPageParam(MAX_PER_PAGE, 10),
          orderby: z.enum(CATEGORY_ORDERS).default('menu_order'),
          order: orderParam('asc'),
        }),
        response: { 200: z.array(categoryJsonSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query
      const { categories, total } = await listCategories(ctx, {
        exclude: q.exclude,
        include: q.include,
        hideEmpty: q.hide_empty === 'true' || q.hide_empty === '1',
        orderby: q.orderby,
        order: q.order,
        page: q.page,
        perPage: q.per_page,
      })
      return sendPage(reply, categories, total, q.per_page)
    },
  )

  app.get(
    '/wp-json/wc/v3/products',
    {
      schema: {
        tags: TAGS,
        summary: 'Published products, paged (X-WP-Total, X-WP-TotalPages)',
        querystring: z.object({
          ...productListQuery,
          include: idListParam.optional(),
          slug: z.string().regex(SLUG, 'must be a product slug like "extra-time-tour-tee"').optional(),
          search: text()
            .trim()
            .min(1)
            .max(100)
            .optional()
            .describe(
              'Words found, in any order, in the name, the SKU or a colour or size the product comes in',
            ),
        }),
        response: { 200: z.array(productJsonSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query
      return productPage(reply, { ...q, perPage: q.per_page })
    },
  )

  app.get(
    '/wp-json/wc/v3/products/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One published product, by id or by slug',
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
        response: { 200: productJsonSchema },
      },
    },
    async (request) => {
      const { id } = request.params
      const byId = /^\d+$/.test(id)
      const { ids } = await searchProducts(ctx, {
        ...(byId ? { include: [Number(id)] } : { slug: id }),
        orderby: 'id',
        order: 'asc',
        page: 1,
        perPage: 1,
      })
      const [product] = await loadProductJson(ctx, ids)
      if (!product)
        throw notFound(byId ? `There is no product with id ${id}.` : `There is no product "${id}".`)
      return product
    },
  )

  app.get(
    '/wp-json/wc/v3/products/:id/variations',
    {
      schema: {
        tags: TAGS,
        summary: "A published product's variations, paged (X-WP-Total, X-WP-TotalPages)",
        params: z.object({ id: idParam('must be a product id (a positive whole number)') }),
        querystring: z.object({ page: pageParam, per_page: perPageParam(MAX_PER_PAGE, 10) }),
        response: { 200: z.array(variationJsonSchema) },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const { page, per_page } = request.query
      const { ids } = await searchProducts(ctx, {
        include: [id],
        orderby: 'id',
        order: 'asc',
        page: 1,
        perPage: 1,
      })
      const [product] = await loadProductJson(ctx, ids)
      if (!product) throw notFound(`There is no product with id ${id}.`)
      const start = (page - 1) * per_page
      return sendPage(
        reply,
        product.variations.slice(start, start + per_page),
        product.variations.length,
        per_page,
      )
    },
  )

  app.get(
    '/wp-json/wp/v2/products/list',
    {
      schema: {
        tags: TAGS,
        summary: 'Products matching the shop filters (attributes and gender), paged',
        querystring: z.object({ ...productListQuery, taxonomies: taxonomiesParam.optional() }),
        response: { 200: z.array(productJsonSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query
      return productPage(reply, { ...q, perPage: q.per_page })
    },
  )

  app.get(
    '/wp-json/wp/v2/attributes/list',
    {
      schema: {
        tags: TAGS,
        summary: 'The attributes the shop filters by, with their terms',
        response: { 200: z.array(attributeFilterSchema) },
      },
    },
    async () => {
      const [attributes, terms] = await Promise.all([
        ctx.db.selectFrom('attributes').select(['id', 'name', 'slug']).orderBy('id').execute(),
        ctx.db
          .selectFrom('attribute_terms')
          .select(['id', 'attribute_id', 'name', 'slug'])
          .orderBy('menu_order')
          .orderBy('id')
          .execute(),
      ])
      return attributes.map((attribute) => ({
        attribute_name: attribute.name,
        attribute_slug: attributeTaxonomy(attribute.slug),
        attribute_terms: terms
          .filter((term) => term.attribute_id === attribute.id)
          .map((term) => ({ term_id: term.id, name: term.name, slug: term.slug })),
      }))
    },
  )

  app.get(
    '/wp-json/wp/v2/gender_taxonomy',
    {
      schema: {
        tags: TAGS,
        summary: 'The gender taxonomy the shop filters by',
        response: { 200: z.array(genderTermSchema) },
      },
    },
    async () => {
      const genders = await ctx.db
        .selectFrom('genders')
        .select(['id', 'name', 'slug'])
        .orderBy('id')
        .execute()
      return genders.map((gender) => ({ term_id: gender.id, name: gender.name, slug: gender.slug }))
    },
  )
}
