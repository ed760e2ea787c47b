// The storefront's forms while the API cannot count attempts (Redis out of reach): the API answers
// a rate-limited post 503 with its message and Retry-After, and each form shows that message with
// the page answering 503, as it shows a 4xx. Any other 5xx still goes to the error page. The
// coupon form shows the API's 429 for too many wrong codes the same way.
import { type CurrentUser, type OrderJson, orderJsonSchema } from '@fanshop/core'
import { describe, expect, it } from 'vitest'
import { testLoadContext } from '../tests/load-context.ts'
import { inVisitorRequest } from '../tests/visitor.ts'
import { action as addressesAction } from './accounts/routes/profile-addresses.tsx'
import { action as cartAction } from './cart/routes/cart.tsx'
import { action as checkoutAction } from './cart/routes/checkout.tsx'
import { action as orderLookupAction } from './cart/routes/order-lookup.tsx'
import { action as stockAlertAction } from './cart/routes/stock-alert.tsx'
import { action as contactAction } from './content/routes/contact.tsx'
import { action as enterCodeAction } from './launch/routes/entercode.tsx'
import type { SessionData } from './site/visitor-session.server.ts'

const COUNTS_UNAVAILABLE = 'We cannot check this safely right now: please try again in a minute.'

/** An API's answer to a call: its Response, or undefined to leave the call to the refusal. */
type Reads = (url: URL, method: string) => Response | undefined

/**
 * An API that answers the form's `reads` (what its action asks before the post it makes) as
 * usual, and every other call with `status` and `message`, as the shop's errors are.
 */
const answering = (status: number, message: string, reads: Reads = () => undefined) =>
  (async (input: string | URL | Request, init?: RequestInit) =>
    reads(new URL(input instanceof Request ? input.url : input), init?.method ?? 'GET') ??
    Response.json(
      { message, statusCode: status },
      { status, headers: status === 503 ? { 'retry-after': '60' } : {} },
    )) as typeof fetch

const CART = { number: 'R123456789', token: 'a-cart-token-of-24-chars' }

/** The visitor's bag as the API answers it: still a cart, nothing in it. */
const OPEN_CART: OrderJson = orderJsonSchema.parse({
  ...Object.fromEntries(
    ['item', 'ship', 'tax', 'additional_tax', 'included_tax', 'adjustment', 'payment', ''].flatMap((name) => {
      const total = name ? `${name}_total` : 'total'
      return [
        [total, '0.00'],
        [`display_${total}`, '€0.00'],
      ]
    }),
  ),
  id: 1,
  ...CART,
  state: 'cart',
  email: null,
  currency: 'EUR',
  user_id: null,
  item_count: 0,
  payment_state: null,
  shipment_state: null,
  checkout_steps: ['address', 'delivery', 'payment', 'confirm', 'complete'],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  completed_at: null,
  expires_at: null,
  expired_items: [],
  capped_items: [],
  line_items: [],
  bill_address: null,
  ship_address: null,
  shipments: [],
  payments: [],
  payment_methods: [],
  adjustments: [],
  coupon: null,
})

/** The cart's reads: the bag itself. */
const cartReads: Reads = (url, method) =>
  method === 'GET' && url.pathname === `/api/v1/orders/${CART.number}` ? Response.json(OPEN_CART) : undefined

const ANA: CurrentUser = {
  id: 1,
  first_name: 'Ana',
  last_name: 'García',
  name: 'Ana García',
  email: 'ana@example.com',
  username: 'ana',
  scope: ['customer'],
  meta: { gender: null, birthday: null, phone: null },
  preferences: { newsletter: false, order_updates: true, preferred_size: null },
}

/** The address book's reads: the logged-in customer, the countries and the states of the one sent. */
const addressBookReads: Reads = (url) => {
  if (url.pathname === '/wp-json/wp/v2/users/me') return Response.json(ANA)
  if (url.pathname === '/api/v1/countries') {
    const countries = [{ id: 1, iso: 'ES', iso_name: 'SPAIN', name: 'Spain', states_required: false }]
    return Response.json({ countries, count: 1, current_page: 1, pages: 1, per_page: 999 })
  }
  if (url.pathname === '/api/v1/states' && url.searchParams.get('country_id') === '1')
    return Response.json({ states: [], states_required: false })
  return undefined
}

const LOGGED_IN: SessionData = { auth: { value: 'a-login-token', expiresAt: Date.now() + 3_600_000 } }

type Action = (args: never) => Promise<unknown>

interface Form {
  name: string
  path: string
  action: Action
  fields: Record<string, string>
  /** The message as the form's answer holds it. */
  message: (answer: unknown) => unknown
  /** The visitor's session (a guest with a bag when none is given). */
  session?: SessionData
  reads?: Reads
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
  {
    name: 'the coupon',
    path: '/cart',
    action: cartAction as Action,
    fields: { intent: 'coupon', coupon_code: 'FAN10' },
    message: (answer) => (answer as { couponError: string }).couponError,
  },
  {
    name: "the coupon's removal",
    path: '/cart',
    action: cartAction as Action,
    fields: { intent: 'remove-coupon', coupon_code: 'FAN10' },
    message: (answer) => (answer as { couponError: string }).couponError,
  },
  {
    name: "the bag's way into the checkout",
    path: '/cart',
    action: cartAction as Action,
    fields: { intent: 'checkout' },
    message: (answer) => (answer as { error: string }).error,
    reads: cartReads,
  },
  {
    name: 'the address book',
    path: '/profile/addresses',
    action: addressesAction as Action,
    fields: {
      firstname: 'Ana',
      lastname: 'García',
      address1: 'Calle Mayor 1',
      zipcode: '28013',
      city: 'Madrid',
      country_id: '1',
      phone: '+34 600 000 000',
    },
    message: formErrors,
    session: LOGGED_IN,
    reads: addressBookReads,
  },
  {
    name: "the address book's Remove",
    path: '/profile/addresses',
    action: addressesAction as Action,
    fields: { intent: 'remove', id: '7' },
    message: (answer) => (answer as { failed: string }).failed,
    session: LOGGED_IN,
    reads: addressBookReads,
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
    form.session ?? { cart: CART },
    () => form.action(args as never),
    form.path,
  )
}

/** A form action's answer as React Router's `data()` makes it. */
const answered = (answer: unknown) => answer as { data: unknown; init: { status?: number } | null }

describe.each(FORMS)('$name', (form) => {
  it('shows the 503 the API explains in the form, and answers 503', async () => {
    const answer = answered(await post(form, answering(503, COUNTS_UNAVAILABLE, form.reads)))
    expect(answer.init?.status).toBe(503)
    expect(form.message(answer.data)).toEqual(
      form.message === formErrors ? [COUNTS_UNAVAILABLE] : COUNTS_UNAVAILABLE,
    )
  })

  it('still sends any other 5xx to the error page', async () => {
    for (const status of [500, 502]) {
      const refusal = answering(status, 'Something went wrong on our side.', form.reads)
      const error = await post(form, refusal).catch((thrown: unknown) => thrown)
      expect(error).toMatchObject({ statusCode: status })
    }
  })

  it('sends the back end out of reach to the error page, though the storefront calls it 503', async () => {
    const unreachable = (async (input: string | URL | Request, init?: RequestInit) => {
      const read = form.reads?.(new URL(input instanceof Request ? input.url : input), init?.method ?? 'GET')
      if (read) return read
      throw new TypeError('fetch failed')
    }) as typeof fetch
    await expect(post(form, unreachable)).rejects.toMatchObject({ statusCode: 503 })
  })
})

describe('the coupon form past its limit', () => {
  it('shows the 429 the API answers for too many wrong codes in the form, and answers 429', async () => {
    const tooMany = 'Too many wrong coupon codes. Please try again in 15 minutes.'
    const coupon = FORMS.find((form) => form.name === 'the coupon')!
    const answer = answered(await post(coupon, answering(429, tooMany)))
    expect(answer.init?.status).toBe(429)
    expect(coupon.message(answer.data)).toBe(tooMany)
  })
})
