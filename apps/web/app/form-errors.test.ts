// The storefront's forms while the API cannot count attempts (Redis out of reach): the API answers
// a rate-limited post 503 with its message and Retry-After, and each form shows that message with
// the page answering 503, as it shows a 4xx. Any other 5xx still goes to the error page.
import { describe, expect, it } from 'vitest'
import { testLoadContext } from '../tests/load-context.ts'
import { inVisitorRequest } from '../tests/visitor.ts'
import { action as checkoutAction } from './cart/routes/checkout.tsx'
import { action as orderLookupAction } from './cart/routes/order-lookup.tsx'
import { action as stockAlertAction } from './cart/routes/stock-alert.tsx'
import { action as contactAction } from './content/routes/contact.tsx'
import { action as enterCodeAction } from './launch/routes/entercode.tsx'

const COUNTS_UNAVAILABLE = 'We cannot check this safely right now: please try again in a minute.'

/** An API that answers every call with `status` and `message`, as the shop's errors are. */
const answering = (status: number, message: string) =>
  (async () =>
    Response.json(
      { message, statusCode: status },
      { status, headers: status === 503 ? { 'retry-after': '60' } : {} },
    )) as typeof fetch

type Action = (args: never) => Promise<unknown>

interface Form {
  name: string
  path: string
  action: Action
  fields: Record<string, string>
  /** The message as the form's answer holds it. */
  message: (answer: unknown) => unknown
}

const formErrors = (answer: unknown) =>
  (answer as { result: { error?: Record<string, string[]> } }).result.error?.['']

const FORMS: Form[] = [
  {
    name: 'the access code',
    path: '/entercode',
    action: enterCodeAction as Action,
    fields: { code: 'FAN24' },
    message: (answer) => (answer as { error: string }).error,
  },
  {
    name: 'the contact form',
    path: '/contact',
    action: contactAction as Action,
    fields: {
      name: 'Ana Fan',
      email: 'ana@example.com',
      topic: 'General question',
      message: 'When does the next drop come out?',
    },
    message: formErrors,
  },
  {
    name: 'the order lookup',
    path: '/order/lookup',
    action: orderLookupAction as Action,
    fields: { number: 'R123456789', email: 'ana@example.com' },
    message: formErrors,
  },
  {
    name: 'the stock alert',
    path: '/cart/stock-alert',
    action: stockAlertAction as Action,
    fields: { variant_id: '7', email: 'ana@example.com' },
    message: formErrors,
  },
  {
    name: 'the checkout',
    path: '/checkout',
    action: checkoutAction as Action,
    fields: { intent: 'delivery', shipping_rate_id: '3' },
    message: (answer) => (answer as { error: string }).error,
  },
]

/** The form's action for one post, against an API that answers every call as `apiFetch` does. */
function post(form: Form, apiFetch: typeof fetch) {
  const context = testLoadContext(apiFetch)
  const request = new Request(`http://shop.test${form.path}`, {
    method: 'POST',
    body: new URLSearchParams(form.fields),
  })
  const args = { request, url: new URL(request.url), context, params: {}, pattern: form.path }
  return inVisitorRequest(
    context,
    { cart: { number: 'R123456789', token: 'a-cart-token-of-24-chars' } },
    () => form.action(args as never),
    form.path,
  )
}

/** A form action's answer as React Router's `data()` makes it. */
const answered = (answer: unknown) => answer as { data: unknown; init: { status?: number } | null }

describe.each(FORMS)('$name', (form) => {
  it('shows the 503 the API explains in the form, and answers 503', async () => {
    const answer = answered(await post(form, answering(503, COUNTS_UNAVAILABLE)))
    expect(answer.init?.status).toBe(503)
    expect(form.message(answer.data)).toEqual(
      form.message === formErrors ? [COUNTS_UNAVAILABLE] : COUNTS_UNAVAILABLE,
    )
  })

  it('still sends any other 5xx to the error page', async () => {
    for (const status of [500, 502]) {
      const error = await post(form, answering(status, 'Something went wrong on our side.')).catch(
        (thrown: unknown) => thrown,
      )
      expect(error).toMatchObject({ statusCode: status })
    }
  })

  it('sends the back end out of reach to the error page, though the storefront calls it 503', async () => {
    const unreachable = (async () => {
      throw new TypeError('fetch failed')
    }) as typeof fetch
    await expect(post(form, unreachable)).rejects.toMatchObject({ statusCode: 503 })
  })
})
