/**
 * What the back office's catalogue calls take and answer (issue 11): the products list with its
 * filters, one product with its variation matrix, and categories. Prices travel as decimal euro
 * strings ("25.00"), as in WooCommerce's REST API, so the admin form and the API read them with
 * this one schema; they are stored as cents.
 */
import { z } from 'zod'
import { imageJsonSchema } from '../catalog/schemas.ts'
import { isoInstant } from '../dates.ts'
import {
  boundedNumber,
  checkbox,
  evenWithOtherIssues,
  idParam,
  pageParam,
  perPageParam,
  text,
} from '../input.ts'
import { MAX_PER_FAN_CAP } from '../launch/fan-cap.ts'
import { toCents, toDecimalString } from '../money.ts'
import { MAX_SEARCH_TEXT } from '../search.ts'

export const PRODUCT_STATES = ['draft', 'published', 'scheduled'] as const
export type ProductState = (typeof PRODUCT_STATES)[number]
export const PRODUCT_STATE_LABELS: Record<ProductState, string> = {
  draft: 'Draft',
  published: 'Published',
  scheduled: 'Scheduled',
}

export const STOCK_STATES = ['instock', 'low', 'outofstock'] as const
export type StockState = (typeof STOCK_STATES)[number]
export const STOCK_STATE_LABELS: Record<StockState, string> = {
  instock: 'In stock',
  low: 'Low',
  outofstock: 'Sold out',
}

export const PRODUCT_SORTS = ['name', 'sku', 'price', 'stock', 'status', 'updated'] as const
export type ProductSort = (typeof PRODUCT_SORTS)[number]

/** The most variations one product may have (a colour × size matrix of a big range fits easily). */
export const MAX_VARIATIONS = 200

/** A URL slug: lower-case letters, digits and single hyphens. */
export const slugSchema = text({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(120, 'must be at most 120 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and hyphens, e.g. tour-tee')

/** The slug a name suggests ("Tour Tee 2026" → "tour-tee-2026"). */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/**
 * The highest price of a product or variation, 99,999.99 euros, wherever it is set (the product
 * form, the CSV import): the most units of it one order may hold (99) stay within the 32-bit
 * integer columns that keep an order's cents.
 */
export const MAX_PRICE_CENTS = 9_999_999

/** The most units one stock row holds (a 32-bit column, with room for held and sold), wherever set. */
export const MAX_STOCK_UNITS = 1_000_000

/** A price in euros as typed ("25", "25.5" or "25.00"; `message` when it is not one), read as cents. */
export const euroPriceSchema = (message: string) =>
  text({ error: 'is required' })
    .trim()
    .regex(/^\d{1,9}(?:\.\d{1,2})?$/, message)
    .transform((value) => toCents(value))
    .pipe(z.number().max(MAX_PRICE_CENTS, `must be at most ${toDecimalString(MAX_PRICE_CENTS)}`))

/** A price as the product form sends it, up to MAX_PRICE_CENTS. */
export const priceSchema = euroPriceSchema('must be an amount in euros, e.g. 25.00')

const optionalPrice = z.preprocess((value) => (value === '' ? undefined : value), priceSchema.optional())

/** Units on hand as the product form and the stock page send them, up to MAX_STOCK_UNITS. */
export const stockUnitsSchema = boundedNumber(0, MAX_STOCK_UNITS)

export const PER_FAN_LIMIT_MESSAGE = `must be empty (no limit) or a whole number from 1 to ${MAX_PER_FAN_CAP}`

/** A product's per-fan cap, where one is given. */
export const perFanLimitValue = boundedNumber(1, MAX_PER_FAN_CAP, PER_FAN_LIMIT_MESSAGE)

/** A product's per-fan cap as the form sends it; empty: no cap. */
export const perFanLimitSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  perFanLimitValue.optional(),
)

const htmlSchema = text().max(20_000, 'must be at most 20,000 characters').default('')
/**
 * A SKU: what the catalogue file finds a stock row by, so the product form and the file read it by
 * this one rule, and no two products or variations share one (letter case aside).
 */
export const skuSchema = text({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required', abort: true })
  .max(100, 'must be at most 100 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits, dots, hyphens or underscores')
/** A product's own SKU: a simple product's is its stock row's (required below); a variable one's is optional. */
const productSkuSchema = z
  .preprocess((value) => (value === '' ? undefined : value), skuSchema.optional())
  .transform((sku) => sku ?? '')
/** The SKU a variation is given from its product's and its terms' names ("TEE", Black, M → "TEE-BLACK-M"). */
export const variationSku = (productSku: string, termNames: readonly string[]) =>
  [productSku, ...termNames.map(slugOf)].join('-').toUpperCase()

/** The key two SKUs clash by: letter case does not tell them apart. */
export const skuKey = (sku: string) => sku.toUpperCase()
const idList = z.array(idParam()).max(500, 'must list at most 500 ids')

/** One cell of the variation matrix: the terms that define it (one per attribute). */
export const variationInputSchema = z.object({
  /** The variation's id when it exists already; new ones have none. */
  id: idParam().optional(),
  terms: z.array(idParam()).min(1, 'must name a term of each attribute').max(5, 'must name at most 5 terms'),
  sku: skuSchema,
  price: priceSchema,
  salePrice: optionalPrice,
  stock: stockUnitsSchema,
  /** One of the product's images shown for this variation; '' or null: none; left out: unchanged. */
  imageId: z.preprocess((value) => (value === '' ? null : value), idParam().nullable().optional()),
})

/** A product's fields, each by its own rule. */
const productFields = z.object({
  type: z.enum(['simple', 'variable'], { error: 'must be simple or variable' }),
  name: text({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(200, 'must be at most 200 characters'),
  slug: slugSchema,
  description: htmlSchema,
  shortDescription: htmlSchema,
  status: z.enum(PRODUCT_STATES, { error: `must be one of ${PRODUCT_STATES.join(', ')}` }),
  /** ISO 8601 instant with its offset; required when scheduled. */
  publishAt: z.preprocess((value) => (value === '' ? undefined : value), isoInstant.optional()),
  categories: idList.default([]),
  sizeGuideId: z.preprocess((value) => (value === '' ? undefined : value), idParam().optional()),
  /**
   * Units one fan may have across their orders and carts, sizes and colours counted together
   * (the drop's per-fan cap, launch/fan-cap.ts); left out: no cap.
   */
  perFanLimit: perFanLimitSchema,
  /** Terms the product is offered in beyond those its variations use (e.g. a fabric). */
  terms: idList.default([]),
  sku: productSkuSchema,
  price: optionalPrice,
  salePrice: optionalPrice,
  stock: z.preprocess((value) => (value === '' ? undefined : value), stockUnitsSchema.optional()),
  variations: z
    .array(variationInputSchema)
    .max(MAX_VARIATIONS, `must be at most ${MAX_VARIATIONS}`)
    .default([]),
  /** The `updatedAt` of the copy the form was opened with: a save from an older copy is refused. */
  updatedAt: z.preprocess((value) => (value === '' ? undefined : value), isoInstant.optional()),
})

/** A product's rules across its fields: what its type and status require, sale prices, SKUs used once. */
function productRules(product: z.output<typeof productFields>, ctx: z.RefinementCtx) {
  if (product.status === 'scheduled' && product.publishAt === undefined) {
    ctx.addIssue({ code: 'custom', path: ['publishAt'], message: 'is required for a scheduled product' })
  }
  if (product.type === 'simple') {
    if (product.sku === '') ctx.addIssue({ code: 'custom', path: ['sku'], message: 'is required' })
    if (product.price === undefined) ctx.addIssue({ code: 'custom', path: ['price'], message: 'is required' })
    if (product.stock === undefined) ctx.addIssue({ code: 'custom', path: ['stock'], message: 'is required' })
    if (product.variations.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['variations'],
        message: 'only a variable product has variations',
      })
    }
  } else if (product.variations.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['variations'],
      message: 'a variable product needs a variation',
    })
  }
  const onSaleTooHigh = (price?: number, sale?: number) =>
    price !== undefined && sale !== undefined && sale >= price
  if (onSaleTooHigh(product.price, product.salePrice)) {
    ctx.addIssue({ code: 'custom', path: ['salePrice'], message: 'must be below the price' })
  }
  const skus = new Map<string, number>(product.sku === '' ? [] : [[skuKey(product.sku), -1]])
  for (const [i, variation] of product.variations.entries()) {
    const seen = skus.get(skuKey(variation.sku))
    if (seen !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['variations', i, 'sku'],
        message: seen < 0 ? "is the product's own SKU" : `is variation ${seen + 1}'s SKU already`,
      })
    } else skus.set(skuKey(variation.sku), i)
    if (onSaleTooHigh(variation.price, variation.salePrice)) {
      ctx.addIssue({
        code: 'custom',
        path: ['variations', i, 'salePrice'],
        message: 'must be below the price',
      })
    }
  }
}

/**
 * A product as the form sends it. A simple product has its own SKU, prices and stock; a variable
 * one has variations, each with theirs. A scheduled product shows in the shop from `publishAt`.
 * Its rules are said beside the other fields' problems (an API body without a name), not in a
 * second round, once the fields they read are whole.
 */
export const productInputSchema = productFields.superRefine(
  productRules,
  evenWithOtherIssues('type', 'status', 'publishAt', 'sku', 'price', 'salePrice', 'stock', 'variations'),
)
export type ProductInput = z.output<typeof productInputSchema>

/** The refusal (409) of a save made from a copy of the product older than its last change. */
export const STALE_PRODUCT =
  'This product was changed since you opened it (another save, a stock adjustment or an import): reload it to see the changes, then make yours again.'
export type ProductBody = z.input<typeof productInputSchema>

/** A product read by the form's schema, as the API takes it (prices back in decimal euros). */
export function productBody(input: ProductInput): ProductBody {
  const euros = (cents: number | undefined) => (cents === undefined ? undefined : toDecimalString(cents))
  return {
    ...input,
    price: euros(input.price),
    salePrice: euros(input.salePrice),
    variations: input.variations.map((variation) => ({
      ...variation,
      price: toDecimalString(variation.price),
      salePrice: euros(variation.salePrice),
    })),
  }
}

export const adminStockSchema = z.object({
  onHand: z.number().int(),
  sold: z.number().int(),
  held: z.number().int(),
  available: z.number().int(),
})

export const adminVariationSchema = z.object({
  id: z.number().int(),
  terms: z.array(z.number().int()),
  /** "Black, M" */
  label: z.string(),
  sku: z.string(),
  price: z.string(),
  salePrice: z.string(),
  /** False once taken out of the matrix (kept, since orders may name it). */
  active: z.boolean(),
  stock: adminStockSchema,
  /** The product image shown for this variation, or null. */
  imageId: z.number().int().nullable(),
})

export const adminProductSchema = z.object({
  id: z.number().int(),
  type: z.enum(['simple', 'variable']),
  name: z.string(),
  slug: z.string(),
  permalink: z.string(),
  description: z.string(),
  shortDescription: z.string(),
  status: z.enum(PRODUCT_STATES),
  publishAt: z.string().nullable(),
  categories: z.array(z.number().int()),
  sizeGuideId: z.number().int().nullable(),
  /** The per-fan cap, or null for none. */
  perFanLimit: z.number().int().nullable(),
  terms: z.array(z.number().int()),
  sku: z.string(),
  price: z.string(),
  salePrice: z.string(),
  stock: adminStockSchema.nullable(),
  variations: z.array(adminVariationSchema),
  /** In the shop's order: the first is the main image. */
  images: z.array(imageJsonSchema),
  /** ISO 8601. */
  updatedAt: z.string(),
})
export type AdminProduct = z.output<typeof adminProductSchema>

export const productIdParams = z.object({ id: idParam() })

export const productListQuerySchema = z.object({
  search: text()
    .trim()
    .max(MAX_SEARCH_TEXT, `must be at most ${MAX_SEARCH_TEXT} characters`)
    .optional()
    .describe('Words in the name or SKU'),
  category: idParam().optional().describe('Only products in this category'),
  status: z
    .enum(PRODUCT_STATES, { error: `must be one of ${PRODUCT_STATES.join(', ')}` })
    .optional()
    .describe('Only drafts, published or scheduled products'),
  stock: z
    .enum(STOCK_STATES, { error: `must be one of ${STOCK_STATES.join(', ')}` })
    .optional()
    .describe('Only products in stock, low (5 or fewer available) or sold out'),
  sort: z
    .enum(PRODUCT_SORTS, { error: `must be one of ${PRODUCT_SORTS.join(', ')}` })
    .default('updated')
    .describe('Sort by this column'),
  order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
  page: pageParam,
  per_page: perPageParam(100, 20),
})
export type ProductListQuery = z.input<typeof productListQuerySchema>

export const productRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  type: z.enum(['simple', 'variable']),
  status: z.enum(PRODUCT_STATES),
  publishAt: z.string().nullable(),
  sku: z.string(),
  /** The lowest current price, decimal euros. */
  price: z.string(),
  available: z.number().int(),
  stockState: z.enum(STOCK_STATES),
  categories: z.array(z.string()),
  updatedAt: z.string(),
})
export type ProductRow = z.output<typeof productRowSchema>

export const productPageSchema = z.object({
  items: z.array(productRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
})

export const bulkStatusSchema = z.object({
  ids: z.array(idParam()).min(1, 'must select at least one product').max(100, 'must be at most 100'),
  status: z.enum(['draft', 'published'], { error: 'must be draft or published' }),
})

export const catalogueOptionsSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  attributes: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      terms: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
  sizeGuides: z.array(z.object({ id: z.number().int(), name: z.string() })),
})
export type CatalogueOptions = z.output<typeof catalogueOptionsSchema>

export const termInputSchema = z.object({
  /** Written into the catalogue file's attributes cell (`colour:Black|size:M`), so without its separators. */
  name: text({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(60, 'must be at most 60 characters')
    .regex(/^[^|:]*$/, 'must not hold | or :, which separate terms in the catalogue file'),
})
export const attributeIdParams = z.object({ id: idParam() })

export const adminCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  menuOrder: z.number().int(),
  hidden: z.boolean(),
  /** Products (not variations) in it, drafts included. */
  products: z.number().int(),
})
export type AdminCategory = z.output<typeof adminCategorySchema>

export const categoryInputSchema = z.object({
  name: text({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters'),
  slug: slugSchema,
  description: text().trim().max(1000, 'must be at most 1,000 characters').default(''),
  hidden: z.boolean().default(false),
})
export type CategoryInput = z.output<typeof categoryInputSchema>

/** The same fields as the back office's form posts them: hidden is a checkbox. */
export const categoryFormSchema = categoryInputSchema.extend({ hidden: checkbox })

export const categoryIdParams = z.object({ id: idParam() })

/** The categories in their new menu order: every category, each once. */
export const categoryOrderSchema = z.object({
  ids: z
    .array(idParam())
    .min(1, 'must list the categories')
    .max(500, 'must list at most 500 ids')
    .refine((ids) => new Set(ids).size === ids.length, 'must name each category once'),
})
