/**
 * What the back office's product image calls take (issue 11): the limits an upload must keep,
 * in one place for the API that enforces them and the form that states them, and the alt text
 * and order bodies.
 */
import { z } from 'zod'
import { idParam, text } from '../input.ts'

/** The largest file one uploaded image may be. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
/** The most pixels (width × height) one uploaded image may have. */
export const MAX_IMAGE_PIXELS = 40_000_000
/** The most images one upload may carry. */
export const MAX_IMAGES_PER_UPLOAD = 10
/** The most images one product may have. */
export const MAX_PRODUCT_IMAGES = 30
/** What an upload may be, as the file input's `accept` names them. */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const

export const imageAltSchema = z.object({
  alt: text().trim().max(250, 'must be at most 250 characters').default(''),
})

/** The product's images in their new order (the first is the main image): each image once. */
export const imageOrderSchema = z.object({
  ids: z
    .array(idParam())
    .min(1, "must list the product's images")
    .max(MAX_PRODUCT_IMAGES)
    .refine((ids) => new Set(ids).size === ids.length, 'must name each image once'),
})

export const productImageParams = z.object({ id: idParam(), mediaId: idParam() })

/** The multipart form of an upload, as OpenAPI describes it; the API reads its parts itself. */
export const imageUploadForm = z.object({
  files: z
    .array(z.file())
    .min(1)
    .max(MAX_IMAGES_PER_UPLOAD)
    .describe(
      `JPEG, PNG, WebP or AVIF images, each at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
    ),
})
