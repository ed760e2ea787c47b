/**
 * Creating or editing a coupon (issue 11), one Conform form checked by core's coupon schema in
 * the browser and again by the API. The window's times are typed in the staff member's local
 * time and sent as instants.
 */
import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { type AdminCoupon, couponEndpoints, couponInputSchema } from '@fanshop/core'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { api, formError, load, refused, requirePermissionOf } from '../api'
import { GuardedButton } from '../guarded-button'
import { localInput, withInstants } from '../local-time'
import { parseAsTyped } from '../parse-as-typed'
import { UnsavedChanges } from '../unsaved-changes'
import type { Route } from './+types/coupons-edit'

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  if (!params.id) {
    await requirePermissionOf(couponEndpoints.createCoupon, request)
    return { coupon: null }
  }
  return { coupon: await load(couponEndpoints.getCoupon, { params: { id: Number(params.id) } }) }
}

const parse = (formData: FormData) =>
  parseAsTyped(withInstants(formData, ['startsAt', 'endsAt']), couponInputSchema)

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const submission = parse(await request.formData())
  if (submission.status !== 'success') return { result: submission.reply() }
  try {
    if (params.id) {
      await api(couponEndpoints.updateCoupon, { params: { id: Number(params.id) }, body: submission.value })
    } else {
      await api(couponEndpoints.createCoupon, { body: submission.value })
    }
  } catch (error) {
    const refusal = formError(error)
    return refused(
      { result: submission.reply({ formErrors: [refusal.message] }) as SubmissionResult<string[]> },
      refusal.status,
    )
  }
  return redirect('/coupons')
}

function defaultsOf(coupon: AdminCoupon | null) {
  if (!coupon) return undefined
  return {
    code: coupon.code,
    amount: String(coupon.amount),
    startsAt: localInput(coupon.startsAt),
    endsAt: localInput(coupon.endsAt),
    usageLimit: coupon.usageLimit === null ? undefined : String(coupon.usageLimit),
    perCustomerLimit: coupon.perCustomerLimit === null ? undefined : String(coupon.perCustomerLimit),
  }
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return errors ? (
    <span id={id} className="error">
      {errors.join(' ')}
    </span>
  ) : null
}

export default function CouponEditPage({ loaderData: { coupon }, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle'
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: defaultsOf(coupon),
    onValidate: ({ formData }) => parse(formData),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const field = (
    name: keyof typeof fields,
    label: string,
    type: 'text' | 'number' | 'datetime-local',
    hint?: string,
  ) => {
    const meta = fields[name]
    return (
      <div className="field">
        <label htmlFor={meta.id}>{label}</label>
        <input
          {...getInputProps(meta, { type, ariaDescribedBy: hint ? meta.descriptionId : undefined })}
          key={meta.key}
        />
        {hint ? (
          <small id={meta.descriptionId} className="hint">
            {hint}
          </small>
        ) : null}
        <FieldError id={meta.errorId} errors={meta.errors} />
      </div>
    )
  }
  return (
    <>
      <p>
        <Link to="/coupons">All coupons</Link>
      </p>
      <h1>{coupon ? `Edit ${coupon.code}` : 'New coupon'}</h1>
      {coupon ? (
        <p>
          Used {coupon.uses} time(s); status: {coupon.status}.
        </p>
      ) : null}
      <UnsavedChanges forms={`form[id="${form.id}"]`} />
      <Form method="post" className="card stack" {...getFormProps(form)}>
        {form.errors ? (
          <p id={form.errorId} role="alert" className="error">
            {form.errors.join(' ')}
          </p>
        ) : null}
        {field('code', 'Code', 'text', 'Letters, digits, - or _; shoppers may type it in any case.')}
        {field('amount', 'Percent off the full basket', 'number')}
        {field('startsAt', 'Valid from (your local time; empty: at once)', 'datetime-local')}
        {field('endsAt', 'Valid until (your local time; empty: no end)', 'datetime-local')}
        {field('usageLimit', 'Total uses allowed (empty: no limit)', 'number')}
        {field(
          'perCustomerLimit',
          'Uses per customer (empty: no limit)',
          'number',
          'Guests are counted by e-mail address.',
        )}
        <GuardedButton type="submit" unavailable={busy}>
          {coupon ? 'Save the coupon' : 'Create the coupon'}
        </GuardedButton>
      </Form>
    </>
  )
}
