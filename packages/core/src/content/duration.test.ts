import { describe, expect, it } from 'vitest'
import { describeDuration, formatDuration } from './duration.ts'

describe('formatDuration', () => {
  it('writes minutes and two-digit seconds', () => {
    expect(formatDuration(0)).toBe('0:00')
    expect(formatDuration(7.9)).toBe('0:07')
    expect(formatDuration(187)).toBe('3:07')
  })

  it('adds hours past an hour', () => {
    expect(formatDuration(3725)).toBe('1:02:05')
  })

  it('treats unknown lengths (NaN before metadata loads) as zero', () => {
    expect(formatDuration(Number.NaN)).toBe('0:00')
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0:00')
  })
})

describe('describeDuration', () => {
  it('spells the length out for assistive technology', () => {
    expect(describeDuration(187)).toBe('3 minutes 7 seconds')
    expect(describeDuration(60)).toBe('1 minute')
    expect(describeDuration(1)).toBe('1 second')
    expect(describeDuration(0)).toBe('0 seconds')
  })
})
