import { describe, expect, it } from 'vitest'
import { productBody, productInputSchema, slugOf } from './catalog-shapes.ts'

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

  it('suggests a slug from a name', () => {
    expect(slugOf('Équipe Tee — 2026!')).toBe('equipe-tee-2026')
  })
})
