/**
 * A form's date-times as staff type them (datetime-local, in the browser's time zone) and as the
 * API takes them (instants with an offset): the coupon and access code forms share the one way.
 */

/** The form with its local date-times in `names` as instants; a value that is no date is left to the schema. */
export function withInstants(formData: FormData, names: readonly string[]): FormData {
  const copy = new FormData()
  for (const [name, value] of formData) {
    const local = names.includes(name) && typeof value === 'string' && value !== ''
    const instant = local ? new Date(value) : null
    copy.append(name, instant && !Number.isNaN(instant.getTime()) ? instant.toISOString() : value)
  }
  return copy
}

/** An instant as a datetime-local value in the browser's time zone. */
export function localInput(value: string | null): string | undefined {
  if (value === null) return undefined
  const date = new Date(value)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}
