/**
 * 'Notify me' on a sold-out choice (issue 9): an e-mail address (a logged-in customer's own when
 * left empty) to write to once when it is back in stock. Checked as the fan types and again on
 * the server with core's schema; it posts to /cart/stock-alert, in place when JavaScript runs.
 */
import { stockAlertSchema } from '@fanshop/core'
import { useFetcher, useLocation } from 'react-router'
import { type FormResult, useCueForm } from '../site/form/cue-form.ts'
import { FormErrors, TextField } from '../site/form/fields.tsx'
import './cart.css'

export function NotifyMeForm(props: { variantId: number; loggedIn: boolean }) {
  const fetcher = useFetcher<{ result: FormResult; message: string | null }>()
  const location = useLocation()
  const form = useCueForm(stockAlertSchema, {
    id: `notify-${props.variantId}`,
    lastResult: fetcher.data?.result,
    shouldValidate: 'onBlur',
    autoCoercion: true,
  })
  if (fetcher.data?.message) {
    return (
      <p className="notify-me__done" role="status">
        {fetcher.data.message}
      </p>
    )
  }
  return (
    <fetcher.Form method="post" action="/cart/stock-alert" className="notify-me" {...form.formProps}>
      <h2 className="notify-me__title">Notify me</h2>
      <input type="hidden" name="variant_id" value={props.variantId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <FormErrors form={form} />
      <TextField
        form={form}
        look="order"
        name="email"
        label={props.loggedIn ? 'E-mail (empty: your account’s)' : 'E-mail'}
        type="email"
        autoComplete="email"
        required={!props.loggedIn}
      />
      <button type="submit" className="button" disabled={fetcher.state !== 'idle'}>
        E-mail me when it is back
      </button>
    </fetcher.Form>
  )
}
