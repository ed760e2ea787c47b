import { describe, expect, it } from 'vitest'
import { currentCategory, sortByMenuOrder } from './categories.ts'

const categories = [
  { id: 9, name: 'Caps', menu_order: 3 },
  { id: 4, name: 'Hoodies', menu_order: 1 },
  { id: 7, name: 'Tees', menu_order: 0 },
  { id: 2, name: 'Kids', menu_order: 3 },
]

describe('sortByMenuOrder', () => {
  it('sorts by menu_order ascending, ties by id, without touching the input', () => {
    expect(sortByMenuOrder(categories).map((c) => c.id)).toEqual([7, 4, 2, 9])
    expect(categories[0]!.id).toBe(9)
  })
})

describe('currentCategory', () => {
  const sorted = sortByMenuOrder(categories)
  it('is the first category when none was chosen', () => {
    expect(currentCategory(sorted, null)?.id).toBe(7)
  })
  it('is the chosen category when it is listed', () => {
    expect(currentCategory(sorted, 2)?.id).toBe(2)
  })
  it('falls back to the first when the chosen one is not listed (e.g. the excluded id 15)', () => {
    expect(currentCategory(sorted, 15)?.id).toBe(7)
  })
  it('is undefined for an empty list', () => {
    expect(currentCategory([], null)).toBeUndefined()
  })
})
