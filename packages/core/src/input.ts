/**
 * The building blocks of every request schema, so that hostile input gets a clear 400 at the
 * door instead of a database error: text that holds no NUL character (PostgreSQL cannot store
 * one), whole numbers only from numbers or decimal digits (never booleans, hex or exponents),
 * and ids and pages bounded to what a database integer column holds.
 */
import { z } from 'zod'
import { NUL_MESSAGE } from './field-message.ts'

/** The largest value of a 32-bit integer column (PostgreSQL `integer`), the type of every id. */
export const MAX_ID = 2_147_483_647
/** The last page a list accepts: page × per_page stays far inside the databases' 64-bit offsets. */
const MAX_PAGE = MAX_ID

/**
 * The `when` of a cross-field check that runs even while other fields are still invalid, so that a
 * form's every message comes in one answer (an empty city does not hold back the phone's): never
 * on a body that is not an object at all (only a 400), nor while a field it reads as a whole
 * (`needs`, such as the country a postcode is checked for) failed its own rule. The check itself
 * reads only the other fields that are well-formed.
 */
export function evenWithOtherIssues(...needs: string[]) {
  return {
    when: (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      !payload.issues.some((issue) => needs.includes(String(issue.path?.[0]))),
  }
}

/** Any text a request carries: a string without NUL characters. */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !value.includes('\0'), NUL_MESSAGE)
}

/** Any line break: LF, CR, vertical tab, form feed, NEL, and Unicode's line and paragraph separators. */
const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/

/**
 * Whether text fits on one line, as a name, an address line or a tracking number must: the e-mails that print them
 * give each its own line, and a break inside would start a line of the sender's choosing.
 */
const isOneLine = (value: string) => !LINE_BREAK.test(value)

/** Unicode's explicit embeddings, overrides and isolates (LRE to RLO, LRI to PDI): invisible, they reorder what follows. */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/

/**
 * Whether text is free of explicit direction controls. Names and addresses in Arabic or Hebrew need none (the
 * bidirectional algorithm orders them by their letters); one inside a name or an address line would make the back
 * office, a packing slip or an e-mail show text other than what it holds ("Trojan Source" spoofing).
 */
const hasNoDirectionControl = (value: string) => !DIRECTION_CONTROL.test(value)

/**
 * A text refined to one plain line (isOneLine, hasNoDirectionControl), as names, address lines, carriers and tracking
 * numbers must be; `says` words each refusal for its field.
 */
export function plainLine(schema: z.ZodString, says: (problem: string) => string = (problem) => problem) {
  return schema
    .refine(isOneLine, says('must fit on one line'))
    .refine(hasNoDirectionControl, says('must not contain invisible text direction characters'))
}

/** A query, a path or a form sends a number as decimal digits (optionally signed); JSON as a number. */
const digitsToNumber = (value: unknown) =>
  typeof value === 'string' && /^-?\d{1,16}$/.test(value) ? Number(value) : value

/**
 * A whole number checked by `schema`, taken from a number or a string of decimal digits.
 * Anything else (true, "0x10", "1e3", " 5", "") is refused, where z.coerce would accept it.
 */
export function wholeNumber<T extends z.ZodType<number>>(schema: T) {
  return z.preprocess(digitsToNumber, schema)
}

/** A whole number from min to max, with one message for every way it can be wrong. */
export function boundedNumber(
  min: number,
  max: number,
  message = `must be a whole number from ${min} to ${max}`,
) {
  return wholeNumber(z.number({ error: message }).int({ error: message }).min(min, message).max(max, message))
}

/** A row id: 1 to MAX_ID. */
export const idParam = (message = `must be an id (a whole number from 1 to ${MAX_ID})`) =>
  boundedNumber(1, MAX_ID, message)

/** An id as a list parameter spells it: decimal digits, no leading zero. */
const ID_DIGITS = '[1-9]\\d{0,9}'

/** A comma-separated list of ids whose each item matches `item` (decimal digits), each once, in the order given. */
const listOf = (item: string, lowest: number, example: string) =>
  z
    .string()
    .regex(
      new RegExp(`^\\s*${item}\\s*(,\\s*${item}\\s*)*$`),
      `must be a comma-separated list of ids, e.g. ${example}`,
    )
    .transform((list) => [...new Set(list.split(',').map((part) => Number(part.trim())))])
    .refine(
      (ids) => ids.every((id) => id <= MAX_ID),
      `must be a comma-separated list of ids from ${lowest} to ${MAX_ID}`,
    )

/**
 * A list of ids (WordPress's and WooCommerce's `include`, `exclude`): comma-separated (`12,15`;
 * `include[]=12&include[]=15` arrives so, http/request-input.ts), each once, in the order given.
 * Ids past what an id column holds name nothing: refused like any other malformed id.
 */
export const idListParam = listOf(ID_DIGITS, 1, '15 or 12,15').describe('Comma-separated ids')

/**
 * A list of parent ids as WordPress's `parent` and `parent_exclude` take them: as `idListParam`,
 * where 0 names the top level (no parent).
 */
export const parentListParam = listOf(`(?:0|${ID_DIGITS})`, 0, '0 or 0,12').describe(
  'Comma-separated parent ids; 0 is the top level',
)

/**
 * A list of slugs as WordPress reads one: split at commas, each trimmed; a list naming no slug
 * (",", " ") is refused like an empty one, not read as no filter (every item).
 */
export const slugListParam = text()
  .transform((list) =>
    list
      .split(',')
      .map((slug) => slug.trim())
      .filter(Boolean),
  )
  .refine((slugs) => slugs.length > 0, 'must name at least one slug')

/** `page` of a paged list: 1 (the default) to MAX_PAGE. */
export const pageParam = boundedNumber(1, MAX_PAGE, `must be a page number from 1 to ${MAX_PAGE}`)
  .default(1)
  .describe('Page of results, from 1')

/** `per_page` of a paged list: 1 to max. */
export const perPageParam = (max: number, fallback: number) =>
  boundedNumber(1, max, `must be between 1 and ${max}`)
    .default(fallback)
    .describe(`Results per page, at most ${max}`)

/**
 * A form's checkbox as the browser posts it: 'on' when ticked (a box without a value of its own),
 * nothing when not; anything else is refused. The JSON body of the same call takes true or false.
 */
export const checkbox = z
  .literal('on', { error: 'must be ticked or not' })
  .optional()
  .transform((value) => value === 'on')

/**
 * `schema`, where a form's box left empty ('') is read as JSON's null: no value (no limit, no end),
 * so the form and the API read one schema.
 */
export const emptyAsNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value: z.input<T> | '') => (value === '' ? null : value), schema)

/** A yes-or-no query parameter, spelt as WordPress's rest_sanitize_boolean takes it: true, false, 1 or 0. */
export const booleanParam = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false (or 1 or 0)' })
  .transform((value) => value === 'true' || value === '1')

/**
 * A parameter of WordPress or WooCommerce that the shop has nothing to answer with (no product is
 * featured, no item has categories): every value is refused with `message`, naming what to do
 * instead, rather than the parameter being ignored and every item answered.
 */
export const refusedParam = (message: string) => z.string().refine(() => false, message)

/** WordPress's post statuses (WooCommerce's product statuses are among them) and `any`, every status. */
export const POST_STATUSES = [
  'publish',
  'future',
  'draft',
  'pending',
  'private',
  'trash',
  'auto-draft',
  'inherit',
  'any',
] as const
export type PostStatus = (typeof POST_STATUSES)[number]

/**
 * `status` of a list anyone may read (WordPress's content lists, WooCommerce's products): one
 * status or several separated by commas. Without signing in only published items are shown, so
 * only `readable` may be asked (WordPress: `publish`, its default; WooCommerce also `any`, its
 * default); another status is refused as WordPress refuses it to a visitor (rest_invalid_param,
 * "Status is forbidden"), a word that is no status as not one.
 */
export const readableStatusParam = (readable: readonly PostStatus[]) => {
  const allowed = readable.join(' or ')
  return text()
    .superRefine((list, ctx) => {
      const statuses = list.split(',').map((status) => status.trim())
      const unknown = statuses.find((status) => !(POST_STATUSES as readonly string[]).includes(status))
      const hidden = statuses.find((status) => !(readable as readonly string[]).includes(status))
      if (unknown !== undefined) {
        ctx.addIssue({ code: 'custom', message: `must be ${allowed}: "${unknown}" is not a status` })
      } else if (hidden !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `cannot be "${hidden}": only published items are shown without signing in; ask for ${allowed} or leave status out`,
        })
      }
    })
    .describe(`${allowed}: only published items are shown; any other status is refused`)
}
