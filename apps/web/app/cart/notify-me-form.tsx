/**
 * 'Notify me' on a sold-out choice (issue 9): an e-mail address (a logged-in customer's own when
 * left empty) to write to once when it is back in stock. Checked as the fan types and again on
 * the server with core's schema; it posts to /cart/stock-alert, in place when JavaScript runs.
 */
import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { stockAlertSchema } from '@fanshop/core'
import { useFetcher, useLocation } from 'react-router'
import './cart.css'

export function NotifyMeForm(props: { variantId: number; loggedIn: boolean }) {
  const fetcher = useFetcher<{ result: SubmissionResult<string[]>; message: string | null }>()
  const location = useLocation()
  const [form, fields] = useForm({
    id: `notify-${props.variantId}`,
    lastResult: fetcher.data?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: stockAlertSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  if (fetcher.data?.message) {
    return (
      <p className="notify-me__done" role="status">
        {fetcher.data.message}
      </p>
    )
  }
  return (
    <fetcher.Form method="post" action="/cart/stock-alert" className="notify-me" {...getFormProps(form)}>
      <h2 className="notify-me__title">Notify me</h2>
      <input type="hidden" name="variant_id" value={props.variantId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {form.errors ? (
        <p className="form-error" id={form.errorId} role="alert">
          {form.errors.join(' ')}
        </p>
      ) : null}
      <div className="checkout-field">
        <label className="checkout-field__label" htmlFor={fields.email.id}>
          {props.loggedIn ? 'E-mail (empty: your account’s)' : 'E-mail'}
        </label>
        <input
          className="checkout-field__control"
          autoComplete="email"
          {...getInputProps(fields.email, { type: 'email' })}
          required={!props.loggedIn}
          key={fields.email.key}
        />
        {fields.email.errors ? (
          <p className="checkout-field__error" id={fields.email.errorId}>
            {fields.email.errors[0]}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button" disabled={fetcher.state !== 'idle'}>
        E-mail me when it is back
      </button>
    </fetcher.Form>
  )
}
