import { describe, expect, it } from 'vitest'
import {
  categoryOrderSchema,
  MAX_STOCK_UNITS,
  productBody,
  productInputSchema,
  slugOf,
  variationSku,
} from './catalog-shapes.ts'
import { csvRowSchema, stockAdjustmentSchema } from './stock-shapes.ts'

const csvRow = {
  product_slug: 'tour-tee',
  product_name: 'Tour Tee',
  status: 'publish',
  categories: '',
  sku: 'TT-CAP',
  attributes: '',
  price: '29.90',
  sale_price: '',
  on_hand: '12',
}

const variable = {
  type: 'variable',
  name: 'Tour Tee',
  slug: 'tour-tee',
  status: 'published',
  variations: [{ terms: ['3', '7'], sku: 'TT-BM', price: '25.5', salePrice: '', stock: '4' }],
}

describe('the product form and API schema', () => {
  it('reads euros as cents and form text as numbers, and gives the API decimal euros back', () => {
    const parsed = productInputSchema.parse(variable)
    expect(parsed.variations[0]).toEqual({ terms: [3, 7], sku: 'TT-BM', price: 2550, stock: 4 })
    expect(productBody(parsed).variations?.[0]).toMatchObject({ price: '25.50', salePrice: undefined })
    expect(productInputSchema.parse(productBody(parsed))).toEqual(parsed)
  })

  it('asks a scheduled product for its time, a simple one for price and stock, a sale below the price', () => {
    const issues = (input: object) =>
      productInputSchema
        .safeParse(input)
        .error?.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`)
    expect(issues({ ...variable, status: 'scheduled' })).toEqual([
      'publishAt is required for a scheduled product',
    ])
    expect(issues({ ...variable, type: 'simple', variations: [] })).toEqual([
      'sku is required',
      'price is required',
      'stock is required',
    ])
    expect(issues({ ...variable, variations: [{ ...variable.variations[0], salePrice: '30' }] })).toEqual([
      'variations.0.salePrice must be below the price',
    ])
    expect(issues({ ...variable, slug: 'Tour Tee' })?.[0]).toMatch(/^slug must be lower-case/)
    expect(issues({ ...variable, variations: [{ ...variable.variations[0], price: '1e3' }] })?.[0]).toBe(
      'variations.0.price must be an amount in euros, e.g. 25.00',
    )
  })

  it("says a product's own rules beside another field's problem, in one answer", () => {
    const issues = (input: object) =>
      productInputSchema
        .safeParse(input)
        .error?.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`)
    // An API body without a name: before, the simple product's SKU, price and stock came a round later.
    const { name: _name, ...nameless } = variable
    expect(issues({ ...nameless, type: 'simple', variations: [] })).toEqual([
      'name is required',
      'sku is required',
      'price is required',
      'stock is required',
    ])
    // Not while a field the rules read is itself wrong.
    expect(issues({ ...nameless, type: 'simple', variations: [], price: 'free' })).toEqual([
      'name is required',
      'price must be an amount in euros, e.g. 25.00',
    ])
  })

  it("reads a SKU by the catalogue file's rule, required on each stock row and used once in a product", () => {
    const issues = (input: object) =>
      productInputSchema
        .safeParse({ ...variable, ...input })
        .error?.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`)
    const cell = variable.variations[0]!
    expect(issues({ sku: '' })).toBeUndefined()
    expect(issues({ sku: ' TT ' })).toBeUndefined()
    expect(issues({ variations: [{ ...cell, sku: '' }] })).toEqual(['variations.0.sku is required'])
    expect(issues({ variations: [{ ...cell, sku: 'TT BM' }] })).toEqual([
      'variations.0.sku must be letters, digits, dots, hyphens or underscores',
    ])
    expect(issues({ variations: [{ ...cell, sku: 'T'.repeat(101) }] })).toEqual([
      'variations.0.sku must be at most 100 characters',
    ])
    expect(issues({ sku: 'tt-bm' })).toEqual(["variations.0.sku is the product's own SKU"])
    expect(issues({ variations: [cell, { ...cell, terms: ['4', '7'], sku: 'tt-Bm' }] })).toEqual([
      "variations.1.sku is variation 1's SKU already",
    ])
    // The SKU the form suggests for a variation (and the demo gives its own) keeps the rule.
    expect(variationSku('TT', ['Black', '10-11 Y'])).toBe('TT-BLACK-10-11-Y')
    expect(variationSku('tour-tee', ['Crème', 'XL']).match(/^[A-Z0-9-]+$/)).not.toBeNull()
    expect(issues({ variations: [{ ...cell, sku: variationSku('TT', ['Crème', 'XL']) }] })).toBeUndefined()
    // The file reads a cell by the same rule.
    for (const sku of ['', 'TT BM', 'T'.repeat(101)]) {
      expect(csvRowSchema.safeParse({ ...csvRow, sku }).success).toBe(false)
    }
    expect(csvRowSchema.safeParse({ ...csvRow, sku: 'T'.repeat(100) }).success).toBe(true)
  })

  it('holds prices and stock to the limits the CSV import and the stock page share', () => {
    const issues = (variation: object) =>
      productInputSchema
        .safeParse({ ...variable, variations: [{ ...variable.variations[0], ...variation }] })
        .error?.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`)
    expect(issues({ price: '99999.99', stock: String(MAX_STOCK_UNITS) })).toBeUndefined()
    expect(issues({ price: '100000', stock: MAX_STOCK_UNITS + 1 })).toEqual([
      'variations.0.price must be at most 99999.99',
      `variations.0.stock must be a whole number from 0 to ${MAX_STOCK_UNITS}`,
    ])
    expect(csvRowSchema.safeParse({ ...csvRow, price: '100000.00' }).error?.issues[0]?.message).toBe(
      'must be at most 99999.99',
    )
    expect(
      stockAdjustmentSchema.safeParse({ reason: 'count', quantity: MAX_STOCK_UNITS, note: 'x' }).success,
    ).toBe(true)
  })

  it('answers a variation of too many terms and an over-long category order in its own words', () => {
    const terms = ['1', '2', '3', '4', '5', '6']
    expect(
      productInputSchema
        .safeParse({ ...variable, variations: [{ ...variable.variations[0], terms }] })
        .error?.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`),
    ).toEqual(['variations.0.terms must name at most 5 terms'])
    const ids = Array.from({ length: 501 }, (_, index) => index + 1)
    expect(categoryOrderSchema.safeParse({ ids }).error?.issues[0]?.message).toBe('must list at most 500 ids')
  })

  it('suggests a slug from a name', () => {
    expect(slugOf('Équipe Tee — 2026!')).toBe('equipe-tee-2026')
  })
})
