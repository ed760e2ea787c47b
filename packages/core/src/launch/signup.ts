/** The coming-soon page's notification signup: one e-mail address, kept once. */
import { z } from 'zod'
import { emailAddress } from '../email.ts'
import { text } from '../input.ts'

export const launchSignupBodySchema = z.object({
  email: text({ error: 'Please enter a valid e-mail address.' })
    .trim()
    .toLowerCase()
    .pipe(emailAddress('Please enter a valid e-mail address.')),
})
