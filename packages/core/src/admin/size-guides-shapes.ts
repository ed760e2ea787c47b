/**
 * What the back office's size guide calls take and answer (spec 3: the size guide table and how to
 * measure): a guide's name, its rows of size, chest and body, and its how-to-measure text and
 * image. The form and the API read the input with this one schema.
 */
import { z } from 'zod'
import { idParam, text } from '../input.ts'

/** The most rows one guide may have (XXS to 5XL and kids' sizes fit easily). */
export const MAX_SIZE_ROWS = 40

const cell = text({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(40, 'must be at most 40 characters')
const longText = text().trim().max(2000, 'must be at most 2,000 characters').default('')

export const sizeGuideRowSchema = z.object({ size: cell, chest: cell, body: cell })
export type SizeGuideRow = z.output<typeof sizeGuideRowSchema>

export const sizeGuideInputSchema = z.object({
  name: text({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters'),
  description: longText,
  rows: z
    .array(sizeGuideRowSchema, { error: 'must list the sizes' })
    .min(1, 'must have at least one size')
    .max(MAX_SIZE_ROWS, `must have at most ${MAX_SIZE_ROWS} sizes`)
    .refine(
      (rows) => new Set(rows.map((row) => row.size.toLowerCase())).size === rows.length,
      'must name each size once',
    ),
  measureDescription: longText,
  /** The how-to-measure picture, a media id; none when left out. */
  measureImageId: z.preprocess((value) => (value === '' ? undefined : value), idParam().optional()),
  chestDescription: longText,
  bodyDescription: longText,
})
export type SizeGuideInput = z.output<typeof sizeGuideInputSchema>

export const adminSizeGuideSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  rows: z.array(z.object({ size: z.string(), chest: z.string(), body: z.string() })),
  measureDescription: z.string(),
  measureImageId: z.number().int().nullable(),
  chestDescription: z.string(),
  bodyDescription: z.string(),
  /** Products (not variations) that show it. */
  products: z.number().int(),
})
export type AdminSizeGuide = z.output<typeof adminSizeGuideSchema>

export const sizeGuideIdParams = z.object({ id: idParam() })

/** The pictures a guide's how-to-measure may show. */
export const measureImagesSchema = z.object({
  items: z.array(z.object({ id: z.number().int(), alt: z.string(), file: z.string() })),
})
export type MeasureImages = z.output<typeof measureImagesSchema>
