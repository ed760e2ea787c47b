/**
 * /checkout: the steps of spec 2's checkout on one page, each a form that works before the
 * JavaScript loads: the e-mail and delivery address (country and state selects), the shipping rate,
 * then the payment method with the test card fields, and placing the order. Beside them the order
 * summary table, the coupon and the time left on the hold; on a phone these come first, the
 * summary folded into a bar with the total.
 */
import { ADDRESS_TEXT_FIELDS, isPast, type OrderJson, type OrderState, stateIndex } from '@fanshop/core'
import { useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { loadAddressBook } from '../../accounts/address-book.server.ts'
import { CheckboxField, InputField, SelectField } from '../../site/form/order-fields.tsx'
import { ARRIVAL_FOCUS_ATTRIBUTE } from '../../site/frame-effects.ts'
import type { SiteHandle } from '../../site/handle.ts'
import { useHydrated } from '../../site/use-hydrated.tsx'
import { loadCart, type PublicOrder, publicOrder, visitorToken } from '../cart.server.ts'
import {
  type CheckoutResult,
  type CheckoutStep,
  couponStep,
  payStep,
  saveAddressStep,
  saveDeliveryStep,
  stepOf,
} from '../checkout.server.ts'
import { CheckoutCoupon, COUPON_INTENT_FIELD, CouponForm } from '../coupon-form.tsx'
import { HoldTimer } from '../hold-timer.tsx'
import { CollapsibleSummary, OrderSummary } from '../order-summary.tsx'
import { loadCountries, loadStates } from '../regions.server.ts'
import { ReturnedItems } from '../returned-items.tsx'
import { useCountryStates } from '../use-country-states.ts'
import type { Route } from './+types/checkout'
import '../cart.css'
import { pageTitle } from '../../site/brand.ts'

export const handle: SiteHandle = { routeName: 'checkout' }

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Checkout') },
  { name: 'robots', content: 'noindex' },
]

const STEPS: { step: CheckoutStep; title: string }[] = [
  { step: 'address', title: 'Delivery address' },
  { step: 'delivery', title: 'Shipping' },
  { step: 'payment', title: 'Payment' },
]

/** Whether the order has reached a step, so that it may be opened (again). */
const reached = (state: OrderState, step: CheckoutStep) =>
  step === 'address' || stateIndex(state) >= stateIndex(step)

export async function loader({ url, context }: Route.LoaderArgs) {
  const order = await loadCart(context)
  if (!order || order.line_items.length === 0) throw redirect('/cart')
  const asked = url.searchParams.get('step')
  const step =
    (asked === 'address' || asked === 'delivery' || asked === 'payment') && reached(order.state, asked)
      ? asked
      : stepOf(order.state)
  return {
    order: publicOrder(order),
    step,
    // Only the open address step draws the address form: its 250 countries, drawn and sent for
    // the page's hydration, were a third of the delivery and payment steps' render.
    address: step === 'address' ? await loadAddressStep(context, url, order) : null,
    idempotencyKey: crypto.randomUUID(),
    serverNow: Date.now(),
  }
}

/** What the address step's form draws: the countries, the chosen one's states, the typed draft and the address book. */
async function loadAddressStep(context: Route.LoaderArgs['context'], url: URL, order: OrderJson) {
  const token = await visitorToken(context)
  const [countries, addressBook] = await Promise.all([
    loadCountries(context),
    token ? loadAddressBook(context, token) : [],
  ])
  const asDraft = (values: Record<string, unknown>) =>
    Object.fromEntries(
      ['email', ...ADDRESS_TEXT_FIELDS, 'country_id', 'state_id'].flatMap((name) => {
        const value = values[name]
        return value === null || value === undefined ? [] : [[name, String(value)]]
      }),
    )
  let draft = asDraft(Object.fromEntries(url.searchParams))
  // A customer's first checkout step starts from their address book (issue 9).
  if (Object.keys(draft).length === 0 && !order.ship_address && addressBook[0])
    draft = asDraft(addressBook[0])
  const spain = countries.find((country) => country.iso === 'ES')
  const countryId =
    Number(draft.country_id) || order.ship_address?.country_id || spain?.id || countries[0]!.id
  return {
    // The country select shows a name for an id; nothing else of the 250 countries is drawn.
    countries: countries.map(({ id, name }) => ({ id, name })),
    countryId,
    states: await loadStates(context, countryId),
    draft,
    addressBook: addressBook.map((address) => ({
      label: address.label,
      // On the address step, also when an address already saved is being changed.
      fill: `/checkout?${new URLSearchParams({ step: 'address', ...asDraft(address) })}`,
    })),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const intent = form.get('intent')
  const coupon = form.get(COUPON_INTENT_FIELD)
  if (coupon === 'coupon' || coupon === 'remove-coupon') {
    const { status, ...result } = await couponStep(context, form, coupon)
    return data(result, { status })
  }
  const result =
    intent === 'address'
      ? await saveAddressStep(context, form)
      : intent === 'delivery'
        ? await saveDeliveryStep(context, form)
        : intent === 'pay'
          ? await payStep(context, form)
          : ({ step: 'address', error: 'Unknown checkout step.' } satisfies CheckoutResult)
  if (!result) return redirect('/checkout')
  return data(result, { status: result.status ?? 422 })
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, serverNow } = loaderData
  const hydrated = useHydrated()
  // A page loaded for another step (the order moved on in another tab before an address was
  // refused, say) has no address form to show again: it shows the step it was loaded for, with
  // the answer's message.
  const formless = actionData?.step === 'address' && loaderData.address === null
  const step = formless ? loaderData.step : (actionData?.step ?? loaderData.step)
  const result = formless ? { ...actionData, step } : actionData
  return (
    <section className="checkout-page">
      <h1 className="checkout-page__title">Checkout</h1>
      <ReturnedItems expired={order.expired_items} capped={order.capped_items} />
      <div className="checkout-page__grid">
        <aside className="checkout-page__summary" aria-label="Your order">
          <CollapsibleSummary total={order.display_total}>
            <OrderSummary order={order} />
            {/* Without JavaScript the coupon is in the open step's form (StepCoupon). */}
            {hydrated ? <CouponForm coupon={order.coupon} /> : null}
          </CollapsibleSummary>
          {order.expires_at ? <HoldTimer expiresAt={order.expires_at} serverNow={serverNow} /> : null}
        </aside>
        <ol className="checkout-steps">
          {STEPS.map(({ step: each, title }, index) => {
            const open = each === step
            const done = !open && isPast(order.state, each)
            return (
              <li
                key={each}
                className={`checkout-step ${open ? 'checkout-step--open' : ''} ${done ? 'checkout-step--done' : ''}`}
                aria-current={open ? 'step' : undefined}
              >
                <h2 className="checkout-step__title" {...(open ? { [ARRIVAL_FOCUS_ATTRIBUTE]: '' } : {})}>
                  <span className="checkout-step__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  {title}
                  {done ? (
                    <Link to={`/checkout?step=${each}`} className="checkout-step__change">
                      Change<span className="visually-hidden"> {title.toLowerCase()}</span>
                    </Link>
                  ) : null}
                </h2>
                {open ? (
                  <StepForm step={each} loaderData={loaderData} result={result} />
                ) : done ? (
                  <StepSummary step={each} order={order} />
                ) : null}
              </li>
            )
          })}
        </ol>
      </div>
    </section>
  )
}

function StepForm(props: {
  step: CheckoutStep
  loaderData: Route.ComponentProps['loaderData']
  result: CheckoutResult | undefined
}) {
  const result = props.result?.step === props.step ? props.result : undefined
  if (props.step === 'address')
    return props.loaderData.address ? (
      <AddressForm
        // A saved address followed fills the form in anew: a field typed in keeps its own value otherwise.
        key={new URLSearchParams(props.loaderData.address.draft).toString()}
        order={props.loaderData.order}
        address={props.loaderData.address}
        result={result}
      />
    ) : null
  if (props.step === 'delivery') return <DeliveryForm order={props.loaderData.order} result={result} />
  return (
    <PaymentForm
      order={props.loaderData.order}
      result={result}
      idempotencyKey={props.loaderData.idempotencyKey}
    />
  )
}

function StepError({ result }: { result: CheckoutResult | undefined }) {
  return result?.error ? (
    <p className="form-error" role="alert">
      {result.error}
    </p>
  ) : null
}

/**
 * The coupon inside the open step's form until the page's code runs: applying it posts what was
 * typed in the step as well, and the step's form comes back as it was. After the step's button,
 * so that Enter in a field still submits the step.
 */
function StepCoupon({ order, result }: { order: PublicOrder; result: CheckoutResult | undefined }) {
  return useHydrated() ? null : <CheckoutCoupon coupon={order.coupon} error={result?.couponError} />
}

function SubmitButton({ children }: { children: string }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formAction?.startsWith('/checkout')
  return (
    <button type="submit" className="button checkout-step__submit" disabled={busy}>
      {busy ? 'One moment…' : children}
    </button>
  )
}

function AddressForm({
  order,
  address: form,
  result,
}: {
  order: PublicOrder
  address: NonNullable<Route.ComponentProps['loaderData']['address']>
  result: CheckoutResult | undefined
}) {
  const { countries, draft } = form
  const hydrated = useHydrated()
  const address = order.ship_address
  const saved: Record<string, string> = {
    email: order.email ?? '',
    firstname: address?.firstname ?? '',
    lastname: address?.lastname ?? '',
    address1: address?.address1 ?? '',
    address2: address?.address2 ?? '',
    city: address?.city ?? '',
    zipcode: address?.zipcode ?? '',
    phone: address?.phone ?? '',
    state_id: address?.state_id ? String(address.state_id) : '',
  }
  const value = (name: string) => result?.values?.[name] ?? draft[name] ?? saved[name] ?? ''
  const { countryId, setCountryId, states } = useCountryStates(result?.countryStates ?? form)

  return (
    <Form method="post" className="checkout-form">
      <input type="hidden" name="intent" value="address" />
      {/* Kept by the states' GET without JavaScript: an address already saved is being changed. */}
      <input type="hidden" name="step" value="address" />
      <StepError result={result} />
      {form.addressBook.length > 0 ? (
        <nav className="checkout-form__book" aria-label="Your saved addresses">
          <p className="checkout-field__label">Deliver to a saved address</p>
          <ul>
            {form.addressBook.map((address) => (
              <li key={address.fill}>
                <Link to={address.fill} preventScrollReset replace>
                  {address.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <InputField
        name="email"
        label="E-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        defaultValue={value('email')}
        error={result?.fieldErrors?.email}
        className="checkout-field--wide"
      />
      <InputField
        name="firstname"
        label="First name"
        autoComplete="shipping given-name"
        required
        defaultValue={value('firstname')}
      />
      <InputField
        name="lastname"
        label="Last name"
        autoComplete="shipping family-name"
        required
        defaultValue={value('lastname')}
      />
      <InputField
        name="address1"
        label="Street and number"
        autoComplete="shipping address-line1"
        required
        defaultValue={value('address1')}
        className="checkout-field--wide"
      />
      <InputField
        name="address2"
        label="Flat, floor, door"
        autoComplete="shipping address-line2"
        defaultValue={value('address2')}
        className="checkout-field--wide"
      />
      <InputField
        name="zipcode"
        label="Postcode"
        autoComplete="shipping postal-code"
        required
        defaultValue={value('zipcode')}
        error={result?.fieldErrors?.zipcode}
      />
      <InputField
        name="city"
        label="City"
        autoComplete="shipping address-level2"
        required
        defaultValue={value('city')}
      />
      <SelectField
        name="country_id"
        label="Country"
        autoComplete="shipping country"
        required
        value={countryId}
        onChange={setCountryId}
        options={countries.map((country) => ({ value: String(country.id), label: country.name }))}
      />
      {states.length > 0 ? (
        <SelectField
          key={countryId}
          name="state_id"
          label="State or province"
          autoComplete="shipping address-level1"
          required
          placeholder="Choose…"
          defaultValue={value('state_id')}
          error={result?.fieldErrors?.state_id}
          options={states.map((state) => ({ value: String(state.id), label: state.name }))}
        />
      ) : null}
      {hydrated ? null : (
        <button
          type="submit"
          formMethod="get"
          formAction="/checkout"
          formNoValidate
          className="button button--ghost button--small"
        >
          Show the states of this country
        </button>
      )}
      <InputField
        name="phone"
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete="shipping tel"
        required
        defaultValue={value('phone')}
        error={result?.fieldErrors?.phone}
        className="checkout-field--wide"
      />
      <p className="checkout-form__note">We send the invoice to the same address.</p>
      <SubmitButton>Continue to shipping</SubmitButton>
      <StepCoupon order={order} result={result} />
    </Form>
  )
}

function DeliveryForm({ order, result }: { order: PublicOrder; result: CheckoutResult | undefined }) {
  const rates = order.shipments[0]?.shipping_rates ?? []
  const selected = order.shipments[0]?.selected_shipping_rate?.id
  return (
    <Form method="post" className="checkout-form">
      <input type="hidden" name="intent" value="delivery" />
      <StepError result={result} />
      <fieldset className="checkout-choices">
        <legend className="visually-hidden">Shipping method</legend>
        {rates.map((rate) => (
          <label key={rate.id} className="checkout-choice">
            <input
              type="radio"
              name="shipping_rate_id"
              value={rate.id}
              defaultChecked={String(rate.id) === (result?.values?.shipping_rate_id ?? String(selected))}
              required
            />
            <span className="checkout-choice__name">{rate.name}</span>
            <span className="checkout-choice__price">
              {rate.cost === '0.00' ? 'Free' : rate.display_cost}
            </span>
          </label>
        ))}
      </fieldset>
      <SubmitButton>Continue to payment</SubmitButton>
      <StepCoupon order={order} result={result} />
    </Form>
  )
}

const MONTH_OPTIONS = Array.from({ length: 12 }, (_, i) => ({
  value: String(i + 1),
  label: String(i + 1).padStart(2, '0'),
}))

function PaymentForm(props: {
  order: PublicOrder
  result: CheckoutResult | undefined
  idempotencyKey: string
}) {
  const { order, result } = props
  const hydrated = useHydrated()
  const methods = order.payment_methods
  const last = order.payments.at(-1)
  const [methodId, setMethodId] = useState(
    result?.values?.payment_method_id || String(last?.payment_method_id ?? methods[0]?.id ?? ''),
  )
  const typed = (name: string) => result?.values?.[name] || undefined
  const chosen = methods.find((method) => String(method.id) === methodId)
  const showCard = !hydrated || chosen?.method_type === 'credit_card'
  const thisYear = new Date(order.updated_at).getUTCFullYear()
  const yearOptions = Array.from({ length: 15 }, (_, i) => ({
    value: String(thisYear + i),
    label: String(thisYear + i),
  }))
  const fieldErrors = result?.fieldErrors ?? {}
  return (
    <Form method="post" className="checkout-form" autoComplete="on">
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="idempotency_key" value={props.idempotencyKey} />
      <input type="hidden" name="shown_total" value={order.total} />
      <StepError result={result} />
      {last?.state === 'failed' && last.failure_reason ? (
        <p className="form-error" role="alert">
          Your last payment did not go through: {last.failure_reason}
        </p>
      ) : null}
      <fieldset className="checkout-choices">
        <legend className="visually-hidden">Payment method</legend>
        {methods.map((method) => (
          <label key={method.id} className="checkout-choice checkout-choice--method">
            <input
              type="radio"
              name="payment_method_id"
              value={method.id}
              checked={String(method.id) === methodId}
              onChange={() => setMethodId(String(method.id))}
              required
            />
            <span className="checkout-choice__name">{method.name}</span>
            <span className="checkout-choice__description">{method.description}</span>
          </label>
        ))}
      </fieldset>
      {showCard ? (
        <fieldset className="checkout-card">
          <legend className="checkout-card__legend">Card</legend>
          <InputField
            name="card_name"
            label="Name on card"
            autoComplete="cc-name"
            required={hydrated}
            neededWhenChosen
            defaultValue={typed('card_name')}
            error={fieldErrors.card_name}
            className="checkout-field--wide"
          />
          <InputField
            name="card_number"
            label="Card number"
            autoComplete="cc-number"
            inputMode="numeric"
            maxLength={23}
            required={hydrated}
            neededWhenChosen
            error={fieldErrors.card_number}
            className="checkout-field--wide"
          />
          <SelectField
            name="card_month"
            label="Expiry month"
            autoComplete="cc-exp-month"
            required={hydrated}
            placeholder="MM"
            defaultValue={typed('card_month')}
            options={MONTH_OPTIONS}
            error={fieldErrors.card_month}
          />
          <SelectField
            name="card_year"
            label="Expiry year"
            autoComplete="cc-exp-year"
            required={hydrated}
            placeholder="YYYY"
            defaultValue={typed('card_year')}
            options={yearOptions}
            error={fieldErrors.card_year}
          />
          <InputField
            name="card_cvc"
            label="Security code"
            autoComplete="cc-csc"
            inputMode="numeric"
            maxLength={4}
            required={hydrated}
            neededWhenChosen
            error={fieldErrors.card_cvc}
          />
        </fieldset>
      ) : null}
      <p className="checkout-form__total">
        Total to pay <strong>{order.display_total}</strong>
      </p>
      <CheckboxField
        name="terms_accepted"
        defaultChecked={result?.values?.terms_accepted === 'on'}
        error={fieldErrors.terms_accepted}
        required
      >
        I accept the{' '}
        <a href="/terms-and-conditions" target="_blank" rel="noopener">
          terms and conditions<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        .
      </CheckboxField>
      <SubmitButton>Place order</SubmitButton>
      <StepCoupon order={order} result={result} />
    </Form>
  )
}

function StepSummary({ step, order }: { step: CheckoutStep; order: PublicOrder }) {
  if (step === 'address') {
    const address = order.ship_address
    const parts = [
      address?.full_name,
      [address?.address1, address?.address2].filter(Boolean).join(' '),
      `${address?.zipcode ?? ''} ${address?.city ?? ''}`.trim(),
      address?.state?.name,
      address?.country?.name,
    ].filter(Boolean)
    return (
      <p className="checkout-step__summary">
        {order.email}
        <br />
        {parts.join(', ')}
      </p>
    )
  }
  if (step === 'delivery') {
    const rate = order.shipments[0]?.selected_shipping_rate
    return <p className="checkout-step__summary">{rate ? `${rate.name}: ${rate.display_cost}` : null}</p>
  }
  return null
}
