/**
 * What the back office's stock page and the catalogue CSV take and answer (issue 11): the stock
 * figures of each variation, an adjustment of on hand with its reason, and the CSV's columns and
 * per-row rules, written once here so the API's import, the CLI and the admin page agree.
 */
import { z } from 'zod'
import { idParam, pageParam, perPageParam, text } from '../input.ts'
import { MAX_SEARCH_TEXT } from '../search.ts'
import {
  euroPriceSchema,
  MAX_STOCK_UNITS,
  PER_FAN_LIMIT_MESSAGE,
  perFanLimitValue,
  skuKey,
  skuSchema,
  slugOf,
  stockUnitsSchema,
} from './catalog-shapes.ts'

export const STOCK_FILTERS = ['all', 'low', 'out'] as const
export type StockFilter = (typeof STOCK_FILTERS)[number]

export const stockQuerySchema = z.object({
  q: text()
    .trim()
    .max(MAX_SEARCH_TEXT, `must be at most ${MAX_SEARCH_TEXT} characters`)
    .optional()
    .describe('Part of a SKU or product name'),
  filter: z
    .enum(STOCK_FILTERS, { error: `must be one of ${STOCK_FILTERS.join(', ')}` })
    .default('all')
    .describe('low: available at or below the low-stock threshold (and above 0); out: nothing available'),
  page: pageParam,
  per_page: perPageParam(200, 50),
})

export const stockRowSchema = z.object({
  /** The stock row: a simple product's or a variation's id. */
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  productSlug: z.string(),
  /** What tells the variation apart, e.g. "Black, M"; empty for a simple product. */
  variation: z.string(),
  sku: z.string(),
  onHand: z.number().int(),
  held: z.number().int(),
  sold: z.number().int(),
  available: z.number().int(),
})
export type StockRow = z.output<typeof stockRowSchema>

export const stockPageSchema = z.object({
  items: z.array(stockRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
})

export const ADJUSTMENT_REASONS = ['received', 'damaged', 'count'] as const
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number]
export const ADJUSTMENT_REASON_LABELS: Record<AdjustmentReason, string> = {
  received: 'Received (units added)',
  damaged: 'Damaged (units written off)',
  count: 'Count (units counted on the shelf)',
}

/**
 * An adjustment of on hand: `quantity` is the units received or written off, or for a count the
 * units found on the shelf. Always with a note that says why, for the audit log.
 */
export const stockAdjustmentSchema = z
  .object({
    reason: z.enum(ADJUSTMENT_REASONS, { error: `must be one of ${ADJUSTMENT_REASONS.join(', ')}` }),
    quantity: stockUnitsSchema,
    note: text({ error: 'is required' })
      .trim()
      .min(1, 'is required: say why')
      .max(500, 'must be at most 500 characters'),
  })
  .refine((adjustment) => adjustment.reason === 'count' || adjustment.quantity > 0, {
    path: ['quantity'],
    message: 'must be at least 1 unit',
  })
export type StockAdjustment = z.output<typeof stockAdjustmentSchema>

/** How an adjustment moves on hand: by a number of units, or to a counted figure. */
export function adjustmentChange(adjustment: Pick<StockAdjustment, 'reason' | 'quantity'>) {
  if (adjustment.reason === 'count') return { set: adjustment.quantity } as const
  return { by: adjustment.reason === 'received' ? adjustment.quantity : -adjustment.quantity } as const
}

/** The refusal of an on hand that would leave less than carts hold and orders sold (`of`: a variation). */
export const belowCommittedMessage = (committed: number, of?: string) =>
  `On hand${of ? ` of ${of}` : ''} cannot go below ${committed} units: that many are held in carts or sold already.`

export const stockIdParams = z.object({ id: idParam() })

export const stockAdjustmentResultSchema = z.object({ row: stockRowSchema, before: z.number().int() })

// ---- The catalogue CSV: one row per variation (a simple product is one row of its own). ----

export const CSV_COLUMNS = [
  'product_slug',
  'product_name',
  'status',
  'categories',
  'sku',
  'attributes',
  'price',
  'sale_price',
  'on_hand',
] as const
/**
 * Columns a file may leave out, each then keeping what the shop has: a file written before the
 * column existed imports as it did. The export writes them after the others.
 */
export const CSV_OPTIONAL_COLUMNS = ['per_fan_limit'] as const
export type CsvColumn = (typeof CSV_COLUMNS)[number] | (typeof CSV_OPTIONAL_COLUMNS)[number]

/**
 * A row's status: its product's, or `retired` for a variation taken off its product (kept because
 * orders name it, and off sale whatever its product's status).
 */
export const CSV_STATUSES = ['publish', 'draft', 'retired'] as const

/** Separates category slugs, and attribute pairs, inside one cell. */
export const CSV_LIST_SEPARATOR = '|'

const slugRule = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const slug = text()
  .trim()
  .min(1, { error: 'is required', abort: true })
  .max(200, 'must be at most 200 characters')
  .regex(slugRule, 'must be lower-case letters, digits and single hyphens')

const priceCents = euroPriceSchema('must be a price in euros like 29.90')

const splitList = (value: string) =>
  value
    .split(CSV_LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== '')

/** `colour:Black|size:M`: an attribute's slug and its term's name, per pair. */
const attributesCell = text()
  .max(500, 'must be at most 500 characters')
  .transform((value, context) => {
    const pairs: { attribute: string; term: string }[] = []
    for (const part of splitList(value)) {
      const [attribute, term, ...rest] = part.split(':').map((piece) => piece.trim())
      if (!attribute || !term || rest.length > 0 || !slugRule.test(attribute)) {
        context.addIssue({
          code: 'custom',
          message: `"${part}" must be an attribute slug and a term, like colour:Black`,
        })
        return z.NEVER
      }
      if (pairs.some((pair) => pair.attribute === attribute)) {
        context.addIssue({ code: 'custom', message: `names the attribute "${attribute}" twice` })
        return z.NEVER
      }
      pairs.push({ attribute, term })
    }
    return pairs
  })

/** One data row of the CSV, each cell checked on its own; the file's rules come after (csvFileIssues). */
export const csvRowSchema = z
  .object({
    product_slug: slug,
    product_name: text().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
    status: z.enum(CSV_STATUSES, { error: `must be one of ${CSV_STATUSES.join(', ')}` }),
    categories: text().max(500, 'must be at most 500 characters').transform(splitList).pipe(z.array(slug)),
    sku: skuSchema,
    attributes: attributesCell,
    price: priceCents,
    sale_price: z.union([z.literal('').transform(() => null), priceCents], {
      error: 'must be empty or a price in euros like 24.90',
    }),
    on_hand: text()
      .trim()
      .regex(/^\d{1,7}$/, 'must be a whole number of units')
      .transform(Number)
      .pipe(z.number().max(MAX_STOCK_UNITS, `must be at most ${MAX_STOCK_UNITS}`)),
    /** The product's limit per fan: null for none; left out with its column, the product keeps its own. */
    per_fan_limit: z
      .preprocess(
        (cell) => (typeof cell === 'string' ? cell.trim() : cell),
        z.union([z.literal('').transform(() => null), perFanLimitValue], { error: PER_FAN_LIMIT_MESSAGE }),
      )
      .optional(),
  })
  .superRefine((row, context) => {
    if (row.sale_price !== null && row.sale_price >= row.price) {
      context.addIssue({ code: 'custom', path: ['sale_price'], message: 'must be below the price' })
    }
    if (row.status === 'retired' && row.attributes.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['status'],
        message: 'only a variation (a row with attributes) can be retired',
      })
    }
  })
export type CsvRow = z.output<typeof csvRowSchema>

/** A problem of the file, at a row (1 is the header line) and a column, or the whole row (null). */
export const csvIssueSchema = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
})
export type CsvIssue = z.output<typeof csvIssueSchema>

/** A product's status in the file: that of its first row that is not retired; none if all are. */
export function csvProductStatus(rows: readonly { data: CsvRow }[]): 'publish' | 'draft' | null {
  for (const { data } of rows) if (data.status !== 'retired') return data.status
  return null
}

/**
 * The rules across rows: a product's rows agree on its own fields (status: those not retired), a
 * SKU appears once.
 */
export function csvFileIssues(rows: readonly { row: number; data: CsvRow }[]): CsvIssue[] {
  const issues: CsvIssue[] = []
  const firstOfProduct = new Map<string, { row: number; data: CsvRow }>()
  const firstOnSale = new Map<string, { row: number; data: CsvRow }>()
  const skus = new Map<string, number>()
  for (const entry of rows) {
    const { data } = entry
    const first = firstOfProduct.get(data.product_slug)
    if (!first) firstOfProduct.set(data.product_slug, entry)
    else {
      if (data.product_name !== first.data.product_name) {
        issues.push({
          row: entry.row,
          column: 'product_name',
          message: `differs from row ${first.row} of the same product`,
        })
      }
      if (data.per_fan_limit !== first.data.per_fan_limit) {
        issues.push({
          row: entry.row,
          column: 'per_fan_limit',
          message: `differs from row ${first.row} of the same product`,
        })
      }
      if (data.categories.join(CSV_LIST_SEPARATOR) !== first.data.categories.join(CSV_LIST_SEPARATOR)) {
        issues.push({
          row: entry.row,
          column: 'categories',
          message: `differs from row ${first.row} of the same product`,
        })
      }
      if (data.attributes.length === 0 || first.data.attributes.length === 0) {
        issues.push({
          row: entry.row,
          column: 'attributes',
          message: 'a product with several rows needs attributes on each (one row per variation)',
        })
      }
    }
    if (data.status !== 'retired') {
      const onSale = firstOnSale.get(data.product_slug)
      if (!onSale) firstOnSale.set(data.product_slug, entry)
      else if (data.status !== onSale.data.status) {
        issues.push({
          row: entry.row,
          column: 'status',
          message: `differs from row ${onSale.row} of the same product`,
        })
      }
    }
    const key = skuKey(data.sku)
    const seen = skus.get(key)
    if (seen !== undefined) {
      issues.push({ row: entry.row, column: 'sku', message: `is used by row ${seen} already` })
    } else skus.set(key, entry.row)
  }
  return issues
}

export const csvImportSchema = z.object({
  csv: text({ error: 'must be the CSV text' }).min(1, 'is empty').max(900_000, 'must be at most 900 kB'),
})

export const csvImportResultSchema = z.object({
  rows: z.number().int(),
  productsCreated: z.number().int(),
  productsUpdated: z.number().int(),
  variationsCreated: z.number().int(),
  variationsUpdated: z.number().int(),
  stockChanges: z.number().int(),
})
export type CsvImportResult = z.output<typeof csvImportResultSchema>

/**
 * Problems a refused file's answer lists, the first by row: a file of thousands of bad rows would
 * otherwise answer megabytes and a table no one reads; its message and `issueCount` say how many
 * there are in all.
 */
export const MAX_LISTED_CSV_ISSUES = 100

/** The 422 of a file with problems: nothing was changed; its problems by row and column. */
export const csvRejectionSchema = z.object({
  message: z.string(),
  statusCode: z.literal(422),
  /** The first MAX_LISTED_CSV_ISSUES problems, by row. */
  issues: z.array(csvIssueSchema),
  /** How many problems the file has in all. */
  issueCount: z.number().int(),
})

/** What the 422 of a file with problems answers: all of them counted, the first listed. */
export function csvRejection(
  message: string,
  issues: readonly CsvIssue[],
): z.output<typeof csvRejectionSchema> {
  const listed = issues.slice(0, MAX_LISTED_CSV_ISSUES)
  return {
    message: listed.length < issues.length ? `${message} The first ${listed.length} are listed.` : message,
    statusCode: 422,
    issues: listed,
    issueCount: issues.length,
  }
}

/** A new variation's slug and name: its product's, with its terms ("tee-black-m", "Tee - Black, M"). */
export function variationIdentity(product: { slug: string; name: string }, terms: readonly string[]) {
  return {
    slug: [product.slug, ...terms.map(slugOf)].join('-'),
    name: `${product.name} - ${terms.join(', ')}`,
  }
}
