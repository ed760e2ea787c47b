/**
 * /profile/addresses: the customer's address book (issue 9), which fills in their checkout. The
 * addresses of their orders arrive by themselves; here they are added, changed and removed. The
 * form is checked as the fan types and again by the API; a phone or postcode that does not fit the
 * country is said at its field, by the same rule as the checkout's. A full book says so instead of
 * offering its form (and the API's refusal, from another tab, is said over the form).
 */
import {
  ADDRESS_BOOK_FULL_MESSAGE,
  ADDRESS_BOOK_LIMIT,
  accountEndpoints,
  idParam,
  type SavedAddressJson,
  savedAddressFormSchema,
} from '@fanshop/core'
import { useMemo } from 'react'
import { data, Form, Link, useNavigation } from 'react-router'
import { call, formError } from '../../api.server.ts'
import {
  type CountryStates,
  loadCountries,
  loadStates,
  postedCountryStates,
} from '../../cart/regions.server.ts'
import { useCountryStates } from '../../cart/use-country-states.ts'
import { pageTitle } from '../../site/brand.ts'
import { type FormResult, parseForm, useCueForm } from '../../site/form/cue-form.ts'
import { FormErrors, FormStatus, SelectField, TextField } from '../../site/form/fields.tsx'
import { loadAddressBook } from '../address-book.server.ts'
import { requireUser } from '../session.server.ts'
import type { Route } from './+types/profile-addresses'

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your addresses') },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ url, context }: Route.LoaderArgs) {
  const { token } = await requireUser(url, context)
  const [addresses, countries] = await Promise.all([loadAddressBook(context, token), loadCountries(context)])
  const editing = addresses.find((address) => String(address.id) === url.searchParams.get('edit')) ?? null
  // A country_id that names none of the countries (typed by hand, an old link) is ignored.
  const countryId =
    countries.find((country) => String(country.id) === url.searchParams.get('country_id'))?.id ||
    editing?.country_id ||
    countries.find((country) => country.iso === 'ES')?.id ||
    countries[0]!.id
  return { addresses, countries, editing, countryId, states: await loadStates(context, countryId) }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const { token } = await requireUser(url, context)
  const form = await request.formData()
  const id = Number(form.get('id')) || null
  if (form.get('intent') === 'remove' && id) return removeAddress(context, token, form.get('id'))
  const countries = await loadCountries(context)
  // A refused form is drawn again with the states of the country it sent.
  const countryStates = await postedCountryStates(context, countries, form)
  const schema = savedAddressFormSchema(countries, countryStates?.states)
  const submission = parseForm(schema, form, { autoCoercion: true })
  if (submission.status !== 'success')
    return data({ result: submission.reply(), saved: null, countryStates }, { status: 400 })
  try {
    if (id)
      await call(context, accountEndpoints.changeAddress, { params: { id }, token, body: submission.value })
    else await call(context, accountEndpoints.addAddress, { token, body: submission.value })
  } catch (error) {
    const refused = formError(error)
    return data(
      { result: submission.reply({ formErrors: [refused.message] }), saved: null, countryStates },
      { status: refused.statusCode },
    )
  }
  return { result: submission.reply({ resetForm: true }), saved: 'The address has been saved.' }
}

/**
 * Removes an address. One that is gone already (a double click on Remove, another tab) or an id
 * that can be no address is not in the book either way, which is what the fan wanted.
 */
async function removeAddress(context: Route.ActionArgs['context'], token: string, formId: unknown) {
  const gone = { result: undefined, saved: 'That address had already been removed.' }
  const id = idParam().safeParse(formId)
  if (!id.success) return gone
  try {
    await call(context, accountEndpoints.removeAddress, { params: { id: id.data }, token })
  } catch (error) {
    const refused = formError(error)
    if (refused.statusCode === 404) return gone
    return data({ result: undefined, saved: null, failed: refused.message }, { status: refused.statusCode })
  }
  return { result: undefined, saved: 'The address has been removed.' }
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
      {actionData && 'failed' in actionData ? (
        <FormStatus tone="error">{actionData.failed}</FormStatus>
      ) : null}
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
      {!editing && addresses.length >= ADDRESS_BOOK_LIMIT ? (
        <p className="profile-card__note">{ADDRESS_BOOK_FULL_MESSAGE}</p>
      ) : (
        <AddressForm
          key={editing?.id ?? 'new'}
          editing={editing}
          loaderData={loaderData}
          lastResult={actionData?.result}
          countryStates={actionData && 'countryStates' in actionData ? actionData.countryStates : undefined}
        />
      )}
    </div>
  )
}

function AddressForm(props: {
  editing: SavedAddressJson | null
  loaderData: Route.ComponentProps['loaderData']
  lastResult: FormResult | undefined
  /** A refused form's country and its states, which it is drawn again with. */
  countryStates: CountryStates | undefined
}) {
  const { editing, loaderData } = props
  const busy = useNavigation().state === 'submitting'
  const schema = useMemo(() => savedAddressFormSchema(loaderData.countries), [loaderData.countries])
  const form = useCueForm(schema, {
    lastResult: props.lastResult,
    defaultValue: editing
      ? {
          firstname: editing.firstname,
          lastname: editing.lastname,
          address1: editing.address1,
          address2: editing.address2,
          zipcode: editing.zipcode,
          city: editing.city,
          phone: editing.phone,
          country_id: String(editing.country_id),
          state_id: String(editing.state_id ?? ''),
        }
      : { country_id: String(loaderData.countryId) },
    shouldValidate: 'onBlur',
    autoCoercion: true,
  })
  const { countryId, setCountryId, states } = useCountryStates(props.countryStates ?? loaderData)

  return (
    <Form method="post" className="account-form" {...form.formProps}>
      <h3 className="profile-card__subtitle">{editing ? 'Change this address' : 'Add an address'}</h3>
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <FormErrors form={form} className="form-status form-status--error" />
      <TextField form={form} name="firstname" label="First name" autoComplete="given-name" />
      <TextField form={form} name="lastname" label="Last name" autoComplete="family-name" />
      <TextField form={form} name="address1" label="Street and number" autoComplete="address-line1" />
      <TextField
        form={form}
        name="address2"
        label="Flat, floor, door (optional)"
        autoComplete="address-line2"
      />
      <TextField form={form} name="zipcode" label="Postcode" autoComplete="postal-code" />
      <TextField form={form} name="city" label="City" autoComplete="address-level2" />
      <SelectField
        form={form}
        name="country_id"
        label="Country"
        autoComplete="country"
        options={loaderData.countries.map((country) => ({ value: String(country.id), label: country.name }))}
        onPick={setCountryId}
      />
      {states.length > 0 ? (
        <SelectField
          form={form}
          name="state_id"
          label="State or province"
          autoComplete="address-level1"
          placeholder="Choose…"
          optionsKey={countryId}
          options={states.map((state) => ({ value: String(state.id), label: state.name }))}
        />
      ) : null}
      <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="tel" />
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
