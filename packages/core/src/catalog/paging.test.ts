import { describe, expect, it } from 'vitest'
import { totalPages } from './paging.ts'

describe('totalPages', () => {
  it('rounds up partial pages and is 0 for no results', () => {
    expect(totalPages(0, 10)).toBe(0)
    expect(totalPages(10, 10)).toBe(1)
    expect(totalPages(11, 10)).toBe(2)
    expect(totalPages(25, 100)).toBe(1)
  })
})
