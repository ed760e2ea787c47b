/**
 * /profile/addresses: the customer's address book (issue 9), which fills in their checkout. The
 * addresses of their orders arrive by themselves; here they are added, changed and removed. The
 * form is checked as the fan types and again by the API (the phone and postcode for the country).
 */
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { type SavedAddressJson, type StateJson, savedAddressInputSchema } from '@fanshop/core'
import { useEffect, useState } from 'react'
import { data, Form, Link, useFetcher, useNavigation } from 'react-router'
import { ApiError, api } from '../../api.server.ts'
import { loadCountries, loadStates } from '../../cart/regions.server.ts'
import { FormStatus } from '../../site/form/fields.tsx'
import { loadAddressBook } from '../address-book.server.ts'
import { requireUser } from '../session.server.ts'
import type { Route } from './+types/profile-addresses'

export const meta: Route.MetaFunction = () => [
  { title: 'Your addresses' },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireUser(request, context)
  const url = new URL(request.url)
  const [addresses, countries] = await Promise.all([loadAddressBook(context, token), loadCountries(context)])
  const editing = addresses.find((address) => String(address.id) === url.searchParams.get('edit')) ?? null
  const countryId =
    Number(url.searchParams.get('country_id')) ||
    editing?.country_id ||
    countries.find((country) => country.iso === 'ES')?.id ||
    countries[0]!.id
  return { addresses, countries, editing, countryId, states: await loadStates(context, countryId) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { token } = await requireUser(request, context)
  const form = await request.formData()
  const id = Number(form.get('id')) || null
  if (form.get('intent') === 'remove' && id) {
    await api(context, `/api/v1/account/addresses/${id}`, { method: 'DELETE', token })
    return { result: undefined, saved: 'The address has been removed.' }
  }
  const submission = parseWithZod(form, { schema: savedAddressInputSchema })
  if (submission.status !== 'success')
    return data({ result: submission.reply(), saved: null }, { status: 400 })
  try {
    await api(context, id ? `/api/v1/account/addresses/${id}` : '/api/v1/account/addresses', {
      method: id ? 'PUT' : 'POST',
      token,
      body: submission.value,
    })
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode >= 500) throw error
    return data(
      { result: submission.reply({ formErrors: [error.message] }), saved: null },
      { status: error.statusCode },
    )
  }
  return { result: submission.reply({ resetForm: true }), saved: 'The address has been saved.' }
}

export default function ProfileAddresses({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses, editing } = loaderData
  return (
    <div className="profile-card">
      <h2 className="profile-card__title">Your addresses</h2>
      <p className="profile-card__note">
        Your checkout is filled in with the first of them. The addresses of your orders are kept here too.
      </p>
      {actionData?.saved ? <FormStatus tone="success">{actionData.saved}</FormStatus> : null}
      {addresses.length === 0 ? (
        <p>No addresses yet.</p>
      ) : (
        <ul className="address-book">
          {addresses.map((address) => (
            <li key={address.id} className="address-book__item">
              <span>{address.label}</span>
              <span className="address-book__actions">
                <Link to={`?edit=${address.id}`} className="button button--ghost button--small">
                  Change<span className="visually-hidden"> {address.label}</span>
                </Link>
                <Form method="post">
                  <input type="hidden" name="id" value={address.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="remove"
                    className="button button--ghost button--small"
                  >
                    Remove<span className="visually-hidden"> {address.label}</span>
                  </button>
                </Form>
              </span>
            </li>
          ))}
        </ul>
      )}
      <AddressForm
        key={editing?.id ?? 'new'}
        editing={editing}
        loaderData={loaderData}
        lastResult={actionData?.result}
      />
    </div>
  )
}

function AddressForm(props: {
  editing: SavedAddressJson | null
  loaderData: Route.ComponentProps['loaderData']
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { editing, loaderData } = props
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm({
    lastResult: props.lastResult,
    defaultValue: editing
      ? { ...editing, country_id: String(editing.country_id), state_id: String(editing.state_id ?? '') }
      : { country_id: String(loaderData.countryId) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: savedAddressInputSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const [countryId, setCountryId] = useState(String(loaderData.countryId))
  const statesFetcher = useFetcher<{ states: StateJson[] }>()
  const states =
    countryId === String(loaderData.countryId) ? loaderData.states : (statesFetcher.data?.states ?? [])
  const loadStatesFor = statesFetcher.load
  useEffect(() => {
    if (countryId !== String(loaderData.countryId))
      void loadStatesFor(`/checkout/states?country_id=${countryId}`)
  }, [countryId, loaderData.countryId, loadStatesFor])

  const text = (
    name: 'firstname' | 'lastname' | 'address1' | 'address2' | 'zipcode' | 'city' | 'phone',
    label: string,
    autoComplete: string,
    type: 'text' | 'tel' = 'text',
  ) => {
    const field = fields[name]
    return (
      <div className={`field ${field.errors ? 'field--invalid' : ''}`}>
        <label className="field__label" htmlFor={field.id}>
          {label}
        </label>
        <input
          className="field__control"
          autoComplete={autoComplete}
          {...getInputProps(field, { type })}
          key={field.key}
        />
        {field.errors ? (
          <p className="field__error" id={field.errorId}>
            {field.errors[0]}
          </p>
        ) : null}
      </div>
    )
  }

  return (
    <Form method="post" className="account-form" {...getFormProps(form)}>
      <h3 className="profile-card__subtitle">{editing ? 'Change this address' : 'Add an address'}</h3>
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      {form.errors ? (
        <p className="form-status form-status--error" id={form.errorId} role="alert">
          {form.errors.join(' ')}
        </p>
      ) : null}
      {text('firstname', 'First name', 'given-name')}
      {text('lastname', 'Last name', 'family-name')}
      {text('address1', 'Street and number', 'address-line1')}
      {text('address2', 'Flat, floor, door (optional)', 'address-line2')}
      {text('zipcode', 'Postcode', 'postal-code')}
      {text('city', 'City', 'address-level2')}
      <div className={`field ${fields.country_id.errors ? 'field--invalid' : ''}`}>
        <label className="field__label" htmlFor={fields.country_id.id}>
          Country
        </label>
        <select
          className="field__control"
          autoComplete="country"
          {...getSelectProps(fields.country_id)}
          key={fields.country_id.key}
          onChange={(event) => setCountryId(event.target.value)}
        >
          {loaderData.countries.map((country) => (
            <option key={country.id} value={country.id}>
              {country.name}
            </option>
          ))}
        </select>
      </div>
      {states.length > 0 ? (
        <div className={`field ${fields.state_id.errors ? 'field--invalid' : ''}`}>
          <label className="field__label" htmlFor={fields.state_id.id}>
            State or province
          </label>
          <select
            className="field__control"
            autoComplete="address-level1"
            {...getSelectProps(fields.state_id)}
            key={`${fields.state_id.key}-${countryId}`}
          >
            <option value="">Choose…</option>
            {states.map((state) => (
              <option key={state.id} value={state.id}>
                {state.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {text('phone', 'Phone', 'tel', 'tel')}
      <button type="submit" className="button account-form__submit" aria-busy={busy}>
        Save address
      </button>
      {editing ? (
        <Link to="/profile/addresses" className="button button--ghost">
          Cancel
        </Link>
      ) : null}
    </Form>
  )
}
