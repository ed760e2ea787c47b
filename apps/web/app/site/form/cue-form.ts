/**
 * The storefront's one form stack: Conform with the zod schemas of @fanshop/core. The action reads
 * a post with `parseForm` and answers with the submission's reply; the page's form validates the
 * same schema as the visitor types (spec 5's cues: a field the visitor has used turns valid (green)
 * or invalid (red; amber while focused)); submitting an invalid form is blocked and shows every
 * message. Without JavaScript the form posts as usual and the reply brings the same messages.
 */
import { type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { type FocusEvent, type FormEvent, useEffect, useMemo, useState } from 'react'
import type { z } from 'zod'
import { useHydrated } from '../use-hydrated.tsx'

export type FormResult = SubmissionResult<string[]>

interface ParseOptions {
  /**
   * false (the default): the fields reach the schema as typed (an empty box is ''), as the account
   * and checkout schemas expect. true: Conform's reading (an empty box is missing, numbers and
   * ticks by the schema's types), which the order lookup's and stock alert's schemas are written for.
   */
  autoCoercion?: boolean
}

/** A value of a posted form without its NUL characters (a file stays as it is). */
function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\0', '')
  if (Array.isArray(value)) return value.map(withoutNul)
  if (typeof value === 'object' && value !== null && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, withoutNul(item)]))
  }
  return value
}

/**
 * A posted form read with a schema of core, the same in the browser and on the server. The
 * schema refuses a NUL character (core's `text`); the values its reply draws back into the form
 * are without them, as a page cannot hold one (the HTML parser makes it U+FFFD).
 */
export function parseForm<Schema extends z.ZodType>(
  schema: Schema,
  formData: FormData,
  options: ParseOptions = {},
) {
  const submission = parseWithZod(formData, { schema, disableAutoCoercion: !options.autoCoercion })
  // The reply draws back this very object (Conform's own hideFields changes it in place too).
  const payload = submission.payload as Record<string, unknown>
  for (const name of Object.keys(payload)) payload[name] = withoutNul(payload[name])
  return submission
}

type Cue = 'valid' | 'invalid' | undefined

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

/** The named form control an event came from, or null for anything else. */
function controlOf(target: EventTarget): Control | null {
  const isControl =
    target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement
  return isControl && target.name ? target : null
}

/** The first message of each field in a reply (the form's own messages sit under ''). */
export function fieldMessages(result: FormResult | null | undefined): Record<string, string> {
  const messages: Record<string, string> = {}
  for (const [name, errors] of Object.entries(result?.error ?? {}))
    if (name && errors?.[0]) messages[name] = errors[0]
  return messages
}

/** A schema of a whole form: an object of fields. */
type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>

export function useCueForm<Schema extends FormSchema>(
  schema: Schema,
  options: {
    id?: string
    lastResult?: FormResult | null
    defaultValue?: Record<string, string | undefined>
    /**
     * When a field is first checked: as it is typed in (the account forms' live cues, the default)
     * or when the visitor leaves it (the order forms); after that, as it is typed in.
     */
    shouldValidate?: 'onInput' | 'onBlur'
  } & ParseOptions = {},
) {
  const shouldValidate = options.shouldValidate ?? 'onInput'
  const [form, fields] = useForm<Record<string, unknown>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    onValidate: ({ formData }) => parseForm(schema, formData, options),
    shouldValidate,
    shouldRevalidate: 'onInput',
  })
  const [used, setUsed] = useState<ReadonlySet<string>>(new Set())
  // The server's messages stay on their fields until the visitor edits that field.
  const [serverErrors, setServerErrors] = useState(() => fieldMessages(options.lastResult))
  useEffect(() => {
    setServerErrors(fieldMessages(options.lastResult))
  }, [options.lastResult])

  const values = (form.value ?? {}) as Record<string, unknown>
  const valid = useMemo(() => schema.safeParse(values).success, [schema, values])
  const hydrated = useHydrated()

  const markUsed = (name: string) =>
    setUsed((current) => (current.has(name) ? current : new Set([...current, name])))
  const clientError = (name: string) => fields[name]?.errors?.[0]

  return {
    form,
    fields,
    /**
     * False while a field fails (the submit button says so with aria-disabled). Before the script
     * runs nothing blocks the post, which the server checks: a button marked unavailable there was
     * announced as dimmed and drawn faded, though it was the only way to send the form.
     */
    submittable: valid || !hydrated,
    /** A field's current value as typed. */
    value(name: string): string | undefined {
      const value = values[name]
      return typeof value === 'string' ? value : undefined
    },
    /** Invalid when a message shows; valid (green) only in a form with live cues, once used. */
    cue(name: string): Cue {
      if (serverErrors[name] || clientError(name)) return 'invalid'
      return shouldValidate === 'onInput' && used.has(name) ? 'valid' : undefined
    },
    /** The message under a field: the server's, or the schema's once the field is used or submitted. */
    error(name: string): string | undefined {
      return serverErrors[name] ?? clientError(name)
    },
    formProps: {
      id: form.id,
      noValidate: true,
      onSubmit: form.onSubmit,
      onChange(event: FormEvent<HTMLFormElement>) {
        const control = controlOf(event.target)
        if (!control) return
        markUsed(control.name)
        setServerErrors(({ [control.name]: _cleared, ...rest }) => rest)
        // A pick is whole once made: a form checked as fields are left checks a select as it is
        // picked, and the fields read with it (a postcode with its country) answer then, rather
        // than when the visitor next leaves a field, on the way to a button their message moves.
        if (shouldValidate === 'onBlur' && control instanceof HTMLSelectElement)
          form.validate({ name: control.name })
      },
      onBlur(event: FocusEvent<HTMLFormElement>) {
        // Leaving a field that was never filled in says nothing yet: a message appearing there
        // would move the link or button the visitor is about to press.
        const control = controlOf(event.target)
        if (shouldValidate === 'onBlur' || !control?.value) return
        markUsed(control.name)
        form.validate({ name: control.name })
      },
    },
  }
}

export type CueForm = ReturnType<typeof useCueForm>
