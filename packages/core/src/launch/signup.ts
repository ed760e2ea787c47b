/** The coming-soon page's notification signup: one e-mail address, kept once. */
import { z } from 'zod'
import { text } from '../input.ts'

export const launchSignupBodySchema = z.object({
  email: text()
    .trim()
    .toLowerCase()
    .pipe(z.email('Please enter a valid e-mail address.').max(254, 'Please enter a valid e-mail address.')),
})
