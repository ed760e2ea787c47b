/**
 * The guest order lookup's form (order number and e-mail address), shown on /order/lookup and on
 * every order page that cannot tell which order is meant. Checked as the fan types and again on
 * the server with the same schema; it posts to /order/lookup, in place when JavaScript runs. The
 * order pages load it only when they show it (which-order.tsx).
 */
import { orderLookupSchema } from '@fanshop/core'
import type { ReactNode } from 'react'
import { useFetcher } from 'react-router'
import { type FormResult, useCueForm } from '../site/form/cue-form.ts'
import { FormErrors, TextField } from '../site/form/fields.tsx'

export function OrderLookupForm(props: {
  number: string | null
  lastResult?: FormResult
  children: ReactNode
}) {
  const fetcher = useFetcher<{ result: FormResult }>()
  const form = useCueForm(orderLookupSchema, {
    lastResult: fetcher.data?.result ?? props.lastResult,
    defaultValue: { number: props.number ?? '' },
    shouldValidate: 'onBlur',
    autoCoercion: true,
  })
  const busy = fetcher.state !== 'idle'
  return (
    <fetcher.Form method="post" action="/order/lookup" className="order-lookup" {...form.formProps}>
      <p className="order-page__lead">{props.children}</p>
      <FormErrors form={form} />
      <TextField
        form={form}
        look="order"
        name="number"
        label="Order number"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="R123456789"
      />
      <TextField
        form={form}
        look="order"
        name="email"
        label="E-mail address you ordered with"
        type="email"
        autoComplete="email"
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'One moment…' : 'Find my order'}
      </button>
    </fetcher.Form>
  )
}
