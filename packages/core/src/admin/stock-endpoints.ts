/**
 * The back office's stock and catalogue CSV endpoints (issue 11), under /admin/api, in a table of
 * their own beside endpoints.ts: the stock figures per variation, adjustments of on hand, and the
 * CSV export and import of products and stock. Each names its permission as endpoints.ts does.
 */
import { z } from 'zod'
import { ADMIN_TAGS, defineAdminEndpoint } from './endpoints.ts'
import {
  csvImportResultSchema,
  csvImportSchema,
  csvRejectionSchema,
  stockAdjustmentResultSchema,
  stockAdjustmentSchema,
  stockIdParams,
  stockPageSchema,
  stockQuerySchema,
} from './stock-shapes.ts'

export const adminStockEndpoints = {
  listStock: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/stock',
    tags: ADMIN_TAGS,
    summary:
      'On hand, held, sold and available per variation (simple products count as one), filtered and searched',
    permission: 'stock',
    query: stockQuerySchema,
    responses: { 200: stockPageSchema },
  }),
  adjustStock: defineAdminEndpoint({
    method: 'POST',
    path: '/admin/api/stock/:id/adjustments',
    tags: ADMIN_TAGS,
    summary:
      'Adjusts on hand (received, damaged or a count) with a note, in the audit log; never below what is held and sold',
    permission: 'stock',
    params: stockIdParams,
    body: stockAdjustmentSchema,
    responses: { 200: stockAdjustmentResultSchema },
  }),
  exportCatalog: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/catalog/export.csv',
    tags: ADMIN_TAGS,
    summary: 'Products and stock as CSV, one row per variation',
    permission: 'catalogue',
    responses: { 200: z.string() },
  }),
  importCatalog: defineAdminEndpoint({
    method: 'POST',
    path: '/admin/api/catalog/import',
    tags: ADMIN_TAGS,
    summary:
      'Imports products and stock from CSV: every row is checked first; any problem (422, by row and column) changes nothing',
    permission: 'catalogue',
    body: csvImportSchema,
    responses: { 200: csvImportResultSchema, 422: csvRejectionSchema },
  }),
}
