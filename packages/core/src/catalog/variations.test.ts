import { describe, expect, it } from 'vitest'
import type { ProductJson, VariationJson } from './schemas.ts'
import {
  attributeChoices,
  chooseOption,
  findVariation,
  hasPriceRange,
  imageForSelection,
  purchasable,
  selectionFromSearchParams,
} from './variations.ts'

const COLOUR = { id: 1, name: 'Colour', slug: 'colour', options: ['Black', 'Sand'], variation: true }
const SIZE = { id: 2, name: 'Size', slug: 'size', options: ['S', 'M', 'L'], variation: true }

function variation(id: number, colour: string, size: string, stock: number, price = '34.90'): VariationJson {
  return {
    id,
    sku: `TEE-${colour}-${size}`,
    price,
    regular_price: price,
    sale_price: '',
    on_sale: false,
    stock_status: stock > 0 ? 'instock' : 'outofstock',
    stock_quantity: stock,
    attributes: [
      { id: 1, name: 'Colour', option: colour },
      { id: 2, name: 'Size', option: size },
    ],
    image: null,
  }
}

const base: ProductJson = {
  id: 100,
  name: 'Tee',
  slug: 'tee',
  permalink: '/product/tee',
  type: 'variable',
  date_created: '2026-11-01T00:00:00.000Z',
  description: '',
  short_description: '',
  sku: 'TEE',
  price: '34.90',
  regular_price: '34.90',
  sale_price: '',
  on_sale: false,
  stock_status: 'instock',
  stock_quantity: 9,
  images: [],
  categories: [],
  attributes: [
    COLOUR,
    SIZE,
    { id: 3, name: 'Material', slug: 'material', options: ['Cotton'], variation: false },
  ],
  gender: null,
  variations: [
    variation(101, 'Black', 'S', 0),
    variation(102, 'Black', 'M', 4),
    variation(103, 'Black', 'L', 2, '36.90'),
    variation(104, 'Sand', 'S', 0),
    variation(105, 'Sand', 'M', 0),
    variation(106, 'Sand', 'L', 0),
  ],
  size_guide: null,
  how_to_measure: null,
}

describe('selectionFromSearchParams', () => {
  it('keeps only offered options of variation attributes', () => {
    const params = new URLSearchParams('colour=Black&size=XXL&material=Cotton&utm=1')
    expect(selectionFromSearchParams(base, params)).toEqual({ colour: 'Black' })
  })
  it('counts an attribute with a single option as chosen', () => {
    const oneSize = { ...SIZE, options: ['One Size'] }
    const cap = { attributes: [COLOUR, oneSize] }
    expect(selectionFromSearchParams(cap, new URLSearchParams())).toEqual({ size: 'One Size' })
  })
})

describe('findVariation', () => {
  it('needs an option for every variation attribute', () => {
    expect(findVariation(base, { colour: 'Black' })).toBeUndefined()
  })
  it('finds the variation of the chosen colour and size', () => {
    expect(findVariation(base, { colour: 'Black', size: 'L' })?.id).toBe(103)
  })
})

describe('attributeChoices', () => {
  it('marks a colour unavailable when every size of it is sold out', () => {
    const [colour] = attributeChoices(base, {})
    expect(colour!.options).toEqual([
      { option: 'Black', available: true, selected: false },
      { option: 'Sand', available: false, selected: false },
    ])
  })
  it('marks sizes by their stock in the chosen colour', () => {
    const [, size] = attributeChoices(base, { colour: 'Black', size: 'M' })
    expect(size!.options).toEqual([
      { option: 'S', available: false, selected: false },
      { option: 'M', available: true, selected: true },
      { option: 'L', available: true, selected: false },
    ])
  })
  it('marks a size available when any colour has it, before a colour is chosen', () => {
    const [, size] = attributeChoices(base, {})
    expect(size!.options.map((o) => o.available)).toEqual([false, true, true])
  })
})

describe('chooseOption', () => {
  it('sets the option and keeps later choices that are still available', () => {
    expect(chooseOption(base, { size: 'M' }, 'colour', 'Black')).toEqual({ colour: 'Black', size: 'M' })
  })
  it('drops a later choice the new option makes impossible', () => {
    expect(chooseOption(base, { colour: 'Black', size: 'M' }, 'colour', 'Sand')).toEqual({ colour: 'Sand' })
  })
  it('keeps earlier choices when a later attribute changes', () => {
    expect(chooseOption(base, { colour: 'Black', size: 'M' }, 'size', 'L')).toEqual({
      colour: 'Black',
      size: 'L',
    })
  })
})

describe('purchasable', () => {
  it('asks for the attributes still missing', () => {
    expect(purchasable(base, { colour: 'Black' })).toEqual({ state: 'choose', missing: ['Size'] })
  })
  it('offers the chosen variation with its price and stock', () => {
    expect(purchasable(base, { colour: 'Black', size: 'L' })).toEqual({
      state: 'ready',
      variantId: 103,
      price: '36.90',
      maxQuantity: 2,
    })
  })
  it('says sold out for a sold-out combination', () => {
    expect(purchasable(base, { colour: 'Sand', size: 'M' })).toEqual({ state: 'soldout' })
  })
  it('buys a simple product as itself, or says it is sold out', () => {
    const simple: ProductJson = { ...base, type: 'simple', attributes: [], variations: [], stock_quantity: 3 }
    expect(purchasable(simple, {})).toEqual({
      state: 'ready',
      variantId: 100,
      price: '34.90',
      maxQuantity: 3,
    })
    expect(purchasable({ ...simple, stock_status: 'outofstock', stock_quantity: 0 }, {})).toEqual({
      state: 'soldout',
    })
  })
  it('says sold out for a variable product with nothing left', () => {
    expect(purchasable({ ...base, stock_status: 'outofstock' }, {})).toEqual({ state: 'soldout' })
  })
})

describe('hasPriceRange', () => {
  it('is true when variations cost different amounts', () => {
    expect(hasPriceRange(base)).toBe(true)
    expect(hasPriceRange({ ...base, variations: base.variations.slice(0, 2) })).toBe(false)
    expect(hasPriceRange({ ...base, type: 'simple' })).toBe(false)
  })
})

describe('imageForSelection', () => {
  const IMAGE = { src: '', alt: '', width: 1, height: 1, srcset: { avif: '', webp: '' } }
  const withImages: ProductJson = {
    ...base,
    variations: base.variations.map((v) => ({
      ...v,
      image: { ...IMAGE, id: v.attributes[0]!.option === 'Black' ? 7 : 8 },
    })),
  }
  it('is the image of the chosen colour, once something is chosen', () => {
    expect(imageForSelection(withImages, {})).toBeUndefined()
    expect(imageForSelection(withImages, { colour: 'Sand' })).toBe(8)
    expect(imageForSelection(withImages, { colour: 'Black', size: 'L' })).toBe(7)
  })
})
