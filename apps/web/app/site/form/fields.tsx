/**
 * The storefront's one field family, driven by a `useCueForm` form: each field is labelled, carries
 * the valid/invalid/focused left marker of spec 5 and ties its message to the control
 * (aria-invalid, aria-describedby). Birthday selects offer the last 100 years and only the days
 * that the chosen month and year have.
 */
import { dayChoices, fieldMessageFor, MONTHS, monthKey, yearChoices } from '@fanshop/core'
import { type ReactNode, useId } from 'react'
import type { CueForm } from './cue-form.ts'
import './fields.css'

interface FieldProps {
  form: CueForm
  name: string
}

/**
 * How a text field looks: the account forms' (label above, green/red/amber marker, aria-required)
 * or the shop's order forms' (checkout, lookup, notify me: a red marker only, and the browser's
 * own `required` check before the JavaScript loads).
 */
export type FieldLook = 'account' | 'order'

/**
 * The marker and message around one field; `describedBy` is what its control points to. The NUL
 * rule's message names the field by its label (core's fieldMessageFor; a box to tick has none).
 */
function useFieldState({ form, name }: FieldProps, label = 'This field') {
  const id = useId()
  const errorId = `${id}-error`
  const error = fieldMessageFor(label, form.error(name))
  const cue = form.cue(name)
  return {
    id,
    errorId,
    error,
    cue,
    controlProps: {
      'aria-invalid': cue === 'invalid',
      'aria-describedby': error ? errorId : undefined,
    },
  }
}

function FieldShell(props: {
  cue: string | undefined
  error: string | undefined
  errorId: string
  className?: string
  children: ReactNode
}) {
  return (
    <div className={`field ${props.cue ? `field--${props.cue}` : ''} ${props.className ?? ''}`}>
      {props.children}
      {props.error ? (
        <p className="field__error" id={props.errorId}>
          {props.error}
        </p>
      ) : null}
    </div>
  )
}

export function TextField(
  props: FieldProps & {
    label: string
    type?: 'text' | 'email' | 'password' | 'tel'
    autoComplete?: string
    required?: boolean
    look?: FieldLook
    placeholder?: string
    autoCapitalize?: string
    spellCheck?: boolean
  },
) {
  const state = useFieldState(props, props.label)
  const field = props.form.fields[props.name]
  const initial = field?.initialValue
  const control = {
    id: state.id,
    name: props.name,
    type: props.type ?? 'text',
    autoComplete: props.autoComplete,
    defaultValue: typeof initial === 'string' ? initial : undefined,
    placeholder: props.placeholder,
    autoCapitalize: props.autoCapitalize,
    spellCheck: props.spellCheck,
  }
  if (props.look === 'order') {
    return (
      <div className={`checkout-field ${state.error ? 'checkout-field--invalid' : ''}`}>
        <label className="checkout-field__label" htmlFor={state.id}>
          {props.label}
        </label>
        <input
          key={field?.key}
          {...control}
          className="checkout-field__control"
          required={props.required}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.controlProps['aria-describedby']}
        />
        {state.error ? (
          <p className="checkout-field__error" id={state.errorId}>
            {state.error}
          </p>
        ) : null}
      </div>
    )
  }
  return (
    <FieldShell cue={state.cue} error={state.error} errorId={state.errorId}>
      <label className="field__label" htmlFor={state.id}>
        {props.label}
      </label>
      <input
        key={field?.key}
        {...control}
        className="field__control"
        aria-required={props.required}
        {...state.controlProps}
      />
    </FieldShell>
  )
}

/** A labelled box for a longer text (a message), with the same marker and message as a text field. */
export function TextAreaField(props: FieldProps & { label: string; rows?: number; required?: boolean }) {
  const state = useFieldState(props, props.label)
  const field = props.form.fields[props.name]
  const initial = field?.initialValue
  return (
    <FieldShell cue={state.cue} error={state.error} errorId={state.errorId}>
      <label className="field__label" htmlFor={state.id}>
        {props.label}
      </label>
      <textarea
        key={field?.key}
        id={state.id}
        name={props.name}
        className="field__control"
        rows={props.rows}
        defaultValue={typeof initial === 'string' ? initial : undefined}
        aria-required={props.required}
        {...state.controlProps}
      />
    </FieldShell>
  )
}

/** The form's own messages (not a field's), read out as they appear. */
export function FormErrors(props: { form: CueForm; className?: string }) {
  const { form } = props.form
  return form.errors ? (
    <p className={props.className ?? 'form-error'} id={form.errorId} role="alert">
      {form.errors.join(' ')}
    </p>
  ) : null
}

/** A labelled choice from a list; `onPick` hears the choice (a country whose states to load). */
export function SelectField(
  props: FieldProps & {
    label: string
    options: { value: string; label: string }[]
    placeholder?: string
    autoComplete?: string
    required?: boolean
    /** Draws the select afresh when its options change (another country's states). */
    optionsKey?: string
    onPick?: (value: string) => void
  },
) {
  const state = useFieldState(props, props.label)
  const field = props.form.fields[props.name]
  const initial = field?.initialValue
  return (
    <FieldShell cue={state.cue} error={state.error} errorId={state.errorId}>
      <label className="field__label" htmlFor={state.id}>
        {props.label}
      </label>
      <select
        key={`${field?.key}-${props.optionsKey ?? ''}`}
        id={state.id}
        className="field__control"
        name={props.name}
        autoComplete={props.autoComplete}
        defaultValue={typeof initial === 'string' ? initial : ''}
        aria-required={props.required}
        onChange={props.onPick ? (event) => props.onPick?.(event.target.value) : undefined}
        {...state.controlProps}
      >
        {props.placeholder !== undefined ? <option value="">{props.placeholder}</option> : null}
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  )
}

/** A box to tick (the terms); its label may hold a link. */
export function CheckboxField(props: FieldProps & { value: string; children: ReactNode }) {
  const state = useFieldState(props)
  const field = props.form.fields[props.name]
  return (
    <FieldShell cue={state.cue} error={state.error} errorId={state.errorId} className="field--checkbox">
      <label className="field__choice">
        <input
          key={field?.key}
          type="checkbox"
          name={props.name}
          value={props.value}
          defaultChecked={field?.initialValue === props.value}
          {...state.controlProps}
        />
        {props.children}
      </label>
    </FieldShell>
  )
}

export function GenderField(props: { form: CueForm; required?: boolean }) {
  const state = useFieldState({ form: props.form, name: 'gender' }, 'Gender')
  const field = props.form.fields.gender
  return (
    <FieldShell cue={state.cue} error={state.error} errorId={state.errorId}>
      <fieldset className="field__choices" key={field?.key}>
        <legend className="field__label">Gender</legend>
        {['Male', 'Female'].map((gender) => (
          <label key={gender} className="field__choice">
            <input
              type="radio"
              name="gender"
              value={gender}
              defaultChecked={field?.initialValue === gender}
              required={props.required}
              {...state.controlProps}
            />
            {gender}
          </label>
        ))}
      </fieldset>
    </FieldShell>
  )
}

function BirthdaySelect(props: {
  form: CueForm
  name: 'birthDay' | 'birthMonth' | 'birthYear'
  label: string
  placeholder: string
  options: { value: string; label: string }[]
  required?: boolean
  onPick?: (value: string) => void
}) {
  const state = useFieldState(props, props.label)
  const field = props.form.fields[props.name]
  const initial = field?.initialValue
  return (
    <FieldShell
      cue={state.cue}
      error={state.error}
      errorId={state.errorId}
      className={`field--${props.name}`}
    >
      <label className="visually-hidden" htmlFor={state.id}>
        {props.label}
      </label>
      <select
        key={field?.key}
        id={state.id}
        className="field__control"
        name={props.name}
        defaultValue={typeof initial === 'string' ? initial : ''}
        aria-required={props.required}
        onChange={(event) => props.onPick?.(event.target.value)}
        {...state.controlProps}
      >
        <option value="">{props.placeholder}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  )
}

/** Day, month and year selects; the day list follows the month and year, and a day they lack is cleared. */
export function BirthdayFields(props: {
  form: CueForm
  currentYear: number
  /** The stored birthday's year, a choice still when the 100 years have passed it. */
  keptYear?: number
  required?: boolean
}) {
  const { form } = props
  const month = monthKey(form.value('birthMonth') ?? '')
  const yearText = form.value('birthYear') ?? ''
  const year = /^\d{4}$/.test(yearText) ? Number(yearText) : undefined
  const days = dayChoices(month, year)

  function keepDayPossible(nextMonth: number | undefined, nextYear: number | undefined) {
    if (Number(form.value('birthDay')) > dayChoices(nextMonth, nextYear).length)
      form.form.update({ name: 'birthDay', value: '' })
  }

  return (
    <fieldset className="birthday">
      <legend className="field__label">Birthday</legend>
      <div className="birthday__selects">
        <BirthdaySelect
          form={form}
          name="birthDay"
          label="Day of birth"
          placeholder="Day"
          required={props.required}
          options={days.map((day) => ({ value: String(day), label: String(day) }))}
        />
        <BirthdaySelect
          form={form}
          name="birthMonth"
          label="Month of birth"
          placeholder="Month"
          required={props.required}
          options={MONTHS.map((m) => ({ value: m.name, label: m.name }))}
          onPick={(value) => keepDayPossible(monthKey(value), year)}
        />
        <BirthdaySelect
          form={form}
          name="birthYear"
          label="Year of birth"
          placeholder="Year"
          required={props.required}
          options={yearChoices(props.currentYear, props.keptYear).map((y) => ({
            value: String(y),
            label: String(y),
          }))}
          onPick={(value) => keepDayPossible(month, value ? Number(value) : undefined)}
        />
      </div>
    </fieldset>
  )
}

/** The answer of a form's action, announced to assistive technology. */
export function FormStatus(props: { tone: 'success' | 'error'; children: ReactNode }) {
  return (
    <p
      className={`form-status form-status--${props.tone}`}
      role={props.tone === 'error' ? 'alert' : 'status'}
    >
      {props.children}
    </p>
  )
}
