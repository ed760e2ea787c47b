/**
 * /comingsoon (spec 2): the countdown to the launch and the notification signup (each address kept
 * once, confirmed in the page). When the countdown reaches zero the page says the shop is open.
 */
import { fieldMessageFor, launchEndpoints, launchInstant, launchSignupBodySchema } from '@fanshop/core'
import { useCallback, useState } from 'react'
import { data, Link, useFetcher } from 'react-router'
import { ApiError, callData } from '../../api.server.ts'
import { pageTitle } from '../../site/brand.ts'
import { fieldMessages, parseForm } from '../../site/form/cue-form.ts'
import type { SiteHandle } from '../../site/handle.ts'
import { Countdown } from '../countdown.tsx'
import type { Route } from './+types/comingsoon'
import '../launch.css'

export const handle: SiteHandle = { routeName: 'comingsoon' }

export function meta() {
  return [
    { title: pageTitle('Coming soon') },
    {
      name: 'description',
      content: 'The new drop is almost here. Count down with us and get an e-mail when the shop opens.',
    },
  ]
}

export function loader({ context }: Route.LoaderArgs) {
  return {
    launchAt: launchInstant(context.launchAt, context.shopTz),
    shopTz: context.shopTz,
    serverNow: Date.now(),
  }
}

/** The sign-up's one field, as its label and its message name it. */
const EMAIL_LABEL = 'E-mail address'

type SignupAnswer = { ok: true; created: boolean; email: string } | { ok: false; error: string }

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(launchSignupBodySchema, await request.formData())
  if (submission.status !== 'success') {
    const error = fieldMessageFor(EMAIL_LABEL, fieldMessages(submission.reply()).email) ?? ''
    return data<SignupAnswer>({ ok: false, error }, { status: 400 })
  }
  try {
    const { created, email } = (
      await callData(context, launchEndpoints.subscribe, { body: submission.value })
    ).data
    return data<SignupAnswer>({ ok: true, created, email })
  } catch (error) {
    if (error instanceof ApiError && error.statusCode < 500) {
      return data<SignupAnswer>({ ok: false, error: error.message }, { status: error.statusCode })
    }
    throw error
  }
}

function launchDate(launchAt: number, timeZone: string) {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(launchAt)
}

function Signup() {
  const signup = useFetcher<SignupAnswer>()
  const answer = signup.data
  const sending = signup.state !== 'idle'
  return (
    <signup.Form method="post" className="signup" aria-labelledby="signup-title">
      <h2 id="signup-title" className="signup__title">
        Tell me when it opens
      </h2>
      <div className="signup__row">
        <label className="signup__field">
          <span>{EMAIL_LABEL}</span>
          <input
            type="email"
            name="email"
            autoComplete="email"
            required
            aria-invalid={answer?.ok === false || undefined}
            aria-describedby="signup-answer"
          />
        </label>
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Signing up…' : 'Notify me'}
        </button>
      </div>
      <p
        id="signup-answer"
        className={`signup__answer${answer?.ok === false ? ' signup__answer--error' : ''}`}
        role="status"
      >
        {answer?.ok
          ? answer.created
            ? `Thanks! We will e-mail ${answer.email} when the shop opens.`
            : `${answer.email} is already on the list: we will e-mail you when the shop opens.`
          : (answer?.error ?? '')}
      </p>
    </signup.Form>
  )
}

export default function ComingSoon({ loaderData }: Route.ComponentProps) {
  const { launchAt, shopTz, serverNow } = loaderData
  const [open, setOpen] = useState(serverNow >= launchAt)
  const opened = useCallback(() => setOpen(true), [])
  return (
    <section className="comingsoon">
      <p className="comingsoon__eyebrow">{open ? 'It is here' : 'Coming soon'}</p>
      <h1 className="comingsoon__title">{open ? 'The shop is open' : 'The new drop is almost here'}</h1>
      <Countdown launchAt={launchAt} serverNow={serverNow} onDone={opened} />
      <p className="comingsoon__when">
        {open ? (
          <Link className="button" to="/shop">
            Go to the shop
          </Link>
        ) : (
          <>
            Opens <time dateTime={new Date(launchAt).toISOString()}>{launchDate(launchAt, shopTz)}</time>
          </>
        )}
      </p>
      {open ? null : <Signup />}
      <p className="comingsoon__code">
        Have an access code? <Link to="/entercode">Enter it here</Link> to shop a day early.
      </p>
    </section>
  )
}
