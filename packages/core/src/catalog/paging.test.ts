import { describe, expect, it } from 'vitest'
import { pagingHeaders, readPaging, totalPages } from './paging.ts'

describe('totalPages', () => {
  it('rounds up partial pages and is 0 for no results', () => {
    expect(totalPages(0, 10)).toBe(0)
    expect(totalPages(10, 10)).toBe(1)
    expect(totalPages(11, 10)).toBe(2)
    expect(totalPages(25, 100)).toBe(1)
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
