/**
 * /profile/details: the visitor's names, gender, birthday and phone, edited with the same rules
 * as at registration (spec 5) and saved as their customer record (spec 7: customers/{id}).
 */
import {
  accountEndpoints,
  birthdayFields,
  birthdayOf,
  type CustomerUpdate,
  detailsFormSchema,
} from '@fanshop/core'
import { useMemo } from 'react'
import { data, Form, useNavigation } from 'react-router'
import { ApiError, call, callData } from '../../api.server.ts'
import { pageTitle } from '../../site/brand.ts'
import { type FormResult, parseForm, useCueForm } from '../../site/form/cue-form.ts'
import { BirthdayFields, FormStatus, GenderField, TextField } from '../../site/form/fields.tsx'
import { requireUser } from '../session.server.ts'
import type { Route } from './+types/profile-details'

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your details') },
  { name: 'robots', content: 'noindex' },
]

export const DETAILS_SAVED_TEXT = 'Your details have been saved.'

interface DetailsResult {
  saved?: boolean
  message?: string
  form?: FormResult
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { token } = await requireUser(url, context)
  return { details: await callData(context, accountEndpoints.details, { token }) }
}

/** The year of a stored birthday, which stays a choice when the 100 years have passed it. */
function keptYearOf(birthday: string | null): number | undefined {
  return birthday ? Number(birthday.slice(0, 4)) : undefined
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const { user, token } = await requireUser(url, context)
  const stored = await callData(context, accountEndpoints.details, { token })
  const submission = parseForm(
    detailsFormSchema(new Date().getFullYear(), Date.now, keptYearOf(stored.birthday)),
    await request.formData(),
  )
  if (submission.status !== 'success')
    return data<DetailsResult>({ form: submission.reply() }, { status: 400 })
  const form = submission.value
  const birthday =
    form.birthDay && form.birthMonth && form.birthYear
      ? birthdayOf({ day: form.birthDay, month: form.birthMonth, year: form.birthYear })
      : ''
  const body: CustomerUpdate = {
    first_name: form.firstName,
    last_name: form.lastName,
    meta_data: [
      { key: 'gender', value: form.gender ?? '' },
      // Left out when unchanged: the API judges a birthday sent by this year's choices.
      ...(birthday === (stored.birthday ?? '') ? [] : [{ key: 'birthday' as const, value: birthday }]),
      { key: 'phone', value: form.phone ?? '' },
    ],
  }
  try {
    await call(context, accountEndpoints.updateCustomer, { params: { id: user.id }, token, body })
  } catch (error) {
    if (error instanceof ApiError)
      return data<DetailsResult>({ message: error.message }, { status: error.statusCode })
    throw error
  }
  return { saved: true } satisfies DetailsResult
}

export default function ProfileDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { details } = loaderData
  const result = actionData as DetailsResult | undefined
  const currentYear = new Date().getFullYear()
  const keptYear = keptYearOf(details.birthday)
  const schema = useMemo(() => detailsFormSchema(currentYear, Date.now, keptYear), [currentYear, keptYear])
  const defaultValue = useMemo(
    () => ({
      firstName: details.first_name,
      lastName: details.last_name,
      ...(details.gender ? { gender: details.gender } : {}),
      ...birthdayFields(details.birthday),
      phone: details.phone ?? '',
    }),
    [details],
  )
  const form = useCueForm(schema, { defaultValue, lastResult: result?.form })
  const busy = useNavigation().state === 'submitting'
  return (
    <div className="profile-card">
      <h2 className="profile-card__title">Your details</h2>
      <p className="profile-card__note">
        E-mail: <strong>{details.email}</strong>
      </p>
      <Form method="post" className="account-form" {...form.formProps}>
        <TextField form={form} name="firstName" label="First name" autoComplete="given-name" required />
        <TextField form={form} name="lastName" label="Last name" autoComplete="family-name" required />
        <GenderField form={form} />
        <BirthdayFields form={form} currentYear={currentYear} keptYear={keptYear} />
        <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="tel" />
        {result?.saved ? <FormStatus tone="success">{DETAILS_SAVED_TEXT}</FormStatus> : null}
        {result?.message ? <FormStatus tone="error">{result.message}</FormStatus> : null}
        <button
          type="submit"
          className="button account-form__submit"
          aria-disabled={!form.submittable}
          aria-busy={busy}
        >
          Save details
        </button>
      </Form>
    </div>
  )
}
