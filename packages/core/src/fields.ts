/**
 * WordPress REST's global `_fields` parameter, as the product, category and content lists read
 * it: a comma list of the fields the answer keeps, so a caller that draws cards or tiles is sent,
 * and makes the API read, only what it shows (issue 15). As in WordPress 5.3+, a dotted path keeps
 * part of a field at any depth (`title.rendered`, `images.0.src`: `images.0` keeps the first item
 * of a list); ours also keeps a field of each item of a list of objects (`variations.price`). As
 * in WordPress, names the answer's items do not have are ignored, and a scalar asked for a part
 * of it is kept whole.
 */
import { z } from 'zod'

/** Each field asked for: `true` for the whole field, or the parts of it asked for, by name or position. */
export type FieldSelection = ReadonlyMap<string, true | FieldSelection>

/** The fields an item of a list has, and the fields of those of its fields that are lists of objects. */
export interface FieldNames {
  fields: ReadonlySet<string>
  subFields: Readonly<Record<string, ReadonlySet<string>>>
  /** Lists whose items are picked by position (`images.0`) rather than by their fields. */
  positional?: ReadonlySet<string>
}

/** A position in a list, as a `_fields` part names it (WordPress keeps `images.0` as the first image). */
const POSITION = /^(0|[1-9]\d{0,2})$/

/** Whether a path may go on from a field to `sub`: a list of objects by its fields, a positional list by position. */
function continuesTo(names: FieldNames, field: string, sub: string): boolean {
  const subFields = names.subFields[field]
  if (subFields) return subFields.has(sub)
  return !names.positional?.has(field) || POSITION.test(sub)
}

/** Adds a path to a selection; a whole field wins over its parts, whichever is named first. */
function addPath(selection: Map<string, true | FieldSelection>, [name = '', ...rest]: string[]): void {
  const chosen = selection.get(name)
  if (rest.length === 0) selection.set(name, true)
  else if (chosen === true) return
  else {
    const parts = new Map(chosen ?? [])
    addPath(parts, rest)
    selection.set(name, parts)
  }
}

/**
 * Reads a `_fields` list: unknown top-level names (and paths with an empty step, `title.`) are
 * dropped and a whole field wins over its parts; a list naming nothing (`_fields=`) asks, as in
 * WordPress, for every field.
 */
export function parseFieldSelection(list: string, names: FieldNames): FieldSelection | undefined {
  const parts = list.split(',').filter((part) => part.trim() !== '')
  if (parts.length === 0) return undefined
  const selection = new Map<string, true | FieldSelection>()
  for (const part of parts) {
    const path = part.trim().split('.')
    const [field = '', sub] = path
    if (!names.fields.has(field) || path.includes('')) continue
    if (sub !== undefined && !continuesTo(names, field, sub)) continue
    addPath(selection, path)
  }
  return selection
}

/**
 * Whether a selection asks for a whole field or, given `sub`, for that field of it (asking for the
 * whole field asks for each of its fields); no selection (no `_fields`) asks for everything.
 */
export function asksFor(selection: FieldSelection | undefined, field: string, sub?: string): boolean {
  if (!selection) return true
  const chosen = selection.get(field)
  return chosen === true || (sub !== undefined && chosen?.has(sub) === true)
}

/** Whether a selection asks for a field or for any part of it (a sub-field, a position). */
export function asksForAny(selection: FieldSelection | undefined, field: string): boolean {
  return !selection || selection.has(field)
}

/**
 * Whether a selection asks for the item at `position` of a list field: all of them when it asks
 * for the whole field (or there is no selection), else those whose positions it names.
 */
export function asksForPosition(
  selection: FieldSelection | undefined,
  field: string,
  position: number,
): boolean {
  return asksFor(selection, field) || asksFor(selection, field, String(position))
}

/** The mask zod's `pick` takes for these fields: the schema of an answer asked for them alone. */
export const pickMask = <Field extends string>(fields: readonly Field[]) =>
  Object.fromEntries(fields.map((field) => [field, true])) as { [F in Field]: true }

/** The `_fields` query parameter of a list whose items have these fields; `example` shows a list. */
export function fieldsParam(names: FieldNames, example: string) {
  return z
    .string()
    .max(1000, 'must be at most 1000 characters')
    .transform((list) => parseFieldSelection(list, names))
    .describe(
      `Comma-separated fields the answer keeps (WordPress \`_fields\`), e.g. ${example}; unknown names are ignored`,
    )
}

/** An item with the fields a selection asks for only, in the order they were asked. */
export function pickFields<Item extends object>(item: Item, selection: FieldSelection): Partial<Item> {
  const picked: Record<string, unknown> = {}
  for (const [field, chosen] of selection)
    picked[field] = pickValue((item as Record<string, unknown>)[field], chosen)
  return picked as Partial<Item>
}

/** Whether a selection of a list's parts names positions (`images.0`) rather than each item's fields. */
function namesPositions(chosen: FieldSelection): boolean {
  for (const name of chosen.keys()) if (POSITION.test(name)) return true
  return false
}

/**
 * The parts of a value asked for: of an object, the fields named (in its own order); of a list,
 * the items at the positions named, or else each item's parts; a scalar whole (as in WordPress).
 */
function pickValue(value: unknown, chosen: true | FieldSelection): unknown {
  if (chosen === true || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    if (!namesPositions(chosen)) return value.map((each) => pickValue(each, chosen))
    const picked: unknown[] = []
    for (let position = 0; position < value.length; position++) {
      const part = chosen.get(String(position))
      if (part) picked.push(pickValue(value[position], part))
    }
    return picked
  }
  // A loop rather than entries and fromEntries: a rendered page picks from every product it shows,
  // and the arrays those made for each field were 2% of the CPU of an uncached `/shop`.
  const picked: Record<string, unknown> = {}
  const fields = value as Record<string, unknown>
  for (const name of Object.keys(fields)) {
    const part = chosen.get(name)
    if (part) picked[name] = pickValue(fields[name], part)
  }
  return picked
}
