/**
 * Live validation of the account forms with the shared schemas of @fanshop/core (spec 5): a field
 * the visitor has typed in shows a valid (green) or invalid (red; amber while focused) cue and its
 * message; submitting an invalid form is blocked and shows every message. The server parses the
 * same FormData with the same schema (`parseForm`), so a form posted before the JavaScript loads
 * gets the same messages back.
 */
import { type FocusEvent, type FormEvent, useEffect, useMemo, useRef, useState } from 'react'
import type { z } from 'zod'

export type FieldValues = Record<string, string>
export type FieldErrors = Record<string, string>

/** A form's fields as the schemas read them: each text as a string; an unchecked box is absent. */
export function formValues(source: HTMLFormElement | FormData): FieldValues {
  const data = source instanceof FormData ? source : new FormData(source)
  const values: FieldValues = {}
  for (const [name, value] of data) if (typeof value === 'string') values[name] = value
  return values
}

/** The first message for each field that fails the schema. */
export function fieldErrors(schema: z.ZodType, values: FieldValues): FieldErrors {
  const result = schema.safeParse(values)
  const errors: FieldErrors = {}
  if (result.success) return errors
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '')
    if (name && !(name in errors)) errors[name] = issue.message
  }
  return errors
}

export type ParsedForm<Output> =
  | { success: true; data: Output; values: FieldValues }
  | { success: false; errors: FieldErrors; values: FieldValues }

/** What an action makes of a posted form. */
export function parseForm<Schema extends z.ZodType>(
  schema: Schema,
  formData: FormData,
): ParsedForm<z.output<Schema>> {
  const values = formValues(formData)
  const result = schema.safeParse(values)
  if (result.success) return { success: true, data: result.data, values }
  return { success: false, errors: fieldErrors(schema, values), values }
}

export type Cue = 'valid' | 'invalid' | undefined

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

/** The form control an event came from, or null for anything else. */
function controlOf(target: EventTarget): Control | null {
  const isControl =
    target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement
  return isControl && target.name ? target : null
}

export interface FormCues {
  values: FieldValues
  /** True when every field passes. */
  valid: boolean
  cue(name: string): Cue
  /** The message to show under a field, once it has been used (or the server said so). */
  error(name: string): string | undefined
  /** Sets a field's value from code (a controlled select), as if the visitor had chosen it. */
  setValue(name: string, value: string): void
  formProps: {
    ref: React.RefObject<HTMLFormElement | null>
    noValidate: true
    onChange(event: FormEvent<HTMLFormElement>): void
    onBlur(event: FocusEvent<HTMLFormElement>): void
    onSubmit(event: FormEvent<HTMLFormElement>): void
  }
}

export function useFormCues(
  schema: z.ZodType,
  options: { initialValues?: FieldValues; serverErrors?: FieldErrors } = {},
): FormCues {
  const ref = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<FieldValues>(options.initialValues ?? {})
  const [used, setUsed] = useState<ReadonlySet<string>>(new Set())
  const [serverErrors, setServerErrors] = useState<FieldErrors>(options.serverErrors ?? {})
  const errors = useMemo(() => fieldErrors(schema, values), [schema, values])

  // The fields' values as the page was drawn (browser autofill included).
  useEffect(() => {
    if (ref.current) setValues(formValues(ref.current))
  }, [])
  // A new answer from the server brings its own messages; the visitor's edits clear them field by field.
  useEffect(() => {
    setServerErrors(options.serverErrors ?? {})
  }, [options.serverErrors])

  const markUsed = (...names: string[]) =>
    setUsed((current) => (names.every((n) => current.has(n)) ? current : new Set([...current, ...names])))

  return {
    values,
    valid: Object.keys(errors).length === 0,
    cue(name) {
      if (serverErrors[name]) return 'invalid'
      if (!used.has(name)) return undefined
      return errors[name] ? 'invalid' : 'valid'
    },
    error(name) {
      return serverErrors[name] ?? (used.has(name) ? errors[name] : undefined)
    },
    setValue(name, value) {
      setValues((current) => ({ ...current, [name]: value }))
    },
    formProps: {
      ref,
      noValidate: true,
      onChange(event) {
        const name = controlOf(event.target)?.name
        if (!name) return
        // Only the changed field is taken from the form: a controlled field may have set another one.
        const fresh = formValues(event.currentTarget)
        setValues(({ [name]: _previous, ...rest }) =>
          name in fresh ? { ...rest, [name]: fresh[name]! } : rest,
        )
        markUsed(name)
        setServerErrors(({ [name]: _cleared, ...rest }) => rest)
      },
      onBlur(event) {
        // Leaving a field that was never filled in says nothing yet: a message appearing there
        // would move the link or button the visitor is about to press.
        const control = controlOf(event.target)
        if (control?.value) markUsed(control.name)
      },
      onSubmit(event) {
        const form = event.currentTarget
        const current = formValues(form)
        const blocking = fieldErrors(schema, current)
        setValues(current)
        if (Object.keys(blocking).length === 0) return
        event.preventDefault()
        markUsed(...Object.keys(blocking))
        const first = Array.from(form.elements).find(
          (element): element is HTMLInputElement =>
            'name' in element && (element as HTMLInputElement).name in blocking,
        )
        first?.focus()
      },
    },
  }
}
