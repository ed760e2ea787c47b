/**
 * One labelled field of a back office form driven by Conform: the control gets its name, its
 * invalid state and the id of its message, so a screen reader reads the error with the field.
 * Beside it, the form's own message (an error that belongs to no one field), said as it appears.
 */
import { useId } from 'react'

export interface FieldProps {
  label: string
  name: string
  errors?: string[]
  hint?: string
  children: (control: {
    id: string
    name: string
    'aria-invalid': true | undefined
    'aria-describedby': string | undefined
  }) => React.ReactNode
}

/**
 * A field's hint and error message, and what its control is described by: one id for the field,
 * the hint's and the message's ids derived from it, for a form control or an editing area alike.
 */
export function useFieldNotes(hint: string | undefined, errors: string[] | undefined) {
  const id = useId()
  const hintId = `${id}-hint`
  const messageId = `${id}-message`
  const invalid = Boolean(errors?.length)
  const describedBy =
    [hint ? hintId : null, invalid ? messageId : null].filter(Boolean).join(' ') || undefined
  return {
    id,
    invalid,
    describedBy,
    hint: hint ? (
      <small id={hintId} className="hint">
        {hint}
      </small>
    ) : null,
    message: invalid ? (
      <span id={messageId} className="error">
        {errors?.join(' ')}
      </span>
    ) : null,
  }
}

export function Field({ label, name, errors, hint, children }: FieldProps) {
  const notes = useFieldNotes(hint, errors)
  return (
    <div className="field">
      <label htmlFor={notes.id}>{label}</label>
      {notes.hint}
      {children({
        id: notes.id,
        name,
        'aria-invalid': notes.invalid ? true : undefined,
        'aria-describedby': notes.describedBy,
      })}
      {notes.message}
    </div>
  )
}

/**
 * One cell of a form's row grid (a product's variations, a size guide's rows): its input named by
 * `label` (the column and the row), its message read with it, as a field's is.
 */
export function GridCell({
  label,
  name,
  errors,
  ...input
}: { label: string; name: string; errors: string[] | undefined } & Pick<
  React.InputHTMLAttributes<HTMLInputElement>,
  'defaultValue' | 'inputMode'
>) {
  const notes = useFieldNotes(undefined, errors)
  return (
    <td>
      <input
        {...input}
        name={name}
        aria-label={label}
        aria-invalid={notes.invalid ? true : undefined}
        aria-describedby={notes.describedBy}
      />
      {notes.message}
    </td>
  )
}

/** The form's own errors (Conform's `form.errors`), under the id its controls may point to. */
export function FormErrors({ id, errors }: { id?: string; errors: string[] | undefined }) {
  return errors?.length ? (
    <p id={id} role="alert" className="error">
      {errors.join(' ')}
    </p>
  ) : null
}
