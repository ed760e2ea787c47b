/**
 * Creating an access code, or changing one's label, use limit, expiry and waiting-room skip (its
 * text stays: holders have it). One Conform form checked by core's schemas in the browser and again
 * by the API; the expiry is typed in the staff member's local time and sent as an instant.
 */
import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import {
  ACCESS_CODE_LENGTH,
  type AccessCodeInput,
  type AdminAccessCode,
  accessCodeChangeFormSchema,
  accessCodeEndpoints,
  accessCodeInputFormSchema,
} from '@fanshop/core'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { api, formError, load, refused, requirePermissionOf } from '../api'
import { Field, FormErrors } from '../field'
import { GuardedButton } from '../guarded-button'
import { localInput, withInstants } from '../local-time'
import { parseAsTyped } from '../parse-as-typed'
import { UnsavedChanges } from '../unsaved-changes'
import type { Route } from './+types/access-codes-edit'

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  if (!params.id) {
    await requirePermissionOf(accessCodeEndpoints.createAccessCode, request)
    return { code: null }
  }
  return { code: await load(accessCodeEndpoints.getAccessCode, { params: { id: Number(params.id) } }) }
}

/** A new code's form has its text; an existing one's has the rest only. */
const parse = (formData: FormData, editing: boolean) =>
  parseAsTyped(
    withInstants(formData, ['expiresAt']),
    editing ? accessCodeChangeFormSchema : accessCodeInputFormSchema,
  )

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const submission = parse(await request.formData(), Boolean(params.id))
  if (submission.status !== 'success') return { result: submission.reply() }
  try {
    if (params.id) {
      await api(accessCodeEndpoints.updateAccessCode, {
        params: { id: Number(params.id) },
        body: submission.value,
      })
    } else {
      // Without an id the form was parsed with the new code's schema, its text included.
      await api(accessCodeEndpoints.createAccessCode, { body: submission.value as AccessCodeInput })
    }
  } catch (error) {
    const refusal = formError(error)
    return refused(
      { result: submission.reply({ formErrors: [refusal.message] }) as SubmissionResult<string[]> },
      refusal.status,
    )
  }
  return redirect('/access-codes')
}

function defaultsOf(code: AdminAccessCode | null) {
  if (!code) return undefined
  return {
    code: code.code ?? undefined,
    label: code.label,
    maxUses: code.maxUses === null ? undefined : String(code.maxUses),
    expiresAt: localInput(code.expiresAt),
    skipsQueue: code.skipsQueue ? 'on' : '',
  }
}

export default function AccessCodeEditPage({ loaderData: { code }, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle'
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: defaultsOf(code),
    onValidate: ({ formData }) => parse(formData, code !== null),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const name = code ? (code.code ?? code.label) : null
  return (
    <>
      <p>
        <Link to="/access-codes">All access codes</Link>
      </p>
      <h1>{name ? `Edit ${name}` : 'New access code'}</h1>
      {code ? (
        <p>
          Entered {code.uses} time(s); status: {code.status}.
        </p>
      ) : null}
      <UnsavedChanges forms={`form[id="${form.id}"]`} />
      <Form method="post" className="card stack" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        {code ? null : (
          <Field
            label="Code"
            name={fields.code.name}
            errors={fields.code.errors}
            hint={`${ACCESS_CODE_LENGTH} letters or digits, as the code boxes of /entercode take them; visitors may type it in any case.`}
          >
            {(control) => (
              <input
                {...control}
                key={fields.code.key}
                defaultValue={fields.code.initialValue}
                autoComplete="off"
                maxLength={ACCESS_CODE_LENGTH + 2}
              />
            )}
          </Field>
        )}
        <Field
          label="What it is for"
          name={fields.label.name}
          errors={fields.label.errors}
          hint="Only staff see it, e.g. Press preview."
        >
          {(control) => (
            <input {...control} key={fields.label.key} defaultValue={fields.label.initialValue} />
          )}
        </Field>
        <Field
          label="Visitors who may enter it (empty: no limit)"
          name={fields.maxUses.name}
          errors={fields.maxUses.errors}
        >
          {(control) => (
            <input
              {...control}
              key={fields.maxUses.key}
              type="number"
              min={1}
              step={1}
              defaultValue={fields.maxUses.initialValue}
            />
          )}
        </Field>
        <Field
          label="Expires (your local time; empty: never)"
          name={fields.expiresAt.name}
          errors={fields.expiresAt.errors}
          hint="The code is refused from then on, and the access it gave ends then too."
        >
          {(control) => (
            <input
              {...control}
              key={fields.expiresAt.key}
              type="datetime-local"
              defaultValue={fields.expiresAt.initialValue}
            />
          )}
        </Field>
        <div className="field">
          <label htmlFor={fields.skipsQueue.id} className="checkbox">
            <input
              {...getInputProps(fields.skipsQueue, {
                type: 'checkbox',
                ariaDescribedBy: fields.skipsQueue.descriptionId,
              })}
              key={fields.skipsQueue.key}
            />
            Also skips the drop’s waiting room
          </label>
          <small id={fields.skipsQueue.descriptionId} className="hint">
            For press and guests: each visitor who enters it goes past the queue, for one cart.
          </small>
        </div>
        <GuardedButton type="submit" unavailable={busy}>
          {code ? 'Save the access code' : 'Create the access code'}
        </GuardedButton>
      </Form>
    </>
  )
}
