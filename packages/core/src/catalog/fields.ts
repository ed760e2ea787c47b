/**
 * WordPress REST's global `_fields` parameter on the product lists: a comma list of the fields
 * the answer keeps (`variations.price` keeps one field of each variation), so a caller that
 * draws cards is sent, and makes the API read, only what a card shows (issue 15). As in
 * WordPress, names the product JSON does not have are ignored.
 */
import { z } from 'zod'
import { type ProductJson, productJsonSchema, type VariationJson, variationJsonSchema } from './schemas.ts'

/** Each top-level field asked for, with the sub-fields asked for or `true` for the whole field. */
export type FieldSelection = ReadonlyMap<string, true | ReadonlySet<string>>

const PRODUCT_FIELD_NAMES = new Set(Object.keys(productJsonSchema.shape))
const SUB_FIELD_NAMES: Record<string, Set<string>> = {
  variations: new Set(Object.keys(variationJsonSchema.shape)),
}

/**
 * Reads a `_fields` list: unknown names are dropped and a whole field wins over its sub-fields;
 * a list naming nothing (`_fields=`) asks, as in WordPress, for every field.
 */
export function parseFieldSelection(list: string): FieldSelection | undefined {
  const parts = list.split(',').filter((part) => part.trim() !== '')
  if (parts.length === 0) return undefined
  const selection = new Map<string, true | Set<string>>()
  for (const part of parts) {
    const [field = '', sub, ...deeper] = part.trim().split('.')
    if (!PRODUCT_FIELD_NAMES.has(field) || deeper.length > 0) continue
    const chosen = selection.get(field)
    if (sub === undefined) selection.set(field, true)
    else if (SUB_FIELD_NAMES[field]?.has(sub) && chosen !== true)
      selection.set(field, new Set([...(chosen ?? []), sub]))
  }
  return selection
}

/**
 * Whether a selection asks for a whole field or, given `sub`, for that field of it (asking for the
 * whole field asks for each of its fields); no selection (no `_fields`) asks for everything.
 */
export function asksFor(selection: FieldSelection | undefined, field: string, sub?: string): boolean {
  if (!selection) return true
  const chosen = selection.get(field)
  return chosen === true || (sub !== undefined && chosen?.has(sub) === true)
}

export const fieldsParam = z
  .string()
  .max(1000)
  .transform(parseFieldSelection)
  .describe(
    'Comma-separated fields the answer keeps (WordPress `_fields`), e.g. id,name,variations.price; unknown names are ignored',
  )

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
