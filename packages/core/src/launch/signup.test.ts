import { describe, expect, it } from 'vitest'
import { launchSignupBodySchema } from './signup.ts'

describe('launchSignupBodySchema', () => {
  it('keeps one spelling of an address', () => {
    expect(launchSignupBodySchema.parse({ email: '  Fan@Example.COM ' })).toEqual({
      email: 'fan@example.com',
    })
  })
  it('refuses what is not an address', () => {
    const result = launchSignupBodySchema.safeParse({ email: 'not-an-email' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid e-mail address.')
  })
  it('asks for an address that is missing', () => {
    expect(launchSignupBodySchema.safeParse({}).error?.issues[0]?.message).toBe(
      'Please enter a valid e-mail address.',
    )
  })
})
