import { describe, expect, it } from 'vitest'
import { readingMinutes } from './reading-time.ts'

describe('readingMinutes', () => {
  it('counts 220 words a minute, at least one', () => {
    expect(readingMinutes('')).toBe(1)
    expect(readingMinutes('one two')).toBe(1)
    expect(readingMinutes(Array.from({ length: 660 }, () => 'word').join(' '))).toBe(3)
  })
})
