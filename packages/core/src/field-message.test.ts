import { describe, expect, it } from 'vitest'
import { fieldMessageFor } from './field-message.ts'
import { text } from './input.ts'

describe('a field’s message under the field', () => {
  it('names the field for the NUL rule, whose message the request schemas give without a name', () => {
    const refused = text().safeParse('a\0b')
    expect(refused.success).toBe(false)
    expect(fieldMessageFor('City', refused.error?.issues[0]?.message)).toBe(
      'City must not contain a NUL character.',
    )
  })

  it('is every other message as it is, and nothing without one', () => {
    expect(fieldMessageFor('City', 'Enter the city.')).toBe('Enter the city.')
    expect(fieldMessageFor('City', undefined)).toBeUndefined()
  })
})
