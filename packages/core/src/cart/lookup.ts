/**
 * Finding a placed order again without an account (issue 9: a guest on another device had no way
 * back to their order): its number and the e-mail address it was placed with. One schema for the
 * storefront's lookup form and the store API's lookup route.
 */
import { z } from 'zod'
import { text } from '../input.ts'
import { ORDER_NUMBER_PATTERN } from './limits.ts'
import { checkoutEmailSchema } from './schemas.ts'

export const orderLookupSchema = z.object({
  number: text({ error: 'Enter your order number.' })
    .trim()
    .toUpperCase()
    .regex(ORDER_NUMBER_PATTERN, 'Enter the order number as it is in your e-mail, like R123456789.'),
  email: text({ error: 'Enter your e-mail address.' }).trim().pipe(checkoutEmailSchema),
})
export type OrderLookup = z.infer<typeof orderLookupSchema>

/** The answer: the order's number and the token that opens it, as the browser that placed it has. */
export const orderLookupAnswerSchema = z.object({ number: z.string(), token: z.string() })

/** What a lookup that matches no placed order says (the same whichever part is wrong). */
export const ORDER_NOT_FOUND_MESSAGE =
  'We found no order with that number and e-mail address. Check both against your confirmation e-mail.'
