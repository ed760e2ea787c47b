import { describe, expect, it } from 'vitest'
import { pagingHeaders, readPaging, totalFromPage, totalPages } from './paging.ts'

describe('totalPages', () => {
  it('rounds up partial pages and is 0 for no results', () => {
    expect(totalPages(0, 10)).toBe(0)
    expect(totalPages(10, 10)).toBe(1)
    expect(totalPages(11, 10)).toBe(2)
    expect(totalPages(25, 100)).toBe(1)
  })
})

describe('totalFromPage', () => {
  it('knows the total from a last page that is not full', () => {
    expect(totalFromPage(0, 24, 8)).toBe(8)
    expect(totalFromPage(0, 24, 0)).toBe(0)
    expect(totalFromPage(48, 24, 3)).toBe(51)
  })

  it('needs a count after a full page or an empty one past the first', () => {
    expect(totalFromPage(0, 24, 24)).toBeUndefined()
    expect(totalFromPage(48, 24, 0)).toBeUndefined()
  })
})

describe('paging headers', () => {
  it('reads back what the server writes', () => {
    const headers = new Headers(pagingHeaders(25, 10))
    expect(readPaging(headers, 10)).toEqual({ total: 25, totalPages: 3 })
  })

  it('takes one page of what came when the headers are missing', () => {
    expect(readPaging(new Headers(), 4)).toEqual({ total: 4, totalPages: 1 })
  })
})
