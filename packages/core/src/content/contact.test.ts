import { describe, expect, it } from 'vitest'
import { contactMessageSchema, isLikelySpam } from './contact.ts'

const valid = {
  name: 'Lucía Gómez',
  email: 'lucia@example.com',
  topic: 'Foundation',
  message: 'Can our youth team join the summer clinic in Vallecas?',
}

const messageOf = (input: unknown) => {
  const result = contactMessageSchema.safeParse(input)
  return result.success ? null : result.error.issues[0]?.message
}

describe('contact message rules', () => {
  it('accepts a complete message and trims it', () => {
    const parsed = contactMessageSchema.parse({ ...valid, name: '  Lucía Gómez ' })
    expect(parsed.name).toBe('Lucía Gómez')
  })

  it('explains each missing or invalid field', () => {
    expect(messageOf({ ...valid, name: 'L' })).toBe('Please tell us your name (at least 2 characters).')
    expect(messageOf({ ...valid, email: 'lucia@' })).toBe('Please enter a valid e-mail address.')
    expect(messageOf({ ...valid, topic: 'Transfers' })).toBe('Please choose what your message is about.')
    expect(messageOf({ ...valid, message: 'Hola!' })).toBe(
      'Your message is a bit short: at least 10 characters, please.',
    )
    expect(messageOf({ ...valid, message: undefined })).toBe('Please write your message.')
  })

  it('refuses a name that would break the e-mail header onto a new line', () => {
    expect(messageOf({ ...valid, name: 'Lucía\r\nBcc: everyone@example.com' })).toBe(
      'Your name must fit on one line.',
    )
    // Breaks a mail reader shows as one too: the e-mail's text part prints the name on a line of its own.
    for (const name of ['Lucía\u2028Topic: Press and media', 'Lucía\u0085Gómez', 'Lucía\vGómez']) {
      expect(messageOf({ ...valid, name })).toBe('Your name must fit on one line.')
    }
  })

  it('refuses a name with direction controls, and takes one written in Arabic or Hebrew', () => {
    for (const name of ['Lucía \u202Eakcin', 'Ana\u2066 Gómez\u2069']) {
      expect(messageOf({ ...valid, name })).toBe(
        'Your name must not contain invisible text direction characters.',
      )
    }
    for (const name of ['ليلى حداد', 'נועה כהן'])
      expect(contactMessageSchema.safeParse({ ...valid, name }).success).toBe(true)
  })

  it('says how long the honeypot may be in the shop’s words', () => {
    expect(messageOf({ ...valid, website: 'w'.repeat(501) })).toBe('must be at most 500 characters')
  })

  it('treats a filled honeypot as spam, an empty one as a person', () => {
    expect(isLikelySpam({ website: 'http://cheap-watches.example' })).toBe(true)
    expect(isLikelySpam({ website: '' })).toBe(false)
    expect(isLikelySpam({})).toBe(false)
  })
})
