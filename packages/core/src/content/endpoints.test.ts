/** The content API's queries answer every broken limit in the shop's words, never zod's defaults. */
import { describe, expect, it } from 'vitest'
import { contentEndpoints, contentListEndpoints } from './endpoints.ts'

describe('the limits of a content list query', () => {
  const firstMessage = (value: object) =>
    contentListEndpoints.posts.query.safeParse(value).error?.issues[0]?.message

  it('says that a blank search is none and how long a search may be', () => {
    expect(firstMessage({ search: ' ' })).toBe('must hold a word to search for')
    expect(firstMessage({ search: '\u0301' })).toBe('must hold a word to search for')
    expect(firstMessage({ search: 's'.repeat(101) })).toBe('must be at most 100 characters')
  })

  it('says that an empty slug names none', () => {
    expect(firstMessage({ slug: '' })).toBe('must name at least one slug')
    expect(contentEndpoints.feedTerms.query.safeParse({ slug: '' }).error?.issues[0]?.message).toBe(
      'must name at least one slug',
    )
  })
})
