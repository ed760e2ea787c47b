import { describe, expect, it } from 'vitest'
import {
  appendTaxonomyFilter,
  attributeSlugOf,
  attributeTaxonomy,
  parseTaxonomyFilter,
  taxonomyFilterFromSearchParams,
} from './taxonomies.ts'

describe('parseTaxonomyFilter', () => {
  it('reads a list of taxonomies with term slugs', () => {
    expect(
      parseTaxonomyFilter(
        '[{"taxonomy":"pa_size","terms":["m","l"]},{"taxonomy":"gender","terms":["women"]}]',
      ),
    ).toEqual({
      ok: true,
      filter: [
        { taxonomy: 'pa_size', terms: ['m', 'l'] },
        { taxonomy: 'gender', terms: ['women'] },
      ],
    })
  })

  it('says how many taxonomies and terms a filter may list', () => {
    const gender = { taxonomy: 'gender', terms: ['women'] }
    expect(parseTaxonomyFilter(JSON.stringify(Array(21).fill(gender)))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^taxonomies: must list at most 20 taxonomies; expected a list like/),
    })
    const terms = Array.from({ length: 51 }, (_, index) => `t${index}`)
    expect(parseTaxonomyFilter(JSON.stringify([{ taxonomy: 'pa_size', terms }]))).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /^taxonomies at 0\.terms: terms must list at most 50 term slugs; expected/,
      ),
    })
  })

  it('merges repeated taxonomies and drops repeated terms', () => {
    expect(
      parseTaxonomyFilter('[{"taxonomy":"pa_size","terms":["m"]},{"taxonomy":"pa_size","terms":["m","xl"]}]'),
    ).toEqual({ ok: true, filter: [{ taxonomy: 'pa_size', terms: ['m', 'xl'] }] })
  })

  it('accepts an empty list as no filter', () => {
    expect(parseTaxonomyFilter('[]')).toEqual({ ok: true, filter: [] })
  })

  it('refuses text that is not JSON, showing the expected format', () => {
    const parsed = parseTaxonomyFilter('[{taxonomy:pa_size}')
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) {
      expect(parsed.message).toContain('not valid JSON')
      expect(parsed.message).toContain('"taxonomy":"pa_size"')
    }
  })

  it('refuses JSON of the wrong shape and says where', () => {
    const notAList = parseTaxonomyFilter('{"taxonomy":"pa_size","terms":["m"]}')
    expect(notAList.ok).toBe(false)
    const noTerms = parseTaxonomyFilter('[{"taxonomy":"pa_size","terms":[]}]')
    expect(noTerms).toMatchObject({ ok: false, message: expect.stringContaining('at 0.terms') })
    const badName = parseTaxonomyFilter('[{"taxonomy":"size","terms":["m"]}]')
    expect(badName).toMatchObject({
      ok: false,
      message: expect.stringContaining('"gender" or "pa_<attribute>"'),
    })
    const extraKey = parseTaxonomyFilter('[{"taxonomy":"gender","terms":["men"],"operator":"AND"}]')
    expect(extraKey.ok).toBe(false)
  })
})

describe('taxonomy names', () => {
  it('prefixes attribute slugs with pa_ and reads them back', () => {
    expect(attributeTaxonomy('size')).toBe('pa_size')
    expect(attributeSlugOf('pa_colour')).toBe('colour')
    expect(attributeSlugOf('gender')).toBeNull()
  })
})

describe('taxonomyFilterFromSearchParams', () => {
  it('builds the filter from the checkboxes of the known taxonomies only', () => {
    const params = new URLSearchParams('category=3&pa_size=m&pa_size=l&gender=women&pa_size=m&utm_source=x')
    expect(taxonomyFilterFromSearchParams(params, ['pa_colour', 'pa_size', 'gender'])).toEqual([
      { taxonomy: 'pa_size', terms: ['m', 'l'] },
      { taxonomy: 'gender', terms: ['women'] },
    ])
  })

  it('ignores values that are not term slugs', () => {
    const params = new URLSearchParams('pa_size=<script>&pa_size=xl')
    expect(taxonomyFilterFromSearchParams(params, ['pa_size'])).toEqual([
      { taxonomy: 'pa_size', terms: ['xl'] },
    ])
  })
})

describe('appendTaxonomyFilter', () => {
  it('writes the filter back as checkbox values that read back the same', () => {
    const filter = [
      { taxonomy: 'pa_size', terms: ['m', 'l'] },
      { taxonomy: 'gender', terms: ['women'] },
    ]
    const params = appendTaxonomyFilter(new URLSearchParams('category=12'), filter)
    expect(params.toString()).toBe('category=12&pa_size=m&pa_size=l&gender=women')
    expect(taxonomyFilterFromSearchParams(params, ['pa_size', 'gender'])).toEqual(filter)
  })
})
