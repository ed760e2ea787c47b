/**
 * The product and category lists' `_fields` (../fields.ts): a caller that draws cards or the
 * shop's category tabs is sent, and makes the API read, only what it shows (issue 15).
 */
import { z } from 'zod'
import { type FieldNames, fieldsParam, pickMask } from '../fields.ts'
import {
  categoryJsonSchema,
  type ProductJson,
  productJsonSchema,
  type VariationJson,
  variationJsonSchema,
} from './schemas.ts'

/** The fields a product has, those of its variations, and its pictures picked by position. */
export const PRODUCT_FIELD_NAMES: FieldNames = {
  fields: new Set(Object.keys(productJsonSchema.shape)),
  subFields: { variations: new Set(Object.keys(variationJsonSchema.shape)) },
  positional: new Set(['images']),
}

export const productFieldsParam = fieldsParam(PRODUCT_FIELD_NAMES, 'id,name,images.0,variations.price')

/** The product's own fields a shop card draws whole (its picture and its variations' prices come beside them). */
const CARD_PRODUCT_FIELDS = [
  'id',
  'name',
  'permalink',
  'type',
  'stock_status',
  'on_sale',
  'price',
  'regular_price',
] as const

/**
 * What the shop's product cards draw: the fields the storefront asks a product list for. A card
 * shows the product's first picture (`images.0`), not the gallery of the product page.
 */
export const PRODUCT_CARD_FIELDS = [...CARD_PRODUCT_FIELDS, 'images.0', 'variations.price'] as const
/** The card fields as the `_fields` parameter spells them. */
export const PRODUCT_CARD_FIELD_LIST = PRODUCT_CARD_FIELDS.join(',')

export const productCardJsonSchema = productJsonSchema.pick(pickMask(CARD_PRODUCT_FIELDS)).extend({
  images: productJsonSchema.shape.images.max(1),
  variations: z.array(variationJsonSchema.pick({ price: true })),
})
export type ProductCardJson = z.infer<typeof productCardJsonSchema>

export type PartialProductJson = Partial<Omit<ProductJson, 'variations'>> & {
  variations?: Partial<VariationJson>[]
}

/** The fields a category has (none of them a list of objects). */
export const CATEGORY_FIELD_NAMES: FieldNames = {
  fields: new Set(Object.keys(categoryJsonSchema.shape)),
  subFields: {},
}

export const categoryFieldsParam = fieldsParam(CATEGORY_FIELD_NAMES, 'id,name')

/**
 * What the shop's category tabs need (spec 4): the name they show, the id they link to, the
 * order they come in, and the description the current one gives the page's meta. Not the image
 * or the count of products, which the list then neither joins nor counts.
 */
const CATEGORY_TAB_FIELDS = ['id', 'name', 'description', 'menu_order'] as const
/** The tab fields as the `_fields` parameter spells them. */
export const CATEGORY_TAB_FIELD_LIST = CATEGORY_TAB_FIELDS.join(',')

export const categoryTabJsonSchema = categoryJsonSchema.pick(pickMask(CATEGORY_TAB_FIELDS))
export type CategoryTabJson = z.infer<typeof categoryTabJsonSchema>
