import { describe, expect, it } from 'vitest'
import { accountRules } from './accounts/validation.ts'
import { staffEmailSchema } from './admin/shapes.ts'
import { contactMessageSchema } from './content/contact.ts'
import { EMAIL_MAX_LENGTH, emailAddress } from './email.ts'
import { launchSignupBodySchema } from './launch/signup.ts'

describe('an e-mail address', () => {
  const rule = emailAddress('Enter a valid e-mail address.')
  const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(59)}.example`

  it('may be as long as SMTP carries: 254 characters, 64 before the @', () => {
    const longest = `${'a'.repeat(64)}@${domain}`
    expect(longest).toHaveLength(EMAIL_MAX_LENGTH)
    expect(rule.parse(longest)).toBe(longest)
  })

  it('is refused with the message beyond that', () => {
    for (const address of [
      `${'a'.repeat(64)}@x${domain}`,
      `${'a'.repeat(65)}@example.com`,
      `${'a'.repeat(5000)}@example.com`,
      'ana',
    ]) {
      expect(rule.safeParse(address).error?.issues.map((issue) => issue.message)).toEqual([
        'Enter a valid e-mail address.',
      ])
    }
  })
})

describe('every field that takes an e-mail address', () => {
  const tooLongLocalPart = `${'a'.repeat(65)}@example.com`
  const fields = {
    'an account': accountRules.email,
    'a staff member': staffEmailSchema,
    'the contact form': contactMessageSchema.shape.email,
    'the coming-soon sign-up': launchSignupBodySchema.shape.email,
  }
  for (const [name, field] of Object.entries(fields)) {
    it(`holds ${name}'s address to what mail can carry`, () => {
      expect(field.safeParse(tooLongLocalPart).success).toBe(false)
      expect(field.safeParse('ana@example.com').success).toBe(true)
    })
  }
})
