import { describe, expect, it } from 'vitest'
import {
  adjustmentChange,
  csvFileIssues,
  csvProductStatus,
  csvRowSchema,
  stockAdjustmentSchema,
  variationIdentity,
} from './stock-shapes.ts'

const row = {
  product_slug: 'tour-tee',
  product_name: 'Tour Tee',
  status: 'publish',
  categories: 't-shirts|tour-edition',
  sku: 'TT-BLACK-M',
  attributes: 'colour:Black|size:M',
  price: '29.9',
  sale_price: '',
  on_hand: '12',
}

describe('a catalogue CSV row', () => {
  it('reads lists, prices in cents and units', () => {
    expect(csvRowSchema.parse(row)).toEqual({
      ...row,
      categories: ['t-shirts', 'tour-edition'],
      attributes: [
        { attribute: 'colour', term: 'Black' },
        { attribute: 'size', term: 'M' },
      ],
      price: 2990,
      sale_price: null,
      on_hand: 12,
    })
  })

  it.each([
    [{ price: '29,90' }, 'price'],
    [{ sale_price: '40.00' }, 'sale_price'],
    [{ on_hand: '-1' }, 'on_hand'],
    [{ status: 'private' }, 'status'],
    [{ attributes: 'colour' }, 'attributes'],
    [{ attributes: 'colour:Black|colour:White' }, 'attributes'],
    [{ product_slug: 'Tour Tee' }, 'product_slug'],
    [{ sku: '' }, 'sku'],
    [{ status: 'retired', attributes: '' }, 'status'],
  ])('refuses %j in its column %s', (change, column) => {
    const result = csvRowSchema.safeParse({ ...row, ...change })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual([column])
  })
})

describe('the rules across rows', () => {
  const parsed = (change: Partial<typeof row>) => csvRowSchema.parse({ ...row, ...change })

  it('takes a product’s status from its rows that are not retired', () => {
    const rows = [
      { row: 2, data: parsed({ status: 'retired' }) },
      { row: 3, data: parsed({ sku: 'TT-WHITE-M', attributes: 'colour:White|size:M', status: 'draft' }) },
      { row: 4, data: parsed({ sku: 'TT-RED-M', attributes: 'colour:Red|size:M' }) },
    ]
    expect(csvFileIssues(rows)).toEqual([
      { row: 4, column: 'status', message: 'differs from row 3 of the same product' },
    ])
    expect(csvProductStatus(rows)).toBe('draft')
    expect(csvProductStatus(rows.slice(0, 1))).toBeNull()
  })

  it('asks a product’s rows to agree and a SKU to appear once', () => {
    const issues = csvFileIssues([
      { row: 2, data: parsed({}) },
      {
        row: 3,
        data: parsed({ sku: 'TT-WHITE-M', attributes: 'colour:White|size:M', product_name: 'Other' }),
      },
      { row: 4, data: parsed({ product_slug: 'cap', attributes: '', sku: 'tt-black-m' }) },
    ])
    expect(issues).toEqual([
      { row: 3, column: 'product_name', message: 'differs from row 2 of the same product' },
      { row: 4, column: 'sku', message: 'is used by row 2 already' },
    ])
  })
})

describe('an adjustment of on hand', () => {
  it('moves by units received or damaged, or to a count', () => {
    expect(adjustmentChange({ reason: 'received', quantity: 4 })).toEqual({ by: 4 })
    expect(adjustmentChange({ reason: 'damaged', quantity: 4 })).toEqual({ by: -4 })
    expect(adjustmentChange({ reason: 'count', quantity: 0 })).toEqual({ set: 0 })
  })

  it('needs a note, and at least one unit unless it is a count', () => {
    expect(stockAdjustmentSchema.safeParse({ reason: 'received', quantity: 1, note: ' ' }).success).toBe(
      false,
    )
    expect(stockAdjustmentSchema.safeParse({ reason: 'damaged', quantity: 0, note: 'x' }).success).toBe(false)
    expect(stockAdjustmentSchema.safeParse({ reason: 'count', quantity: '0', note: 'x' }).success).toBe(true)
  })
})

it('names a new variation after its product and terms', () => {
  expect(variationIdentity({ slug: 'kids-tee', name: 'Kids Tee' }, ['Black', '10-11 Y'])).toEqual({
    slug: 'kids-tee-black-10-11-y',
    name: 'Kids Tee - Black, 10-11 Y',
  })
})
