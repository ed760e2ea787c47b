/**
 * The catalogue's API shapes (WooCommerce REST v3 conventions, plus the size guide and
 * how-to-measure blocks of spec 3), defined once: the API validates its answers with them and the
 * storefront reads the same types. Prices are decimal strings ("29.90"); "" means no sale price.
 */
import { z } from 'zod'
import type { ImageJson } from '../media.ts'

export const imageJsonSchema = z.object({
  id: z.number().int(),
  src: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  srcset: z.object({ avif: z.string(), webp: z.string() }),
}) satisfies z.ZodType<ImageJson>

const stockStatusSchema = z.enum(['instock', 'outofstock'])

/** A decimal price string, or "" for a sale price that is not set. */
const priceString = z.string().regex(/^(\d+\.\d{2})?$/)

export const categoryJsonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  parent: z.number().int(),
  description: z.string(),
  image: imageJsonSchema.nullable(),
  menu_order: z.number().int(),
  /** Published products in the category. */
  count: z.number().int(),
})
export type CategoryJson = z.infer<typeof categoryJsonSchema>

const categoryRefSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() })

const productAttributeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** Term names the product is offered in, in the attribute's order. */
  options: z.array(z.string()),
  /** True when the product's variations are defined by this attribute. */
  variation: z.boolean(),
})
export type ProductAttributeJson = z.infer<typeof productAttributeSchema>

export const genderTermSchema = z.object({ term_id: z.number().int(), name: z.string(), slug: z.string() })
export type GenderTermJson = z.infer<typeof genderTermSchema>

export const variationJsonSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  price: priceString,
  regular_price: priceString,
  sale_price: priceString,
  on_sale: z.boolean(),
  stock_status: stockStatusSchema,
  /** Units a shopper can take right now. */
  stock_quantity: z.number().int(),
  attributes: z.array(z.object({ id: z.number().int(), name: z.string(), option: z.string() })),
  image: imageJsonSchema.nullable(),
})
export type VariationJson = z.infer<typeof variationJsonSchema>

export const sizeRowSchema = z.object({ size: z.string(), body_size: z.string(), chest_size: z.string() })
export type SizeRow = z.infer<typeof sizeRowSchema>

const sizeGuideJsonSchema = z.object({
  description: z.string(),
  clothes_size_data: z.object({ sizes: z.array(sizeRowSchema) }),
})
export type SizeGuideJson = z.infer<typeof sizeGuideJsonSchema>

const howToMeasureJsonSchema = z.object({
  description: z.string(),
  content: z.object({
    image: z
      .object({ url: z.string(), alt: z.string(), width: z.number().int(), height: z.number().int() })
      .nullable(),
    chest_description: z.string(),
    /** Spelt so in the original API (spec 3). */
    body_descirption: z.string(),
  }),
})
export type HowToMeasureJson = z.infer<typeof howToMeasureJsonSchema>

const productTypeSchema = z.enum(['simple', 'variable'])

export const productJsonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  permalink: z.string(),
  type: productTypeSchema,
  date_created: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  /** Sanitised HTML: the product's specs. */
  short_description: z.string(),
  sku: z.string(),
  /** What the shopper pays now; for a variable product, its cheapest variation available. */
  price: priceString,
  regular_price: priceString,
  sale_price: priceString,
  on_sale: z.boolean(),
  stock_status: stockStatusSchema,
  /** Units a shopper can take right now (a variable product: all its variations together). */
  stock_quantity: z.number().int(),
  /** The most units of it one order may hold (the server's MAX_PER_ORDER; our addition). */
  max_per_order: z.number().int().positive().optional(),
  /** The most units of it one fan may have across all their orders, when it is a limited drop (our addition). */
  max_per_fan: z.number().int().positive().optional(),
  images: z.array(imageJsonSchema),
  categories: z.array(categoryRefSchema),
  attributes: z.array(productAttributeSchema),
  gender: genderTermSchema.nullable(),
  variations: z.array(variationJsonSchema),
  size_guide: sizeGuideJsonSchema.nullable(),
  how_to_measure: howToMeasureJsonSchema.nullable(),
})
export type ProductJson = z.infer<typeof productJsonSchema>

/** One entry of `attributes/list`: a filterable taxonomy and its terms (spec 3: shop filters). */
export const attributeFilterSchema = z.object({
  attribute_name: z.string(),
  /** The taxonomy name that products/list accepts ("pa_size", or "gender"). */
  attribute_slug: z.string(),
  attribute_terms: z.array(genderTermSchema),
})
export type AttributeFilterJson = z.infer<typeof attributeFilterSchema>
