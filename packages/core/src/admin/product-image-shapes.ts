/**
 * What the back office's product image calls take (issue 11): the limits an upload must keep,
 * in one place for the API that enforces them and the form that states them, and the alt text
 * and order bodies.
 */
import { z } from 'zod'
import { idParam, text } from '../input.ts'
import { MAX_IMAGE_SIDE } from '../media.ts'

/** The largest file one uploaded image may be. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
/** The most pixels (width × height) one uploaded image may have. */
export const MAX_IMAGE_PIXELS = 40_000_000
/** The most times one side of an uploaded image may be the other: a picture, not a strip. */
export const MAX_IMAGE_ASPECT = 10

/** The most images one upload may carry. */
export const MAX_IMAGES_PER_UPLOAD = 10
/** The most images one product may have. */
export const MAX_PRODUCT_IMAGES = 30
/** What an upload may be, as the file input's `accept` names them. */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const

/**
 * Why an image of this many pixels cannot be uploaded, or null when it can: within the pixel cap,
 * each side within what its WebP and AVIF sizes can hold, and not a strip the shop's frames
 * would shrink to nothing.
 */
export function imageSizeProblem(width: number, height: number): string | null {
  const size = `is ${width} × ${height} pixels;`
  if (width * height > MAX_IMAGE_PIXELS) {
    return `${size} an image may have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`
  }
  if (Math.max(width, height) > MAX_IMAGE_SIDE) {
    return `${size} an image may be at most ${MAX_IMAGE_SIDE} pixels wide or high.`
  }
  if (Math.max(width, height) > MAX_IMAGE_ASPECT * Math.min(width, height)) {
    return `${size} its long side may be at most ${MAX_IMAGE_ASPECT} times its short side.`
  }
  return null
}

export const imageAltSchema = z.object({
  alt: text().trim().max(250, 'must be at most 250 characters').default(''),
})

/** The product's images in their new order (the first is the main image): each image once. */
export const imageOrderSchema = z.object({
  ids: z
    .array(idParam())
    .min(1, "must list the product's images")
    .max(MAX_PRODUCT_IMAGES, `must list at most ${MAX_PRODUCT_IMAGES} images`)
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
      `JPEG, PNG, WebP or AVIF images, each at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB, ${MAX_IMAGE_PIXELS / 1_000_000} megapixels and ${MAX_IMAGE_SIDE} pixels a side, the long side at most ${MAX_IMAGE_ASPECT} times the short`,
    ),
})
