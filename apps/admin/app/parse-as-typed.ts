/**
 * A form's fields read by core's schema as the API reads a request's body: as typed. Conform's
 * coercion first read "1e2" as 100 and "0x10" as 16, numbers core's whole-number rule (wholeNumber)
 * refuses, so the form saved what the API would have refused had it been sent as typed. For forms
 * without checkboxes read as booleans, whose "on" Conform's coercion turns into true.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'

export function parseAsTyped<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema, disableAutoCoercion: true })
}
