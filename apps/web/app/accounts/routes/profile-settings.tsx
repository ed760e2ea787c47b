/**
 * /profile/settings: the visitor's preferences (spec 3: the user's preferences object), read
 * and saved through user/settings.
 */
import { accountEndpoints, CLOTHING_SIZES, userSettingsSchema } from '@fanshop/core'
import { useId } from 'react'
import { data, Form, useNavigation } from 'react-router'
import { ApiError, call, callData } from '../../api.server.ts'
import { pageTitle } from '../../site/brand.ts'
import { FormStatus } from '../../site/form/fields.tsx'
import { requireUser } from '../session.server.ts'
import type { Route } from './+types/profile-settings'

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your settings') },
  { name: 'robots', content: 'noindex' },
]

export const SETTINGS_SAVED_TEXT = 'Your settings have been saved.'

interface SettingsResult {
  saved?: boolean
  message?: string
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { token } = await requireUser(url, context)
  return {
    settings: await callData(context, accountEndpoints.settings, { token }),
  }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const { token } = await requireUser(url, context)
  const form = await request.formData()
  const parsed = userSettingsSchema.safeParse({
    newsletter: form.get('newsletter') === 'on',
    order_updates: form.get('order_updates') === 'on',
    preferred_size: form.get('preferred_size') || null,
  })
  if (!parsed.success)
    return data<SettingsResult>({ message: 'Please choose a size from the list.' }, { status: 400 })
  try {
    await call(context, accountEndpoints.saveSettings, { token, body: parsed.data })
  } catch (error) {
    if (error instanceof ApiError)
      return data<SettingsResult>({ message: error.message }, { status: error.statusCode })
    throw error
  }
  return { saved: true } satisfies SettingsResult
}

export default function ProfileSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData
  const result = actionData as SettingsResult | undefined
  const sizeId = useId()
  const busy = useNavigation().state === 'submitting'
  return (
    <div className="profile-card">
      <h2 className="profile-card__title">Settings</h2>
      <Form method="post" className="account-form">
        <label className="field__choice">
          <input type="checkbox" name="newsletter" defaultChecked={settings.newsletter} />
          News and drops by e-mail
        </label>
        <label className="field__choice">
          <input type="checkbox" name="order_updates" defaultChecked={settings.order_updates} />
          An e-mail when my order ships
        </label>
        <div className="field">
          <label className="field__label" htmlFor={sizeId}>
            My size
          </label>
          <select
            id={sizeId}
            name="preferred_size"
            className="field__control"
            defaultValue={settings.preferred_size ?? ''}
          >
            <option value="">No preference</option>
            {CLOTHING_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
        {result?.saved ? <FormStatus tone="success">{SETTINGS_SAVED_TEXT}</FormStatus> : null}
        {result?.message ? <FormStatus tone="error">{result.message}</FormStatus> : null}
        <button type="submit" className="button account-form__submit" aria-busy={busy}>
          Save settings
        </button>
      </Form>
    </div>
  )
}
