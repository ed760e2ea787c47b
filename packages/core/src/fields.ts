/**
 * WordPress REST's global `_fields` parameter, as the product and the content lists read it: a
 * comma list of the fields the answer keeps (`variations.price` keeps one field of each
 * variation), so a caller that draws cards or tiles is sent, and makes the API read, only what it
 * shows (issue 15). As in WordPress, names the answer's items do not have are ignored.
 */
import { z } from 'zod'

/** Each top-level field asked for, with the sub-fields asked for or `true` for the whole field. */
export type FieldSelection = ReadonlyMap<string, true | ReadonlySet<string>>

/** The fields an item of a list has, and the fields of those of its fields that are lists of objects. */
export interface FieldNames {
  fields: ReadonlySet<string>
  subFields: Readonly<Record<string, ReadonlySet<string>>>
}

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
    else if (names.subFields[field]?.has(sub) && chosen !== true)
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

/** The `_fields` query parameter of a list whose items have these fields; `example` shows a list. */
export function fieldsParam(names: FieldNames, example: string) {
  return z
    .string()
    .max(1000)
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
    const names = Object.keys(value[0] ?? {}).filter((name) => asksFor(selection, field, name))
    picked[field] = value.map((element: Record<string, unknown>) =>
      Object.fromEntries(names.map((name) => [name, element[name]])),
    )
  }
  return picked as Partial<Item>
}
