/**
 * The back office's catalogue endpoints (issue 11): products with their variation matrix,
 * publishing in bulk, the choices a product form offers, attribute terms and categories. Every
 * one needs the 'catalogue' permission; the API registers each route from this table.
 */
import { z } from 'zod'
import {
  adminCategorySchema,
  adminProductSchema,
  attributeIdParams,
  bulkStatusSchema,
  catalogueOptionsSchema,
  categoryIdParams,
  categoryInputSchema,
  categoryOrderSchema,
  productIdParams,
  productInputSchema,
  productListQuerySchema,
  productPageSchema,
  termInputSchema,
} from './catalog-shapes.ts'
import { ADMIN_TAGS, defineAdminEndpoint } from './endpoints.ts'

const permission = 'catalogue' as const

export const adminCatalogEndpoints = {
  listProducts: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/products',
    tags: ADMIN_TAGS,
    summary: 'Products (not variations), drafts included: searched, filtered, sorted and paged',
    permission,
    query: productListQuerySchema,
    responses: { 200: productPageSchema },
  }),
  product: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/products/:id',
    tags: ADMIN_TAGS,
    summary: 'One product as the edit form shows it, with its variation matrix and stock',
    permission,
    params: productIdParams,
    responses: { 200: adminProductSchema },
  }),
  createProduct: defineAdminEndpoint({
    method: 'POST',
    path: '/admin/api/products',
    tags: ADMIN_TAGS,
    summary: 'Creates a simple or variable product (409 when the slug is taken)',
    permission,
    body: productInputSchema,
    responses: { 201: adminProductSchema },
  }),
  updateProduct: defineAdminEndpoint({
    method: 'PUT',
    path: '/admin/api/products/:id',
    tags: ADMIN_TAGS,
    summary:
      'Replaces a product: variations left out of the matrix are taken off sale (orders may name them)',
    permission,
    params: productIdParams,
    body: productInputSchema,
    responses: { 200: adminProductSchema },
  }),
  productStatus: defineAdminEndpoint({
    method: 'POST',
    path: '/admin/api/products/status',
    tags: ADMIN_TAGS,
    summary: 'Publishes or unpublishes the selected products',
    permission,
    body: bulkStatusSchema,
    responses: { 200: z.object({ updated: z.number().int() }) },
  }),
  catalogueOptions: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/catalogue/options',
    tags: ADMIN_TAGS,
    summary: 'What a product form offers: categories, attributes with their terms, size guides',
    permission,
    responses: { 200: catalogueOptionsSchema },
  }),
  createTerm: defineAdminEndpoint({
    method: 'POST',
    path: '/admin/api/attributes/:id/terms',
    tags: ADMIN_TAGS,
    summary: 'Adds a term to an attribute (e.g. a colour); 409 when it has one of that name',
    permission,
    params: attributeIdParams,
    body: termInputSchema,
    responses: { 201: z.object({ id: z.number().int(), name: z.string() }) },
  }),
  listCategories: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/categories',
    tags: ADMIN_TAGS,
    summary: 'Every category in menu order, hidden ones included, with its number of products',
    permission,
    responses: { 200: z.object({ items: z.array(adminCategorySchema) }) },
  }),
  createCategory: defineAdminEndpoint({
    method: 'POST',
    path: '/admin/api/categories',
    tags: ADMIN_TAGS,
    summary: 'Creates a category at the end of the menu (409 when the slug is taken)',
    permission,
    body: categoryInputSchema,
    responses: { 201: adminCategorySchema },
  }),
  updateCategory: defineAdminEndpoint({
    method: 'PUT',
    path: '/admin/api/categories/:id',
    tags: ADMIN_TAGS,
    summary: 'Renames a category, changes its slug or description, hides or shows it in the shop',
    permission,
    params: categoryIdParams,
    body: categoryInputSchema,
    responses: { 200: adminCategorySchema },
  }),
  orderCategories: defineAdminEndpoint({
    method: 'PUT',
    path: '/admin/api/categories/order',
    tags: ADMIN_TAGS,
    summary: 'Sets the menu order: every category, in the order the shop shows them',
    permission,
    body: categoryOrderSchema,
    responses: { 200: z.object({ items: z.array(adminCategorySchema) }) },
  }),
}
