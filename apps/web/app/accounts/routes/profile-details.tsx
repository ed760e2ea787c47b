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
import { BirthdayFields, FormStatus, GenderField, TextField } from '../fields.tsx'
import { type FieldErrors, type FieldValues, parseForm, useFormCues } from '../form-cues.ts'
import { requireUser } from '../session.server.ts'
import type { Route } from './+types/profile-details'

export const meta: Route.MetaFunction = () => [
  { title: 'Your details' },
  { name: 'robots', content: 'noindex' },
]

export const DETAILS_SAVED_TEXT = 'Your details have been saved.'

interface DetailsResult {
  saved?: boolean
  message?: string
  fieldErrors?: FieldErrors
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireUser(request, context)
  return { details: await callData(context, accountEndpoints.details, { token }) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, token } = await requireUser(request, context)
  const parsed = parseForm(detailsFormSchema(new Date().getFullYear()), await request.formData())
  if (!parsed.success) return data<DetailsResult>({ fieldErrors: parsed.errors }, { status: 400 })
  const form = parsed.data
  const birthday =
    form.birthDay && form.birthMonth && form.birthYear
      ? birthdayOf({ day: form.birthDay, month: form.birthMonth, year: form.birthYear })
      : ''
  const body: CustomerUpdate = {
    first_name: form.firstName,
    last_name: form.lastName,
    meta_data: [
      { key: 'gender', value: form.gender ?? '' },
      { key: 'birthday', value: birthday },
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
  const schema = useMemo(() => detailsFormSchema(currentYear), [currentYear])
  const initialValues = useMemo<FieldValues>(
    () => ({
      firstName: details.first_name,
      lastName: details.last_name,
      ...(details.gender ? { gender: details.gender } : {}),
      ...birthdayFields(details.birthday),
      phone: details.phone ?? '',
    }),
    [details],
  )
  const cues = useFormCues(schema, { initialValues, serverErrors: result?.fieldErrors })
  const busy = useNavigation().state === 'submitting'
  return (
    <div className="profile-card">
      <h2 className="profile-card__title">Your details</h2>
      <p className="profile-card__note">
        E-mail: <strong>{details.email}</strong>
      </p>
      <Form method="post" className="account-form" {...cues.formProps}>
        <TextField
          cues={cues}
          name="firstName"
          label="First name"
          autoComplete="given-name"
          defaultValue={details.first_name}
          required
        />
        <TextField
          cues={cues}
          name="lastName"
          label="Last name"
          autoComplete="family-name"
          defaultValue={details.last_name}
          required
        />
        <GenderField cues={cues} defaultValue={details.gender ?? undefined} />
        <BirthdayFields cues={cues} currentYear={currentYear} />
        <TextField
          cues={cues}
          name="phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          defaultValue={details.phone ?? ''}
        />
        {result?.saved ? <FormStatus tone="success">{DETAILS_SAVED_TEXT}</FormStatus> : null}
        {result?.message ? <FormStatus tone="error">{result.message}</FormStatus> : null}
        <button
          type="submit"
          className="button account-form__submit"
          aria-disabled={!cues.valid}
          aria-busy={busy}
        >
          Save details
        </button>
      </Form>
    </div>
  )
}
