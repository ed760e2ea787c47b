/**
 * The back office's size guides (spec 3; issue 11): listed, read, created, replaced and deleted
 * (409 while a product shows the guide), with the pictures a how-to-measure may show. Every one
 * needs the 'catalogue' permission (owner and manager); the API registers each route from here.
 */
import { z } from 'zod'
import { ADMIN_TAGS, defineAdminEndpoint } from './endpoints.ts'
import {
  adminSizeGuideSchema,
  measureImagesSchema,
  sizeGuideIdParams,
  sizeGuideInputSchema,
} from './size-guides-shapes.ts'

const permission = 'catalogue' as const

export const adminSizeGuideEndpoints = {
  listSizeGuides: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/size-guides',
    tags: ADMIN_TAGS,
    summary: 'Every size guide by name, with the number of products that show it',
    permission,
    responses: { 200: z.object({ items: z.array(adminSizeGuideSchema) }) },
  }),
  measureImages: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/size-guides/measure-images',
    tags: ADMIN_TAGS,
    summary: 'The images a how-to-measure may show (the media library, newest first)',
    permission,
    responses: { 200: measureImagesSchema },
  }),
  sizeGuide: defineAdminEndpoint({
    method: 'GET',
    path: '/admin/api/size-guides/:id',
    tags: ADMIN_TAGS,
    summary: 'One size guide with its rows and how to measure',
    permission,
    params: sizeGuideIdParams,
    responses: { 200: adminSizeGuideSchema },
  }),
  createSizeGuide: defineAdminEndpoint({
    method: 'POST',
    path: '/admin/api/size-guides',
    tags: ADMIN_TAGS,
    summary: 'Creates a size guide',
    permission,
    body: sizeGuideInputSchema,
    responses: { 201: adminSizeGuideSchema },
  }),
  updateSizeGuide: defineAdminEndpoint({
    method: 'PUT',
    path: '/admin/api/size-guides/:id',
    tags: ADMIN_TAGS,
    summary: 'Replaces a size guide; the products that show it show the new one at once',
    permission,
    params: sizeGuideIdParams,
    body: sizeGuideInputSchema,
    responses: { 200: adminSizeGuideSchema },
  }),
  deleteSizeGuide: defineAdminEndpoint({
    method: 'DELETE',
    path: '/admin/api/size-guides/:id',
    tags: ADMIN_TAGS,
    summary: 'Deletes a size guide no product shows (409 while one does)',
    permission,
    params: sizeGuideIdParams,
    responses: { 204: z.null() },
  }),
}
