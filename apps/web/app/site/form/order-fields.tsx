/**
 * The field family's order look (checkout, order lookup, Notify me): every field has a label, its
 * error tied to it (aria-invalid, aria-describedby), and the autocomplete token that lets a phone
 * fill it in. The checkout's steps hand each field the server's message; `TextField` of
 * fields.tsx draws a Conform-driven field in the same frame.
 */
import { fieldMessageFor } from '@fanshop/core'
import { type ReactNode, useId } from 'react'

/** A field's frame in the order look: the red marker while it has a message, and the message. */
export function OrderFieldShell(props: {
  error?: string
  errorId: string
  className?: string
  children: ReactNode
}) {
  return (
    <div
      className={`checkout-field ${props.error ? 'checkout-field--invalid' : ''} ${props.className ?? ''}`}
    >
      {props.children}
      {props.error ? (
        <p className="checkout-field__error" id={props.errorId}>
          {props.error}
        </p>
      ) : null}
    </div>
  )
}

export function InputField(props: {
  name: string
  label: string
  defaultValue?: string
  error?: string
  type?: 'text' | 'email' | 'tel'
  autoComplete: string
  required?: boolean
  /**
   * Needed whenever its part of the form is chosen (the card's fields, when paying by card), though
   * the browser is not asked to check it (`required`) before the page's code runs, as a bank
   * transfer sends the same form without it: never marked optional.
   */
  neededWhenChosen?: boolean
  inputMode?: 'numeric' | 'text' | 'email' | 'tel'
  maxLength?: number
  className?: string
}) {
  const id = useId()
  const errorId = `${id}-error`
  const error = fieldMessageFor(props.label, props.error)
  return (
    <OrderFieldShell error={error} errorId={errorId} className={props.className}>
      <label className="checkout-field__label" htmlFor={id}>
        {props.label}
        {props.required || props.neededWhenChosen ? null : (
          <span className="checkout-field__optional"> (optional)</span>
        )}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        className="checkout-field__control"
        defaultValue={props.defaultValue}
        autoComplete={props.autoComplete}
        required={props.required}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
    </OrderFieldShell>
  )
}

export function SelectField(props: {
  name: string
  label: string
  value?: string
  defaultValue?: string
  options: { value: string; label: string }[]
  placeholder?: string
  error?: string
  autoComplete?: string
  required?: boolean
  onChange?: (value: string) => void
  className?: string
}) {
  const id = useId()
  const errorId = `${id}-error`
  const error = fieldMessageFor(props.label, props.error)
  return (
    <OrderFieldShell error={error} errorId={errorId} className={props.className}>
      <label className="checkout-field__label" htmlFor={id}>
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        className="checkout-field__control"
        value={props.value}
        defaultValue={props.value === undefined ? props.defaultValue : undefined}
        autoComplete={props.autoComplete}
        required={props.required}
        onChange={props.onChange ? (event) => props.onChange?.(event.target.value) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {props.placeholder ? <option value="">{props.placeholder}</option> : null}
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </OrderFieldShell>
  )
}

/** A box to tick, its label holding any links (the terms), its error tied to it like the fields'. */
export function CheckboxField(props: {
  name: string
  children: ReactNode
  defaultChecked?: boolean
  error?: string
  required?: boolean
}) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <OrderFieldShell
      error={props.error}
      errorId={errorId}
      className="checkout-field--wide checkout-field--check"
    >
      <input
        id={id}
        name={props.name}
        type="checkbox"
        className="checkout-field__check"
        defaultChecked={props.defaultChecked}
        required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
      />
      <label className="checkout-field__check-label" htmlFor={id}>
        {props.children}
      </label>
    </OrderFieldShell>
  )
}
