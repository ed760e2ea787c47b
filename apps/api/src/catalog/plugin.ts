/**
 * The catalogue API of spec 7 in WooCommerce REST v3 shapes (api-contract.md): categories,
 * products (listing, one product by id or slug, its variations), the shop filter search
 * (products/list with a taxonomies list), the filterable attributes and the gender taxonomy.
 * Read-only.
 */
import {
  attributeTaxonomy,
  catalogEndpoints,
  type FieldSelection,
  type ProductJson,
  pagingHeaders,
  searchFold,
} from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import { compiledOnce } from '../db/compiled.ts'
import { assertIncludeOrder, badRequest, notFound } from '../http/errors.ts'
import type { AnswerHeaders } from '../http/in-process-api.ts'
import { readRoute } from '../http/route.ts'
import { checkedUnlessCut, cutAnswer, typedAnswer } from '../http/typed-answer.ts'
import { listCategories } from './categories.ts'
import { loadProductFields, loadProductJson } from './product-json.ts'
import { type ProductSearch, searchProductIds, searchProducts } from './product-search.ts'
import { listVariations } from './variation-list.ts'

/* The shop page asks for its filter lists on every render: compiled once (issue "Instant on a phone"). */
const attributesQuery = compiledOnce((db) =>
  db.selectFrom('attributes').select(['id', 'name', 'slug']).orderBy('id'),
)
const attributeTermsQuery = compiledOnce((db) =>
  db
    .selectFrom('attribute_terms')
    .select(['id', 'attribute_id', 'name', 'slug'])
    .orderBy('menu_order')
    .orderBy('id'),
)
const gendersQuery = compiledOnce((db) =>
  db.selectFrom('genders').select(['id', 'name', 'slug']).orderBy('id'),
)

function sendPage<T>(reply: AnswerHeaders, items: T[], total: number, perPage: number): T[] {
  reply.headers(pagingHeaders(total, perPage))
  return items
}

/**
 * The one published product with this id or slug, as the API shows it (with `fields`, only those,
 * as a list's `_fields`), or undefined.
 */
async function oneProduct(
  ctx: FastifyInstance['shop'],
  which: Pick<ProductSearch, 'include' | 'slug'>,
  fields?: FieldSelection,
): Promise<ProductJson | undefined> {
  const ids = await searchProductIds(ctx, { ...which, orderby: 'id', order: 'asc', page: 1, perPage: 1 })
  if (!fields) return (await loadProductJson(ctx, ids))[0]
  // A cut product, written unchecked by typedAnswer as a list's (productPage).
  return (await loadProductFields(ctx, ids, fields))[0] as ProductJson | undefined
}

export default async function catalogPlugin(app: FastifyInstance) {
  const ctx = app.shop

  /** A page of products; with `_fields`, only those fields are read and sent. */
  async function productPage(
    reply: AnswerHeaders,
    search: ProductSearch,
    fields: FieldSelection | undefined,
  ) {
    const { ids, total } = await searchProducts(ctx, search)
    if (!fields) return sendPage(reply, await loadProductJson(ctx, ids), total, search.perPage)
    // The endpoint's schema is the whole product; a `_fields` answer is its subset, written by
    // typedAnswer without a check against that schema (callers check it, core's productCardEndpoints).
    const products = (await loadProductFields(ctx, ids, fields)) as ProductJson[]
    return sendPage(reply, products, total, search.perPage)
  }

  readRoute(
    app,
    catalogEndpoints.categories,
    async (request, reply) => {
      const q = request.query
      assertIncludeOrder(q, 'categories')
      const search = {
        exclude: q.exclude,
        include: q.include,
        parent: q.parent,
        product: q.product,
        slugs: q.slug,
        search: q.search,
        offset: q.offset,
        hideEmpty: q.hide_empty ?? false,
        orderby: q.orderby,
        order: q.order,
        page: q.page,
        perPage: q.per_page,
      }
      const { categories, total } = await listCategories(ctx, search, q._fields)
      const page = sendPage(reply, categories, total, q.per_page)
      return q._fields ? cutAnswer(page) : page
    },
    checkedUnlessCut,
  )

  readRoute(
    app,
    catalogEndpoints.products,
    async (request, reply) => {
      const {
        sku,
        on_sale,
        stock_status,
        after,
        before,
        min_price,
        max_price,
        attribute,
        attribute_term,
        parent,
        parent_exclude,
        ...q
      } = request.query
      assertIncludeOrder(q, 'products')
      if (attribute_term !== undefined && attribute === undefined) {
        throw badRequest(
          'Invalid querystring parameter "attribute_term": a term is of an attribute; name it with attribute (e.g. attribute=pa_size&attribute_term=12).',
        )
      }
      // Every product of this shop is at the top level (WooCommerce's parent 0); a variation is
      // never one of the list's.
      if (!(parent?.includes(0) ?? true) || parent_exclude?.includes(0)) {
        return sendPage(reply, [], 0, q.per_page)
      }
      const search: ProductSearch = {
        ...q,
        perPage: q.per_page,
        skus: sku?.map(searchFold),
        onSale: on_sale,
        stockStatus: stock_status,
        createdAfter: after,
        createdBefore: before,
        minPrice: min_price,
        maxPrice: max_price,
        attribute: attribute === undefined ? undefined : { taxonomy: attribute, termIds: attribute_term },
      }
      return productPage(reply, search, q._fields)
    },
    typedAnswer,
  )

  readRoute(
    app,
    catalogEndpoints.product,
    async (request) => {
      const { id } = request.params
      const byId = /^\d+$/.test(id)
      const which = byId ? { include: [Number(id)] } : { slug: id }
      const product = await oneProduct(ctx, which, request.query._fields)
      if (!product)
        throw notFound(byId ? `There is no product with id ${id}.` : `There is no product "${id}".`)
      return product
    },
    typedAnswer,
  )

  readRoute(
    app,
    catalogEndpoints.variations,
    async (request, reply) => {
      const { id } = request.params
      const q = request.query
      assertIncludeOrder(q, 'variations')
      const product = await oneProduct(ctx, { include: [id] })
      if (!product) throw notFound(`There is no product with id ${id}.`)
      const variations = await listVariations(ctx, id, product.variations, q)
      const start = q.offset ?? (q.page - 1) * q.per_page
      return sendPage(reply, variations.slice(start, start + q.per_page), variations.length, q.per_page)
    },
    typedAnswer,
  )

  readRoute(
    app,
    catalogEndpoints.filteredProducts,
    async (request, reply) => {
      const q = request.query
      return productPage(reply, { ...q, perPage: q.per_page }, q._fields)
    },
    typedAnswer,
  )

  readRoute(app, catalogEndpoints.attributes, async () => {
    const [{ rows: attributes }, { rows: terms }] = await Promise.all([
      attributesQuery(ctx.db),
      attributeTermsQuery(ctx.db),
    ])
    return attributes.map((attribute) => ({
      attribute_name: attribute.name,
      attribute_slug: attributeTaxonomy(attribute.slug),
      attribute_terms: terms
        .filter((term) => term.attribute_id === attribute.id)
        .map((term) => ({ term_id: term.id, name: term.name, slug: term.slug })),
    }))
  })

  readRoute(app, catalogEndpoints.genders, async () => {
    const { rows: genders } = await gendersQuery(ctx.db)
    return genders.map((gender) => ({ term_id: gender.id, name: gender.name, slug: gender.slug }))
  })
}
