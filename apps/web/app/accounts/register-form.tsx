/**
 * The registration form of spec 2 and 3: every field of the registration data, the terms link
 * (new tab), live cues, Create account blocked while a field is invalid, the passwords checked
 * against each other, the server's refusal in a dialog, and on success "Your account has been
 * created" with a "Log in" button that opens the login panel.
 */
import { registrationFormSchema } from '@fanshop/core'
import { useId, useMemo, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { useUi } from '../site/ui-store.ts'
import { BirthdayFields, GenderField, TextField } from './fields.tsx'
import { type FieldErrors, type FieldValues, type FormCues, useFormCues } from './form-cues.ts'
import { MessageDialog } from './message-dialog.tsx'
import './accounts.css'

export interface RegisterResult {
  created?: boolean
  fieldErrors?: FieldErrors
  /** The server's refusal, shown in a dialog (spec 8). */
  formError?: string
  values?: FieldValues
}

export const ACCOUNT_CREATED_TEXT = 'Your account has been created'

export function RegisterForm(props: { result?: RegisterResult }) {
  const fetcher = useFetcher<RegisterResult>()
  const result = fetcher.data ?? props.result
  const show = useUi((s) => s.show)
  const [dismissed, setDismissed] = useState<RegisterResult | undefined>()
  const currentYear = new Date().getFullYear()
  const schema = useMemo(() => registrationFormSchema(currentYear), [currentYear])
  const cues = useFormCues(schema, { initialValues: result?.values, serverErrors: result?.fieldErrors })
  const values = result?.values ?? {}

  if (result?.created) {
    return (
      <div className="account-panel" role="status">
        <p className="account-panel__done">{ACCOUNT_CREATED_TEXT}</p>
        <Link
          to="/auth/login"
          className="button account-form__submit"
          onClick={(event) => {
            event.preventDefault()
            show('login')
          }}
        >
          Log in
        </Link>
      </div>
    )
  }

  return (
    <div className="account-panel">
      <fetcher.Form method="post" action="/auth/register" className="account-form" {...cues.formProps}>
        <TextField
          cues={cues}
          name="firstName"
          label="First name"
          autoComplete="given-name"
          defaultValue={values.firstName}
          required
        />
        <TextField
          cues={cues}
          name="lastName"
          label="Last name"
          autoComplete="family-name"
          defaultValue={values.lastName}
          required
        />
        <TextField
          cues={cues}
          name="emailAddress"
          label="E-mail"
          type="email"
          autoComplete="email"
          defaultValue={values.emailAddress}
          required
        />
        <TextField
          cues={cues}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
        />
        <TextField
          cues={cues}
          name="password_repeat"
          label="Repeat password"
          type="password"
          autoComplete="new-password"
          required
        />
        <GenderField cues={cues} defaultValue={values.gender} required />
        <BirthdayFields cues={cues} currentYear={currentYear} required />
        <TermsField cues={cues} defaultChecked={values.registration_checkbox === 'accepted'} />
        <button
          type="submit"
          className="button account-form__submit"
          aria-disabled={!cues.valid}
          aria-busy={fetcher.state !== 'idle'}
        >
          Create account
        </button>
      </fetcher.Form>
      <p className="account-panel__switch">
        Already registered?{' '}
        <Link
          to="/auth/login"
          onClick={(event) => {
            event.preventDefault()
            show('login')
          }}
        >
          Log in here
        </Link>
      </p>
      <MessageDialog
        title="Your account could not be created"
        message={result?.formError && result !== dismissed ? result.formError : null}
        onClose={() => setDismissed(result)}
      />
    </div>
  )
}

function TermsField(props: { cues: FormCues; defaultChecked: boolean }) {
  const errorId = `${useId()}-error`
  const error = props.cues.error('registration_checkbox')
  const cue = props.cues.cue('registration_checkbox')
  return (
    <div className={`field field--checkbox ${cue ? `field--${cue}` : ''}`}>
      <label className="field__choice">
        <input
          type="checkbox"
          name="registration_checkbox"
          value="accepted"
          defaultChecked={props.defaultChecked}
          aria-invalid={cue === 'invalid'}
          aria-describedby={error ? errorId : undefined}
        />
        <span>
          I accept the{' '}
          <a href="/page/terms-and-conditions" target="_blank" rel="noopener">
            terms and conditions
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </span>
      </label>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
