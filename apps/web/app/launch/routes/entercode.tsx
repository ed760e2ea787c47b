/**
 * /entercode, the one-day-left page (spec 2): before the launch, a visitor with an access code
 * types it into five boxes; the code is checked with the API ("Access Code (code)"), and a valid
 * one gives an access grant kept in an httpOnly cookie, sets the allowedToShop flag and opens the
 * shop. Wrong codes say why, with amber boxes.
 */
import { accessCodeSearch, launchEndpoints, normaliseAccessCode, safeRedirect } from '@fanshop/core'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { callData, formError } from '../../api.server.ts'
import { pageTitle } from '../../site/brand.ts'
import type { SiteHandle } from '../../site/handle.ts'
import { keepAccessGrant } from '../access-grant.server.ts'
import { CodeBoxes } from '../code-boxes.tsx'
import { useShoppingAllowed } from '../shopping-gate.ts'
import type { Route } from './+types/entercode'
import '../launch.css'

export const handle: SiteHandle = { routeName: 'entercode' }

export function meta() {
  return [
    { title: pageTitle('Enter your access code') },
    { name: 'description', content: 'Shop the drop a day early: enter the access code you were given.' },
    { name: 'robots', content: 'noindex' },
  ]
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData()
  const code = normaliseAccessCode(form.getAll('code').join(''))
  if (code.length !== 5) {
    return data({ error: 'Enter the 5 letters or digits of your access code.' }, { status: 400 })
  }
  try {
    const { grant, expires_at } = (
      await callData(context, launchEndpoints.checkAccessCode, { body: { search: accessCodeSearch(code) } })
    ).data
    keepAccessGrant(context, { grant, expiresAt: expires_at })
    return redirect(safeRedirect(url.searchParams.get('redirectTo'), '/shop'))
  } catch (error) {
    const refused = formError(error)
    return data({ error: refused.message }, { status: refused.statusCode })
  }
}

export default function EnterCode({ actionData }: Route.ComponentProps) {
  const checking = useNavigation().state === 'submitting'
  const allowed = useShoppingAllowed()
  const error = actionData?.error
  return (
    <section className="entercode">
      <p className="entercode__eyebrow">One day left</p>
      <h1 className="entercode__title">Shop the drop before everyone else</h1>
      <p className="entercode__lead">
        Got an access code from the fan club or the team? Enter it below and the shop opens for you today.
      </p>
      <Form method="post" className="entercode__form" noValidate>
        <fieldset className="entercode__fieldset">
          <legend className="entercode__legend">Access code</legend>
          <CodeBoxes invalid={Boolean(error)} errorId="entercode-error" />
        </fieldset>
        <p id="entercode-error" className="entercode__error" role="alert">
          {error ?? ''}
        </p>
        <button type="submit" className="button" disabled={checking}>
          {checking ? 'Checking…' : 'Unlock the shop'}
        </button>
      </Form>
      {allowed ? (
        <p className="entercode__open">
          The shop is open for you. <Link to="/shop">Go to the shop</Link>
        </p>
      ) : null}
    </section>
  )
}
