/**
 * WordPress REST's global `_fields` parameter, as the product, category and content lists read
 * it: a comma list of the fields the answer keeps (`variations.price` keeps one field of each
 * variation; `images.0`, as in WordPress, keeps the first item of a list), so a caller that draws
 * cards or tiles is sent, and makes the API read, only what it shows (issue 15). As in WordPress,
 * names the answer's items do not have are ignored.
 */
import { z } from 'zod'

/** Each top-level field asked for, with the sub-fields asked for or `true` for the whole field. */
export type FieldSelection = ReadonlyMap<string, true | ReadonlySet<string>>

/** The fields an item of a list has, and the fields of those of its fields that are lists of objects. */
export interface FieldNames {
  fields: ReadonlySet<string>
  subFields: Readonly<Record<string, ReadonlySet<string>>>
  /** Lists whose items are picked by position (`images.0`) rather than by their fields. */
  positional?: ReadonlySet<string>
}

/** A position in a list, as a `_fields` part names it (WordPress keeps `images.0` as the first image). */
const POSITION = /^(0|[1-9]\d{0,2})$/

const isPositions = (names: ReadonlySet<string>) => [...names].every((name) => POSITION.test(name))

/**
 * Reads a `_fields` list: unknown names are dropped and a whole field wins over its sub-fields;
 * a list naming nothing (`_fields=`) asks, as in WordPress, for every field.
 */
export function parseFieldSelection(list: string, names: FieldNames): FieldSelection | undefined {
  const parts = list.split(',').filter((part) => part.trim() !== '')
  if (parts.length === 0) return undefined
  const selection = new Map<string, true | Set<string>>()
  for (const part of parts) {
    const [field = '', sub, ...deeper] = part.trim().split('.')
    if (!names.fields.has(field) || deeper.length > 0) continue
    const chosen = selection.get(field)
    if (sub === undefined) selection.set(field, true)
    else if (chosen === true) continue
    else if (names.subFields[field]?.has(sub) || (names.positional?.has(field) && POSITION.test(sub)))
      selection.set(field, new Set([...(chosen ?? []), sub]))
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
  for (const field of selection.keys()) {
    const value = (item as Record<string, unknown>)[field]
    if (asksFor(selection, field) || !Array.isArray(value)) {
      picked[field] = value
      continue
    }
    const chosen = selection.get(field) as ReadonlySet<string>
    if (isPositions(chosen)) {
      picked[field] = value.filter((_, position: number) => chosen.has(String(position)))
      continue
    }
    const names = Object.keys(value[0] ?? {}).filter((name) => asksFor(selection, field, name))
    picked[field] = value.map((element: Record<string, unknown>) =>
      Object.fromEntries(names.map((name) => [name, element[name]])),
    )
  }
  return picked as Partial<Item>
}
