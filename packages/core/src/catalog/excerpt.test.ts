import { describe, expect, it } from 'vitest'
import { excerpt, plainText } from './excerpt.ts'

describe('plainText', () => {
  it('drops tags, decodes entities and collapses white space', () => {
    expect(
      plainText('<p>Heavy  cotton &amp; a <strong>relaxed</strong> fit.</p>\n<p>Made&nbsp;in Portugal.</p>'),
    ).toBe('Heavy cotton & a relaxed fit. Made in Portugal.')
  })
})

describe('excerpt', () => {
  it('keeps short text whole', () => {
    expect(excerpt('<p>Short.</p>')).toBe('Short.')
  })
  it('cuts long text at a word and marks the cut', () => {
    const text = excerpt(`<p>${'word '.repeat(60)}</p>`, 40)
    expect(text.length).toBeLessThanOrEqual(40)
    expect(text).toMatch(/^word( word)*…$/)
  })
})
