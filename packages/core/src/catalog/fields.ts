/**
 * The product lists' `_fields` (../fields.ts): a caller that draws cards is sent, and makes the
 * API read, only what a card shows (issue 15).
 */
import { z } from 'zod'
import { type FieldNames, fieldsParam } from '../fields.ts'
import { type ProductJson, productJsonSchema, type VariationJson, variationJsonSchema } from './schemas.ts'

/** The fields a product has, and those of its variations. */
export const PRODUCT_FIELD_NAMES: FieldNames = {
  fields: new Set(Object.keys(productJsonSchema.shape)),
  subFields: { variations: new Set(Object.keys(variationJsonSchema.shape)) },
}

export const productFieldsParam = fieldsParam(PRODUCT_FIELD_NAMES, 'id,name,variations.price')

/** The product's own fields a shop card draws (its variations' prices come beside them). */
const CARD_PRODUCT_FIELDS = [
  'id',
  'name',
  'permalink',
  'type',
  'images',
  'stock_status',
  'on_sale',
  'price',
  'regular_price',
] as const

/** What the shop's product cards draw: the fields the storefront asks a product list for. */
export const PRODUCT_CARD_FIELDS = [...CARD_PRODUCT_FIELDS, 'variations.price'] as const
/** The card fields as the `_fields` parameter spells them. */
export const PRODUCT_CARD_FIELD_LIST = PRODUCT_CARD_FIELDS.join(',')

export const productCardJsonSchema = productJsonSchema
  .pick(
    Object.fromEntries(CARD_PRODUCT_FIELDS.map((field) => [field, true])) as {
      [Field in (typeof CARD_PRODUCT_FIELDS)[number]]: true
    },
  )
  .extend({ variations: z.array(variationJsonSchema.pick({ price: true })) })
export type ProductCardJson = z.infer<typeof productCardJsonSchema>

export type PartialProductJson = Partial<Omit<ProductJson, 'variations'>> & {
  variations?: Partial<VariationJson>[]
}
