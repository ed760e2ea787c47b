/**
 * The back office's size guides (spec 3, issue 11): list, read, create, replace and delete, and
 * the images a how-to-measure may show. A guide a product shows cannot be deleted (409 naming how
 * many do). Every write records its audit entry in its own transaction (audited.ts); the shop's
 * product JSON reads the same table (catalog/product-json.ts).
 */
import { type AdminSizeGuide, adminSizeGuideEndpoints, type SizeGuideInput } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { parseSizeRows } from '../../catalog/product-json.ts'
import type { Database } from '../../db/schema.ts'
import { HttpError, notFound, unprocessable } from '../../http/errors.ts'
import { type AuditedRecord, changeBy, createAudited, deleteAudited, updateAudited } from '../audited.ts'
import { adminRoute } from '../guard.ts'

type Db = Kysely<Database>

function sizeGuidesQuery(db: Db) {
  return db
    .selectFrom('size_guides')
    .selectAll('size_guides')
    .select((eb) =>
      eb
        .selectFrom('products')
        .select((sub) => sub.fn.countAll<string | number>().as('n'))
        .whereRef('products.size_guide_id', '=', 'size_guides.id')
        .where('products.parent_id', 'is', null)
        .as('products'),
    )
    .orderBy('size_guides.name')
    .orderBy('size_guides.id')
}

type SizeGuideRow = Awaited<ReturnType<ReturnType<typeof sizeGuidesQuery>['execute']>>[number]

const sizeGuideJson = (row: SizeGuideRow): AdminSizeGuide => ({
  id: row.id,
  name: row.name,
  description: row.description,
  rows: parseSizeRows(row.sizes).map((r) => ({ size: r.size, chest: r.chest_size, body: r.body_size })),
  measureDescription: row.measure_description,
  measureImageId: row.measure_image_id,
  chestDescription: row.chest_description,
  bodyDescription: row.body_description,
  products: Number(row.products ?? 0),
})

const sizeGuides: AuditedRecord<AdminSizeGuide> = {
  entity: 'size_guide',
  read: async (db, id) => {
    const row = await sizeGuidesQuery(db).where('size_guides.id', '=', id).executeTakeFirst()
    if (!row) throw notFound(`There is no size guide with id ${id}.`)
    return sizeGuideJson(row)
  },
}

async function columnsOf(db: Db, input: SizeGuideInput) {
  const imageId = input.measureImageId ?? null
  if (imageId !== null) {
    const image = await db
      .selectFrom('media')
      .select('id')
      .where('id', '=', imageId)
      .where('mime', 'like', 'image/%')
      .executeTakeFirst()
    if (!image) throw unprocessable(`There is no image with id ${imageId}.`)
  }
  return {
    name: input.name,
    description: input.description,
    sizes: JSON.stringify(
      input.rows.map((row) => ({ size: row.size, body_size: row.body, chest_size: row.chest })),
    ),
    measure_description: input.measureDescription,
    measure_image_id: imageId,
    chest_description: input.chestDescription,
    body_description: input.bodyDescription,
  }
}

export default async function sizeGuidesRoutes(app: FastifyInstance) {
  const ctx = app.shop

  adminRoute(app, adminSizeGuideEndpoints.listSizeGuides, async () => ({
    items: (await sizeGuidesQuery(ctx.db).execute()).map(sizeGuideJson),
  }))

  adminRoute(app, adminSizeGuideEndpoints.measureImages, async () => ({
    items: await ctx.db
      .selectFrom('media')
      .select(['id', 'alt', 'file'])
      .where('mime', 'like', 'image/%')
      .orderBy('id', 'desc')
      .limit(500)
      .execute(),
  }))

  adminRoute(app, adminSizeGuideEndpoints.sizeGuide, async (request) =>
    sizeGuides.read(ctx.db, request.params.id),
  )

  adminRoute(app, adminSizeGuideEndpoints.createSizeGuide, async (request, reply) => {
    const guide = await createAudited(ctx.db, changeBy(ctx, request), sizeGuides, async (trx) => {
      const { id } = await trx
        .insertInto('size_guides')
        .values(await columnsOf(trx, request.body))
        .returning('id')
        .executeTakeFirstOrThrow()
      return id
    })
    return reply.status(201).send(guide)
  })

  adminRoute(app, adminSizeGuideEndpoints.updateSizeGuide, async (request) => {
    const { id } = request.params
    return updateAudited(ctx.db, changeBy(ctx, request), sizeGuides, 'update', id, async (trx) =>
      trx
        .updateTable('size_guides')
        .set(await columnsOf(trx, request.body))
        .where('id', '=', id)
        .execute(),
    )
  })

  adminRoute(app, adminSizeGuideEndpoints.deleteSizeGuide, async (request, reply) => {
    const { id } = request.params
    await deleteAudited(ctx.db, changeBy(ctx, request), sizeGuides, id, async (trx, before) => {
      // One statement decides: a product given the guide meanwhile keeps it, and the guide stays.
      const deleted = await trx
        .deleteFrom('size_guides')
        .where('id', '=', id)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('products')
                .select('id')
                .whereRef('products.size_guide_id', '=', 'size_guides.id'),
            ),
          ),
        )
        .executeTakeFirst()
      if (Number(deleted.numDeletedRows) === 0) {
        const users = await trx
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('size_guide_id', '=', id)
          .executeTakeFirstOrThrow()
        throw new HttpError(
          409,
          `The size guide "${before.name}" is shown by ${Number(users.n)} product(s); choose another guide for them first.`,
        )
      }
    })
    return reply.status(204).send(null)
  })
}
