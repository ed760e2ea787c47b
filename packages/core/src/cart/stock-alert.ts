/**
 * 'Notify me' on a sold-out variation (issue 9): the e-mail address to write to once it is back
 * in stock (a logged-in customer's own when left out). One schema for the product page's form
 * and the store API.
 */
import { z } from 'zod'
import { idParam, text } from '../input.ts'
import { checkoutEmailSchema } from './schemas.ts'

export const stockAlertSchema = z.object({
  variant_id: idParam(),
  email: text().trim().pipe(checkoutEmailSchema).optional(),
})

export const stockAlertMessage = (email: string) =>
  `Thank you. We will write to ${email} once, as soon as it is back in stock.`
