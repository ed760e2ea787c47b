import { describe, expect, it } from 'vitest'
import { MAX_PER_PAGE } from '../catalog/paging.ts'
import { CONTENT_PAGE_SIZE, DEFAULT_PER_PAGE, pageOffset } from './paging.ts'

describe('content paging', () => {
  it('asks for 100 items per page, the most a client may ask for', () => {
    expect(CONTENT_PAGE_SIZE).toBe(100)
    expect(CONTENT_PAGE_SIZE).toBeLessThanOrEqual(MAX_PER_PAGE)
    expect(DEFAULT_PER_PAGE).toBe(10)
  })

  it('skips the rows of the earlier pages', () => {
    expect(pageOffset(1, 100)).toBe(0)
    expect(pageOffset(3, 10)).toBe(20)
  })
})
