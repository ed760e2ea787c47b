/**
 * The registration form of spec 2 and 3: every field of the registration data, the terms link
 * (new tab), live cues, Create account blocked while a field is invalid, the passwords checked
 * against each other, the server's refusal in a dialog, and on success "Your account has been
 * created" with a "Log in" button that opens the login panel.
 */
import { registrationFormSchema } from '@fanshop/core'
import { useMemo, useState } from 'react'
import { useFetcher } from 'react-router'
import { type FormResult, useCueForm } from '../site/form/cue-form.ts'
import { BirthdayFields, CheckboxField, GenderField, TextField } from '../site/form/fields.tsx'
import { NewPasswordFields, PanelLink } from './account-links.tsx'
import { MessageDialog } from './message-dialog.tsx'
import './accounts.css'

export interface RegisterResult {
  created?: boolean
  /** The fields' messages and what was typed, passwords left out. */
  form?: FormResult
  /** The server's refusal, shown in a dialog (spec 8). */
  formError?: string
}

export const ACCOUNT_CREATED_TEXT = 'Your account has been created'

export function RegisterForm(props: { result?: RegisterResult }) {
  const fetcher = useFetcher<RegisterResult>()
  const result = fetcher.data ?? props.result
  const [dismissed, setDismissed] = useState<RegisterResult | undefined>()
  const currentYear = new Date().getFullYear()
  const schema = useMemo(() => registrationFormSchema(currentYear, Date.now), [currentYear])
  const form = useCueForm(schema, { lastResult: result?.form })

  if (result?.created) {
    return (
      <div className="account-panel" role="status">
        <p className="account-panel__done">{ACCOUNT_CREATED_TEXT}</p>
        <PanelLink panel="login" className="button account-form__submit">
          Log in
        </PanelLink>
      </div>
    )
  }

  return (
    <div className="account-panel">
      <MessageDialog
        title="Your account could not be created"
        message={result?.formError && result !== dismissed ? result.formError : null}
        onClose={() => setDismissed(result)}
      />
      <fetcher.Form method="post" action="/auth/register" className="account-form" {...form.formProps}>
        <TextField form={form} name="firstName" label="First name" autoComplete="given-name" required />
        <TextField form={form} name="lastName" label="Last name" autoComplete="family-name" required />
        <TextField
          form={form}
          name="emailAddress"
          label="E-mail"
          type="email"
          autoComplete="email"
          required
        />
        <NewPasswordFields form={form} label="Password" repeatLabel="Repeat password" />
        <GenderField form={form} required />
        <BirthdayFields form={form} currentYear={currentYear} required />
        <CheckboxField form={form} name="registration_checkbox" value="accepted">
          <span>
            I accept the{' '}
            <a href="/page/terms-and-conditions" target="_blank" rel="noopener">
              terms and conditions
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </span>
        </CheckboxField>
        <button
          type="submit"
          className="button account-form__submit"
          aria-disabled={!form.submittable}
          aria-busy={fetcher.state !== 'idle'}
        >
          Create account
        </button>
      </fetcher.Form>
      <p className="account-panel__switch">
        Already registered? <PanelLink panel="login">Log in here</PanelLink>
      </p>
    </div>
  )
}
