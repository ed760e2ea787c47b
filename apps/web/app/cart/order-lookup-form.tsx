/**
 * The guest order lookup's form (order number and e-mail address), shown on /order/lookup and on
 * every order page that cannot tell which order is meant. Checked as the fan types and again on
 * the server with the same schema; it posts to /order/lookup, in place when JavaScript runs.
 */
import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { orderLookupSchema } from '@fanshop/core'
import type { ReactNode } from 'react'
import { useFetcher } from 'react-router'

export function OrderLookupForm(props: {
  number: string | null
  lastResult?: SubmissionResult<string[]>
  children: ReactNode
}) {
  const fetcher = useFetcher<{ result: SubmissionResult<string[]> }>()
  const [form, fields] = useForm({
    lastResult: fetcher.data?.result ?? props.lastResult,
    defaultValue: { number: props.number ?? '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: orderLookupSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form method="post" action="/order/lookup" className="order-lookup" {...getFormProps(form)}>
      <p className="order-page__lead">{props.children}</p>
      {form.errors ? (
        <p className="form-error" id={form.errorId} role="alert">
          {form.errors.join(' ')}
        </p>
      ) : null}
      <div className="checkout-field">
        <label className="checkout-field__label" htmlFor={fields.number.id}>
          Order number
        </label>
        <input
          className="checkout-field__control"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="R123456789"
          {...getInputProps(fields.number, { type: 'text' })}
          key={fields.number.key}
        />
        {fields.number.errors ? (
          <p className="checkout-field__error" id={fields.number.errorId}>
            {fields.number.errors[0]}
          </p>
        ) : null}
      </div>
      <div className="checkout-field">
        <label className="checkout-field__label" htmlFor={fields.email.id}>
          E-mail address you ordered with
        </label>
        <input
          className="checkout-field__control"
          autoComplete="email"
          {...getInputProps(fields.email, { type: 'email' })}
          key={fields.email.key}
        />
        {fields.email.errors ? (
          <p className="checkout-field__error" id={fields.email.errorId}>
            {fields.email.errors[0]}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'One moment…' : 'Find my order'}
      </button>
    </fetcher.Form>
  )
}

/** What an order page shows when it cannot tell which order is meant: why, and the lookup. */
export function WhichOrder(props: { asked: string | null; about: string }) {
  return (
    <>
      <h1 className="order-page__title">Find your order</h1>
      <OrderLookupForm number={props.asked}>
        {props.asked
          ? `Order ${props.asked} cannot be opened in this browser. `
          : `${props.about} We cannot tell which order you mean. `}
        Enter the order number from your confirmation e-mail and the e-mail address you ordered with.
      </OrderLookupForm>
    </>
  )
}
