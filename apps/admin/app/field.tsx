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

export function Field({ label, name, errors, hint, children }: FieldProps) {
  const id = useId()
  const messageId = `${id}-message`
  const hintId = `${id}-hint`
  const described = [hint ? hintId : null, errors?.length ? messageId : null].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <small id={hintId} className="hint">
          {hint}
        </small>
      ) : null}
      {children({
        id,
        name,
        'aria-invalid': errors?.length ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {errors?.length ? (
        <span id={messageId} className="error">
          {errors.join(' ')}
        </span>
      ) : null}
    </div>
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
