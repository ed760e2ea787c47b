import { describe, expect, it } from 'vitest'
import { asksFor, asksForAny, asksForPosition, parseFieldSelection as parseFields } from '../fields.ts'
import { catalogEndpoints } from './endpoints.ts'
import {
  CATEGORY_FIELD_NAMES,
  CATEGORY_TAB_FIELD_LIST,
  PRODUCT_CARD_FIELD_LIST,
  PRODUCT_FIELD_NAMES,
} from './fields.ts'

const parseFieldSelection = (list: string) => parseFields(list, PRODUCT_FIELD_NAMES)

describe('asksFor', () => {
  it('asks for everything when there is no selection', () => {
    expect(asksFor(undefined, 'description')).toBe(true)
    expect(asksFor(undefined, 'variations', 'image')).toBe(true)
  })

  it('asks for a whole field and for each of its fields when the field is named', () => {
    const selection = parseFieldSelection('id,variations')
    expect(asksFor(selection, 'id')).toBe(true)
    expect(asksFor(selection, 'variations')).toBe(true)
    expect(asksFor(selection, 'variations', 'attributes')).toBe(true)
    expect(asksFor(selection, 'name')).toBe(false)
  })

  it('asks for the named fields of a field only, and not for the whole of it', () => {
    const selection = parseFieldSelection('variations.price,variations.sku')
    expect(asksFor(selection, 'variations', 'price')).toBe(true)
    expect(asksFor(selection, 'variations', 'sku')).toBe(true)
    expect(asksFor(selection, 'variations', 'image')).toBe(false)
    expect(asksFor(selection, 'variations')).toBe(false)
  })

  it("asks a card's list for the first picture only, by its position", () => {
    const cards = parseFieldSelection(PRODUCT_CARD_FIELD_LIST)
    expect(asksForAny(cards, 'images')).toBe(true)
    expect(asksFor(cards, 'images')).toBe(false)
    expect(asksForPosition(cards, 'images', 0)).toBe(true)
    expect(asksForPosition(cards, 'images', 1)).toBe(false)
    expect(asksForPosition(undefined, 'images', 5)).toBe(true)
    expect(asksForPosition(parseFieldSelection('images.1,images'), 'images', 5)).toBe(true)
    // Positions only where a list is picked by position: a variation is picked by its fields.
    expect(asksForAny(parseFieldSelection('variations.0'), 'variations')).toBe(false)
  })

  it('asks for a field, and for the field of a list, when a deeper path names a part of it', () => {
    const selection = parseFieldSelection('variations.image.src,size_guide.description,images.0.src')
    expect(asksFor(selection, 'variations', 'image')).toBe(true)
    expect(asksFor(selection, 'variations', 'price')).toBe(false)
    expect(asksForAny(selection, 'size_guide')).toBe(true)
    expect(asksFor(selection, 'size_guide')).toBe(false)
    expect(asksForPosition(selection, 'images', 0)).toBe(true)
    // A whole field wins over its parts, named before or after them.
    expect(asksFor(parseFieldSelection('size_guide.description,size_guide'), 'size_guide')).toBe(true)
    expect(asksFor(parseFieldSelection('size_guide,size_guide.description'), 'size_guide')).toBe(true)
    // An empty step names nothing.
    expect(asksForAny(parseFieldSelection('size_guide.,size_guide..description'), 'size_guide')).toBe(false)
  })

  it("asks a card's list for neither of the product's texts", () => {
    const cards = parseFieldSelection(PRODUCT_CARD_FIELD_LIST)
    expect(asksFor(cards, 'price')).toBe(true)
    expect(asksFor(cards, 'variations', 'price')).toBe(true)
    expect(asksFor(cards, 'description')).toBe(false)
    expect(asksFor(cards, 'short_description')).toBe(false)
  })
})

describe('the category tabs’ fields', () => {
  it('ask for what a tab draws and neither the image nor the count of products', () => {
    const tabs = parseFields(CATEGORY_TAB_FIELD_LIST, CATEGORY_FIELD_NAMES)
    for (const field of ['id', 'name', 'description', 'menu_order']) expect(asksFor(tabs, field)).toBe(true)
    expect(asksFor(tabs, 'image')).toBe(false)
    expect(asksFor(tabs, 'count')).toBe(false)
  })
})

describe('the limits of a product list query', () => {
  const query = catalogEndpoints.products.query
  const firstMessage = (value: object) => query.safeParse(value).error?.issues[0]?.message

  it('says how long `_fields` and `search` may be, and that a blank search is none', () => {
    expect(firstMessage({ _fields: 'id,'.repeat(334) })).toBe('must be at most 1000 characters')
    expect(firstMessage({ search: 's'.repeat(101) })).toBe('must be at most 100 characters')
    expect(firstMessage({ search: ' ' })).toBe('must hold a word to search for')
    expect(firstMessage({ search: '\u0301 \u0300' })).toBe('must hold a word to search for')
  })
})
