/**
 * The back office's stock page and catalogue CSV under /admin/api (issue 11), registered from
 * core's stock table (stock-endpoints.ts) with its permissions: the stock figures, adjustments of
 * on hand, the CSV export and the CSV import. Their writes reach the storefront's page cache
 * through its hook (http/page-cache.ts: an adjustment is a stock change, an import a data change).
 */
import { adminStockEndpoints, csvRejection } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import { adminRoute, staffOf } from '../guard.ts'
import { actorOf } from '../staff.ts'
import { exportCatalogCsv } from './csv-export.ts'
import { CsvRejected, importCatalogCsv } from './csv-import.ts'
import { adjustStock, listStock } from './stock-adjust.ts'

export default async function stockRoutes(app: FastifyInstance) {
  const ctx = app.shop

  adminRoute(app, adminStockEndpoints.listStock, async (request) => {
    const { q, filter, page, per_page } = request.query
    const result = await listStock(ctx, { q, filter, page, perPage: per_page })
    return { ...result, page, perPage: per_page }
  })

  adminRoute(app, adminStockEndpoints.adjustStock, async (request) =>
    adjustStock(ctx, actorOf(staffOf(request).staff), request.params.id, request.body),
  )

  adminRoute(app, adminStockEndpoints.exportCatalog, async (_request, reply) => {
    const day = new Date(ctx.now()).toISOString().slice(0, 10)
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="catalogue-${day}.csv"`)
      .send(await exportCatalogCsv(ctx.db))
  })

  adminRoute(app, adminStockEndpoints.importCatalog, async (request, reply) => {
    try {
      return await importCatalogCsv(ctx, actorOf(staffOf(request).staff), request.body.csv)
    } catch (error) {
      if (!(error instanceof CsvRejected)) throw error
      return reply.status(422).send(csvRejection(error.message, error.issues))
    }
  })
}
