/**
 * The one rule for an e-mail address the shop will write to: a well-formed address that mail can
 * carry. RFC 5321 bounds a path to 254 characters and its local part to 64; a longer address is
 * refused at the door instead of being saved and then losing every mail sent to it.
 */
import { z } from 'zod'

export const EMAIL_MAX_LENGTH = 254
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64

/** A deliverable e-mail address, with one message for every way it can be wrong. */
export const emailAddress = (message: string) =>
  z
    .string({ error: message })
    .max(EMAIL_MAX_LENGTH, { error: message, abort: true })
    .refine((value) => value.lastIndexOf('@') <= EMAIL_LOCAL_PART_MAX_LENGTH, { error: message, abort: true })
    .pipe(z.email({ error: message }))
