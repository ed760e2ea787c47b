/**
 * The drop's settings (owner and manager): the waiting room's switch, pre-queue, pace, cap of fans
 * shopping at once, pass length and proof-of-work difficulty. One Conform form over core's schema,
 * checked as the staff member types and again by the API, which every instance follows within
 * seconds of a save.
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { adminLaunchEndpoints, QUEUE_SETTING_LIMITS, queueSettingsFormSchema } from '@fanshop/core'
import { Form, useActionData, useNavigation } from 'react-router'
import { api, attempt, load, refused } from '../api'
import { GuardedButton } from '../guarded-button'
import { parseAsTyped } from '../parse-as-typed'
import { UnsavedChanges } from '../unsaved-changes'
import type { Route } from './+types/drop'

export async function clientLoader() {
  return load(adminLaunchEndpoints.queueSettings)
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const submission = parseAsTyped(await request.formData(), queueSettingsFormSchema)
  if (submission.status !== 'success') return { result: submission.reply() }
  const saved = await attempt(() => api(adminLaunchEndpoints.saveQueueSettings, { body: submission.value }))
  if (!saved.ok) return refused({ result: submission.reply({ formErrors: [saved.error] }) }, saved.status)
  return {
    result: submission.reply(),
    message: `Saved. The waiting room is ${saved.value.data.settings.enabled ? 'on' : 'off'}; every server follows within a few seconds.`,
  }
}

type NumberField = keyof typeof QUEUE_SETTING_LIMITS

const NUMBER_FIELDS: { name: NumberField; label: string; hint: string }[] = [
  {
    name: 'preQueueMinutes',
    label: 'Pre-queue opens (minutes before the launch)',
    hint: 'Fans who join before the launch get a random place, drawn at the launch.',
  },
  { name: 'ratePerMinute', label: 'Fans let in per minute', hint: 'The pace of admissions.' },
  {
    name: 'maxShopping',
    label: 'Most fans shopping at once',
    hint: 'Leave empty for no cap. Slows admissions when it binds.',
  },
  {
    name: 'passMinutes',
    label: 'Pass length (minutes)',
    hint: 'How long a fan let in has to open a cart; the cart then stays admitted for its hold’s hour.',
  },
  {
    name: 'powMaxNumber',
    label: 'Proof-of-work difficulty',
    hint: 'A browser tries half of it on average before joining; higher keeps more bots out.',
  },
]

export default function DropSettings({ loaderData }: Route.ComponentProps) {
  const data = useActionData<typeof clientAction>()
  const busy = useNavigation().state !== 'idle'
  const { settings, source, updatedAt, updatedBy } = loaderData.data
  const [form, fields] = useForm({
    lastResult: busy ? null : data?.result,
    // As the form posts them: text, a ticked box as 'on', an empty box for no cap.
    defaultValue: {
      enabled: settings.enabled ? 'on' : '',
      preQueueMinutes: String(settings.preQueueMinutes),
      ratePerMinute: String(settings.ratePerMinute),
      maxShopping: settings.maxShopping === null ? '' : String(settings.maxShopping),
      passMinutes: String(settings.passMinutes),
      powMaxNumber: String(settings.powMaxNumber),
    },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseAsTyped(formData, queueSettingsFormSchema),
  })
  return (
    <>
      <h1>Drop</h1>
      <p>
        {source === 'environment'
          ? 'These are the server’s settings from its environment: saving here replaces them.'
          : `Saved in the back office by ${updatedBy} on ${new Date(updatedAt!).toLocaleString()}.`}
      </p>
      <div aria-live="polite">
        {form.errors?.map((error) => (
          <p key={error} role="alert" className="error" id={form.errorId}>
            {error}
          </p>
        ))}
        {data?.message && !busy ? <p className="notice">{data.message}</p> : null}
      </div>
      <UnsavedChanges forms={`form[id="${form.id}"]`} />
      <Form method="post" className="card stack" {...getFormProps(form)}>
        <fieldset className="stack">
          <legend>Waiting room</legend>
          <label htmlFor={fields.enabled.id} className="checkbox">
            <input {...getInputProps(fields.enabled, { type: 'checkbox' })} />
            Waiting room on at the drop
          </label>
          {NUMBER_FIELDS.map(({ name, label, hint }) => {
            const field = fields[name]
            const hintId = `${field.id}-hint`
            const inputProps = getInputProps(field, { type: 'number' })
            return (
              <div key={name} className="field">
                <label htmlFor={field.id}>{label}</label>
                <input
                  {...inputProps}
                  min={QUEUE_SETTING_LIMITS[name].min}
                  max={QUEUE_SETTING_LIMITS[name].max}
                  step={1}
                  aria-describedby={[hintId, field.errors ? field.errorId : null].filter(Boolean).join(' ')}
                />
                <small id={hintId}>{hint}</small>
                {field.errors ? (
                  <p className="error" id={field.errorId}>
                    {field.errors[0]}
                  </p>
                ) : null}
              </div>
            )
          })}
        </fieldset>
        <GuardedButton type="submit" unavailable={busy}>
          Save the drop’s settings
        </GuardedButton>
      </Form>
    </>
  )
}
