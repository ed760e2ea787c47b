/**
 * The contact form's rules, shared by the storefront's form and the API that stores and
 * e-mails each message: the fields, their limits and messages, and the spam honeypot.
 */
import { z } from 'zod'
import { emailAddress } from '../email.ts'
import { plainLine, text } from '../input.ts'

/** What fans write to the team about; the e-mail subject names it. */
export const CONTACT_TOPICS = [
  'General question',
  'Orders and shop',
  'Press and media',
  'Foundation',
  'Bookings and events',
] as const

/**
 * A field people never see (hidden from view and from assistive technology) but form-filling
 * bots do: a message that arrives with it filled in is kept as spam and not e-mailed.
 */
export const HONEYPOT_FIELD = 'website'

export const contactMessageSchema = z.object({
  name: plainLine(
    text({ error: 'Please tell us your name.' })
      .trim()
      .min(2, 'Please tell us your name (at least 2 characters).')
      .max(100, 'Your name can be at most 100 characters.'),
    (problem) => `Your name ${problem}.`,
  ),
  email: text({ error: 'Please enter your e-mail address so we can answer.' })
    .trim()
    .max(200, 'Your e-mail address can be at most 200 characters.')
    .pipe(emailAddress('Please enter a valid e-mail address.')),
  topic: z.enum(CONTACT_TOPICS, { error: 'Please choose what your message is about.' }),
  message: text({ error: 'Please write your message.' })
    .trim()
    .min(10, 'Your message is a bit short: at least 10 characters, please.')
    .max(5000, 'Your message can be at most 5000 characters.'),
  [HONEYPOT_FIELD]: text().max(500, 'must be at most 500 characters').optional(),
})

export type ContactMessage = z.infer<typeof contactMessageSchema>

/** True when the honeypot was filled in, i.e. a bot sent the message. */
export function isLikelySpam(message: Pick<ContactMessage, typeof HONEYPOT_FIELD>): boolean {
  return Boolean(message[HONEYPOT_FIELD]?.trim())
}

/** How many messages one e-mail address may send per hour before the API answers 429. */
export const CONTACT_MESSAGES_PER_HOUR = 5

export const CONTACT_SUCCESS_TEXT = 'Thank you! Your message is on its way to the team. We read every one.'
