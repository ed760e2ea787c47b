/**
 * The back office's product routes (issue 11): the list (searched, filtered, sorted and paged in
 * SQL), one product, create and replace, publishing in bulk, the form's choices and new attribute
 * terms. Every write records its audit entry in its own transaction.
 */
import {
  adminCatalogEndpoints,
  LOW_STOCK_THRESHOLD,
  type ProductSort,
  type ProductState,
  type StockState,
  slugOf,
  toDecimalString,
} from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import { type ExpressionBuilder, sql } from 'kysely'
import { currentPriceSql } from '../../catalog/product-search.ts'
import { availableUnitsSql } from '../../catalog/stock.ts'
import { shownInShop } from '../../catalog/visibility.ts'
import { containsWord, inByteOrder, wordPatterns } from '../../db/portable.ts'
import type { Database } from '../../db/schema.ts'
import { badRequest, HttpError, notFound } from '../../http/errors.ts'
import { recordAudit } from '../audit.ts'
import { adminRoute, staffOf } from '../guard.ts'
import { actorOf } from '../staff.ts'
import { readAdminProduct, saveProduct, stateOf } from './products.ts'
import { withExpiredHoldsBack } from './stock-adjust.ts'

/** Units a shopper could take: a simple product's own, or the sum over a variable one's variations on sale. */
const availableSql = sql<number>`(case when products.stock_on_hand is null then coalesce(
  (select sum(case when ${availableUnitsSql('v')} > 0 then ${availableUnitsSql('v')} else 0 end) from products v
    where v.parent_id = products.id and v.status = 'publish'), 0)
  when ${availableUnitsSql('products')} > 0 then ${availableUnitsSql('products')} else 0 end)`

/** What each sort orders by; the list adds the id after it, so equal keys keep one order page after page. */
const SORT_COLUMNS = {
  // Case and accents folded on both databases ("Émile" beside "emile", before "zed"): SQLite's
  // lower() folds ASCII only. Then byte order on both, whatever PostgreSQL's locale.
  name: inByteOrder(sql`search_fold(products.name)`),
  sku: inByteOrder(sql.ref('products.sku')),
  price: currentPriceSql,
  stock: availableSql,
  status: sql.ref('products.status'),
  updated: sql.ref('products.updated_at'),
} satisfies Record<ProductSort, unknown>

type Scope = ExpressionBuilder<Database, 'products'>

function matchesState(eb: Scope, state: ProductState, now: number) {
  if (state === 'draft') return eb('products.status', '=', 'draft')
  if (state === 'published') return eb(shownInShop(now), '=', sql<boolean>`true`)
  return eb.and([eb('products.status', '=', 'publish'), eb('products.publish_at', '>', now)])
}

function matchesStock(state: StockState) {
  if (state === 'outofstock') return sql<boolean>`(${availableSql} = 0)`
  if (state === 'low') return sql<boolean>`(${availableSql} between 1 and ${LOW_STOCK_THRESHOLD})`
  return sql<boolean>`(${availableSql} > ${LOW_STOCK_THRESHOLD})`
}

export const stockStateOf = (available: number): StockState =>
  available === 0 ? 'outofstock' : available <= LOW_STOCK_THRESHOLD ? 'low' : 'instock'

export default async function productsRoutes(app: FastifyInstance) {
  const ctx = app.shop

  adminRoute(app, adminCatalogEndpoints.listProducts, async (request) => {
    const q = request.query
    const now = ctx.now()
    const query = ctx.db
      .selectFrom('products')
      .where('products.parent_id', 'is', null)
      .where((eb) => {
        const conditions = []
        for (const pattern of wordPatterns(q.search ?? '')) {
          conditions.push(
            eb.or([
              containsWord(sql.ref('products.name'), pattern),
              containsWord(sql.ref('products.sku'), pattern),
            ]),
          )
        }
        if (q.category !== undefined) {
          conditions.push(
            eb.exists(
              eb
                .selectFrom('product_categories')
                .select('product_categories.product_id')
                .whereRef('product_categories.product_id', '=', 'products.id')
                .where('product_categories.category_id', '=', q.category),
            ),
          )
        }
        if (q.status !== undefined) conditions.push(matchesState(eb, q.status, now))
        if (q.stock !== undefined) conditions.push(eb(matchesStock(q.stock), '=', sql<boolean>`true`))
        return eb.and(conditions)
      })
    const [count, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      query
        .select([
          'products.id',
          'products.name',
          'products.slug',
          'products.type',
          'products.status',
          'products.publish_at',
          'products.sku',
          'products.updated_at',
          currentPriceSql.as('price'),
          availableSql.as('available'),
        ])
        .orderBy(SORT_COLUMNS[q.sort], q.order)
        .orderBy('products.id', q.order)
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page)
        .execute(),
    ])
    const ids = rows.map((row) => row.id)
    const categories = ids.length
      ? await ctx.db
          .selectFrom('product_categories')
          .innerJoin('categories', 'categories.id', 'product_categories.category_id')
          .select(['product_categories.product_id', 'categories.name'])
          .where('product_categories.product_id', 'in', ids)
          .orderBy('categories.menu_order')
          .execute()
      : []
    return {
      total: Number(count.n),
      page: q.page,
      perPage: q.per_page,
      items: rows.map((row) => {
        const available = Number(row.available)
        return {
          id: row.id,
          name: row.name,
          slug: row.slug,
          type: row.type === 'variable' ? ('variable' as const) : ('simple' as const),
          status: stateOf(row, now),
          publishAt: row.publish_at === null ? null : new Date(Number(row.publish_at)).toISOString(),
          sku: row.sku,
          price: toDecimalString(Number(row.price)),
          available,
          stockState: stockStateOf(available),
          categories: categories.filter((c) => c.product_id === row.id).map((c) => c.name),
          updatedAt: new Date(Number(row.updated_at)).toISOString(),
        }
      }),
    }
  })

  adminRoute(app, adminCatalogEndpoints.product, async (request) =>
    readAdminProduct(ctx.db, request.params.id, ctx.now()),
  )

  adminRoute(app, adminCatalogEndpoints.createProduct, async (request, reply) => {
    const actor = actorOf(staffOf(request).staff)
    const product = await saveProduct(ctx.db, actor, ctx.now(), null, request.body)
    return reply.status(201).send(product)
  })

  adminRoute(app, adminCatalogEndpoints.updateProduct, async (request) => {
    const actor = actorOf(staffOf(request).staff)
    return withExpiredHoldsBack(ctx, () =>
      saveProduct(ctx.db, actor, ctx.now(), request.params.id, request.body),
    )
  })

  adminRoute(app, adminCatalogEndpoints.productStatus, async (request) => {
    const { ids, status } = request.body
    const now = ctx.now()
    const actor = actorOf(staffOf(request).staff)
    const updated = await ctx.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('products')
        .select(['id', 'status', 'publish_at'])
        .where('id', 'in', ids)
        .where('parent_id', 'is', null)
        .execute()
      const missing = ids.find((id) => !rows.some((row) => row.id === id))
      if (missing !== undefined) throw notFound(`There is no product with id ${missing}.`)
      await trx
        .updateTable('products')
        .set({ status: status === 'draft' ? 'draft' : 'publish', publish_at: null, updated_at: now })
        .where('id', 'in', ids)
        .execute()
      await recordAudit(trx, actor, now, {
        action: status === 'draft' ? 'product.unpublish' : 'product.publish',
        entity: 'product',
        entityId: ids.join(','),
        before: rows.map((row) => ({ id: row.id, status: stateOf(row, now) })),
        after: rows.map((row) => ({ id: row.id, status })),
      })
      return rows.length
    })
    return { updated }
  })

  adminRoute(app, adminCatalogEndpoints.catalogueOptions, async () => {
    const [categories, attributes, terms, sizeGuides] = await Promise.all([
      ctx.db.selectFrom('categories').select(['id', 'name']).orderBy('menu_order').orderBy('id').execute(),
      ctx.db.selectFrom('attributes').select(['id', 'name']).orderBy('id').execute(),
      ctx.db
        .selectFrom('attribute_terms')
        .select(['id', 'attribute_id', 'name'])
        .orderBy('menu_order')
        .orderBy('id')
        .execute(),
      ctx.db.selectFrom('size_guides').select(['id', 'name']).orderBy('id').execute(),
    ])
    return {
      categories,
      sizeGuides,
      attributes: attributes.map((attribute) => ({
        ...attribute,
        terms: terms
          .filter((term) => term.attribute_id === attribute.id)
          .map(({ id, name }) => ({ id, name })),
      })),
    }
  })

  adminRoute(app, adminCatalogEndpoints.createTerm, async (request, reply) => {
    const attributeId = request.params.id
    const { name } = request.body
    const slug = slugOf(name)
    if (slug === '') throw badRequest('name must contain a letter or a digit')
    const now = ctx.now()
    const actor = actorOf(staffOf(request).staff)
    const term = await ctx.db.transaction().execute(async (trx) => {
      const attribute = await trx
        .selectFrom('attributes')
        .select(['id', 'name'])
        .where('id', '=', attributeId)
        .executeTakeFirst()
      if (!attribute) throw notFound(`There is no attribute with id ${attributeId}.`)
      const clash = await trx
        .selectFrom('attribute_terms')
        .select('id')
        .where('attribute_id', '=', attributeId)
        .where('slug', '=', slug)
        .executeTakeFirst()
      if (clash) throw new HttpError(409, `${attribute.name} already has "${name}".`)
      const last = await trx
        .selectFrom('attribute_terms')
        .select((eb) => eb.fn.max('menu_order').as('last'))
        .where('attribute_id', '=', attributeId)
        .executeTakeFirst()
      const { id } = await trx
        .insertInto('attribute_terms')
        .values({ attribute_id: attributeId, name, slug, menu_order: Number(last?.last ?? -1) + 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
      await recordAudit(trx, actor, now, {
        action: 'attribute.term.create',
        entity: 'attribute',
        entityId: attributeId,
        after: { id, name, slug },
      })
      return { id, name }
    })
    return reply.status(201).send(term)
  })
}
