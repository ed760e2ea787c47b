/**
 * A form's fields read by core's schema as the API reads a request's body: as typed. Conform's
 * coercion first read "1e2" as 100 and "0x10" as 16, numbers core's whole-number rule (wholeNumber)
 * refuses, so the form saved what the API would have refused had it been sent as typed. Every form
 * of the back office reads its fields so; a box left empty reaches the schema as '' and a checkbox
 * as 'on' or nothing, which core's form schemas read (emptyAsNull, checkbox).
 */
import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'

export function parseAsTyped<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema, disableAutoCoercion: true })
}
