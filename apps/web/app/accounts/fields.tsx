/**
 * The labelled fields of the account forms, each with the valid/invalid/focused left marker of
 * spec 5 and its message tied to the control (aria-invalid, aria-describedby). Birthday selects
 * offer the last 100 years and only the days that the chosen month and year have.
 */
import { dayChoices, MONTHS, monthKey, yearChoices } from '@fanshop/core'
import { type ReactNode, useId } from 'react'
import type { FormCues } from './form-cues.ts'

function FieldShell(props: {
  cues: FormCues
  name: string
  errorId: string
  className?: string
  children: ReactNode
}) {
  const error = props.cues.error(props.name)
  const cue = props.cues.cue(props.name)
  return (
    <div className={`field ${cue ? `field--${cue}` : ''} ${props.className ?? ''}`}>
      {props.children}
      {error ? (
        <p className="field__error" id={props.errorId}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function TextField(props: {
  cues: FormCues
  name: string
  label: string
  type?: 'text' | 'email' | 'password' | 'tel'
  autoComplete?: string
  defaultValue?: string
  required?: boolean
}) {
  const id = useId()
  const errorId = `${id}-error`
  const cue = props.cues.cue(props.name)
  return (
    <FieldShell cues={props.cues} name={props.name} errorId={errorId}>
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className="field__control"
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        defaultValue={props.defaultValue}
        aria-required={props.required}
        aria-invalid={cue === 'invalid'}
        aria-describedby={props.cues.error(props.name) ? errorId : undefined}
      />
    </FieldShell>
  )
}

export function GenderField(props: { cues: FormCues; defaultValue?: string; required?: boolean }) {
  const id = useId()
  const errorId = `${id}-error`
  const cue = props.cues.cue('gender')
  return (
    <FieldShell cues={props.cues} name="gender" errorId={errorId}>
      <fieldset className="field__choices">
        <legend className="field__label">Gender</legend>
        {['Male', 'Female'].map((gender) => (
          <label key={gender} className="field__choice">
            <input
              type="radio"
              name="gender"
              value={gender}
              defaultChecked={props.defaultValue === gender}
              required={props.required}
              aria-invalid={cue === 'invalid'}
              aria-describedby={props.cues.error('gender') ? errorId : undefined}
            />
            {gender}
          </label>
        ))}
      </fieldset>
    </FieldShell>
  )
}

/** Day, month and year selects; the day list follows the month and year, and a day they lack is cleared. */
export function BirthdayFields(props: { cues: FormCues; currentYear: number; required?: boolean }) {
  const id = useId()
  const { cues } = props
  const month = monthKey(cues.values.birthMonth ?? '')
  const year = /^\d{4}$/.test(cues.values.birthYear ?? '') ? Number(cues.values.birthYear) : undefined
  const days = dayChoices(month, year)

  function keepDayPossible(nextMonth: number | undefined, nextYear: number | undefined) {
    if (Number(cues.values.birthDay) > dayChoices(nextMonth, nextYear).length) cues.setValue('birthDay', '')
  }

  const select = (
    name: 'birthDay' | 'birthMonth' | 'birthYear',
    label: string,
    placeholder: string,
    options: { value: string; label: string }[],
    onPick?: (value: string) => void,
  ) => {
    const errorId = `${id}-${name}-error`
    return (
      <FieldShell cues={cues} name={name} errorId={errorId} className={`field--${name}`}>
        <label className="visually-hidden" htmlFor={`${id}-${name}`}>
          {label}
        </label>
        <select
          id={`${id}-${name}`}
          className="field__control"
          name={name}
          value={cues.values[name] ?? ''}
          aria-required={props.required}
          aria-invalid={cues.cue(name) === 'invalid'}
          aria-describedby={cues.error(name) ? errorId : undefined}
          onChange={(event) => {
            cues.setValue(name, event.target.value)
            onPick?.(event.target.value)
          }}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </FieldShell>
    )
  }

  return (
    <fieldset className="birthday">
      <legend className="field__label">Birthday</legend>
      <div className="birthday__selects">
        {select(
          'birthDay',
          'Day of birth',
          'Day',
          days.map((day) => ({ value: String(day), label: String(day) })),
        )}
        {select(
          'birthMonth',
          'Month of birth',
          'Month',
          MONTHS.map((m) => ({ value: m.name, label: m.name })),
          (value) => keepDayPossible(monthKey(value), year),
        )}
        {select(
          'birthYear',
          'Year of birth',
          'Year',
          yearChoices(props.currentYear).map((y) => ({ value: String(y), label: String(y) })),
          (value) => keepDayPossible(month, value ? Number(value) : undefined),
        )}
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
