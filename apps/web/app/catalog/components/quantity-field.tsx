/**
 * How many to add: minus and plus buttons around a number field. The field belongs to the buy
 * bar's form (form="buy-form"), so the quantity is posted with it, with or without JavaScript.
 * What is typed stays as typed: a number above what is left, and one that is no quantity at all
 * (0, -3, 2.5), which the page refuses with `error` when it is sent instead of changing it.
 */
import { type Ref, useId } from 'react'

export function QuantityField(props: {
  value: string
  max: number | undefined
  formId: string
  onChange: (value: string) => void
  inputRef?: Ref<HTMLInputElement>
  error?: string | null
}) {
  const id = useId()
  const errorId = useId()
  const current = Math.max(1, Number.parseInt(props.value, 10) || 1)
  const atMax = props.max !== undefined && current >= props.max
  return (
    <div className="quantity">
      <label htmlFor={id} className="quantity__label">
        Quantity
      </label>
      <div className="quantity__control">
        <button
          type="button"
          className="quantity__step"
          aria-label="Decrease quantity"
          disabled={current <= 1}
          onClick={() => props.onChange(String(current - 1))}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          ref={props.inputRef}
          id={id}
          className="quantity__input"
          name="quantity"
          form={props.formId}
          type="number"
          inputMode="numeric"
          min={1}
          max={props.max}
          step={1}
          required
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
        <button
          type="button"
          className="quantity__step"
          aria-label="Increase quantity"
          disabled={atMax}
          onClick={() => props.onChange(String(current + 1))}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      {props.error ? (
        <p id={errorId} className="form-error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  )
}
