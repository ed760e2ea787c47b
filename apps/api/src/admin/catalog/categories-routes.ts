/**
 * The back office's categories (issue 11): list them all (hidden ones too), create, rename,
 * hide or show, and set the menu order the shop lists them in. Every write records its audit
 * entry in its own transaction (audited.ts).
 */
import { type AdminCategory, adminCatalogEndpoints, type CategoryInput } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { HttpError, notFound, unprocessable } from '../../http/errors.ts'
import { recordAudit } from '../audit.ts'
import { type AuditedRecord, changeBy, createAudited, updateAudited } from '../audited.ts'
import { adminRoute } from '../guard.ts'

type Db = Kysely<Database>

function categoriesQuery(db: Db) {
  return db
    .selectFrom('categories')
    .select((eb) => [
      'categories.id',
      'categories.name',
      'categories.slug',
      'categories.description',
      'categories.menu_order',
      'categories.hidden',
      eb
        .selectFrom('product_categories')
        .innerJoin('products', 'products.id', 'product_categories.product_id')
        .select((sub) => sub.fn.countAll<string | number>().as('n'))
        .whereRef('product_categories.category_id', '=', 'categories.id')
        .where('products.parent_id', 'is', null)
        .as('products'),
    ])
    .orderBy('categories.menu_order')
    .orderBy('categories.id')
}

type CategoryRow = Awaited<ReturnType<ReturnType<typeof categoriesQuery>['execute']>>[number]

const categoryJson = (row: CategoryRow): AdminCategory => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  description: row.description,
  menuOrder: row.menu_order,
  hidden: Number(row.hidden) === 1,
  products: Number(row.products ?? 0),
})

const categories: AuditedRecord<AdminCategory> = {
  entity: 'category',
  read: async (db, id) => {
    const row = await categoriesQuery(db).where('categories.id', '=', id).executeTakeFirst()
    if (!row) throw notFound(`There is no category with id ${id}.`)
    return categoryJson(row)
  },
}

async function assertSlugFree(db: Db, slug: string, id: number | null) {
  const clash = await db
    .selectFrom('categories')
    .select('id')
    .where('slug', '=', slug)
    .$if(id !== null, (q) => q.where('id', '!=', id!))
    .executeTakeFirst()
  if (clash) throw new HttpError(409, `The slug "${slug}" is taken by another category; choose another.`)
}

const columnsOf = (input: CategoryInput) => ({
  name: input.name,
  slug: input.slug,
  description: input.description,
  hidden: input.hidden ? 1 : 0,
})

export default async function categoriesRoutes(app: FastifyInstance) {
  const ctx = app.shop

  adminRoute(app, adminCatalogEndpoints.listCategories, async () => ({
    items: (await categoriesQuery(ctx.db).execute()).map(categoryJson),
  }))

  adminRoute(app, adminCatalogEndpoints.createCategory, async (request, reply) => {
    const category = await createAudited(ctx.db, changeBy(ctx, request), categories, async (trx) => {
      await assertSlugFree(trx, request.body.slug, null)
      const last = await trx
        .selectFrom('categories')
        .select((eb) => eb.fn.max('menu_order').as('last'))
        .executeTakeFirst()
      const { id } = await trx
        .insertInto('categories')
        .values({
          ...columnsOf(request.body),
          parent: 0,
          image_id: null,
          menu_order: Number(last?.last ?? -1) + 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return id
    })
    return reply.status(201).send(category)
  })

  adminRoute(app, adminCatalogEndpoints.updateCategory, async (request) => {
    const { id } = request.params
    return updateAudited(ctx.db, changeBy(ctx, request), categories, 'update', id, async (trx) => {
      await assertSlugFree(trx, request.body.slug, id)
      await trx.updateTable('categories').set(columnsOf(request.body)).where('id', '=', id).execute()
    })
  })

  adminRoute(app, adminCatalogEndpoints.orderCategories, async (request) => {
    const { actor, at } = changeBy(ctx, request)
    const { ids } = request.body
    return ctx.db.transaction().execute(async (trx) => {
      const before = (await categoriesQuery(trx).execute()).map((row) => row.id)
      if (ids.length !== before.length || ids.some((id) => !before.includes(id))) {
        throw unprocessable('List every category once, in the new order.')
      }
      for (const [menuOrder, id] of ids.entries()) {
        await trx.updateTable('categories').set({ menu_order: menuOrder }).where('id', '=', id).execute()
      }
      await recordAudit(trx, actor, at, {
        action: 'category.order',
        entity: 'category',
        before,
        after: ids,
      })
      return { items: (await categoriesQuery(trx).execute()).map(categoryJson) }
    })
  })
}
