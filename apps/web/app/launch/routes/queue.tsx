/**
 * /queue, the drop's waiting room: a fan's browser solves a small proof-of-work challenge (the
 * self-hosted ALTCHA widget) and joins by itself; then the page shows their place and estimated
 * wait, updates itself (with JavaScript by revalidating, without it by a meta refresh) and lets
 * the fan in, with their pass in a cookie, when their turn comes.
 */
import { safeRedirect } from '@fanshop/core'
import { useEffect, useRef } from 'react'
import { data, Form, redirect, useNavigation, useRevalidator } from 'react-router'
import { pageTitle } from '../../site/brand.ts'
import type { SiteHandle } from '../../site/handle.ts'
import {
  forgetQueueTicket,
  joinQueue,
  keepQueuePass,
  keepQueueTicket,
  queueChallenge,
  queueStanding,
  readQueueTicket,
} from '../queue.server.ts'
import type { Route } from './+types/queue'
import '../launch.css'

export const handle: SiteHandle = { routeName: 'queue' }

/** With JavaScript the page asks at least this often (seconds), so the place visibly drops. */
const MAX_POLL_S = 5

export function meta() {
  return [
    { title: pageTitle('Waiting room') },
    {
      name: 'description',
      content: 'The drop is busy: wait for your turn here, the page lets you in by itself.',
    },
    { name: 'robots', content: 'noindex' },
  ]
}

const targetOf = (url: URL) => safeRedirect(url.searchParams.get('to'), '/shop')

export async function loader({ url, context }: Route.LoaderArgs) {
  const ticket = readQueueTicket(context)
  if (ticket) {
    const answer = await queueStanding(context, ticket)
    if (answer.kind === 'admitted') {
      keepQueuePass(context, answer.pass, answer.expiresAt)
      throw redirect(targetOf(url))
    }
    if (answer.kind === 'waiting')
      return data({ mode: 'waiting' as const, ...answer.waiting, challenge: null })
    forgetQueueTicket(context)
    if (answer.kind === 'no-queue') throw redirect(targetOf(url))
    const challenge = await queueChallenge(context)
    return data({ mode: 'join' as const, challenge, notice: answer.message })
  }
  const challenge = await queueChallenge(context)
  if (!challenge) throw redirect(targetOf(url))
  return { mode: 'join' as const, challenge, notice: null }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  // Another tab of this visitor joined while this one solved its challenge: one ticket each, the
  // one held. A second would take a turn nobody uses and, after the draw, a place behind the first.
  if (readQueueTicket(context)) return redirect(`${url.pathname}${url.search}`)
  const form = await request.formData()
  const altcha = String(form.get('altcha') ?? '')
  if (!altcha) return data({ error: 'Wait for the check to finish, then join.' }, { status: 400 })
  const joined = await joinQueue(context, altcha)
  if (!joined.ok)
    return data({ error: joined.message }, { status: joined.status < 500 ? joined.status : 503 })
  keepQueueTicket(context, joined.ticket)
  return redirect(`${url.pathname}${url.search}`)
}

function minutesText(seconds: number): string {
  if (seconds < 60) return 'less than a minute'
  const minutes = Math.round(seconds / 60)
  return minutes === 1 ? 'about 1 minute' : `about ${minutes} minutes`
}

function Waiting({
  standing,
  retryAfter,
}: {
  standing: { phase: 'pre-queue' | 'open'; place: number | null; estimated_wait_seconds: number }
  retryAfter: number
}) {
  const revalidator = useRevalidator()
  useEffect(() => {
    const timer = setTimeout(() => revalidator.revalidate(), Math.min(retryAfter, MAX_POLL_S) * 1000)
    return () => clearTimeout(timer)
  }, [retryAfter, revalidator])
  return (
    <>
      <noscript>
        <meta httpEquiv="refresh" content={String(retryAfter)} />
      </noscript>
      <div className="queue__standing" aria-live="polite" aria-atomic="true">
        {standing.phase === 'pre-queue' ? (
          <>
            <p className="queue__place">You are in the waiting room</p>
            <p>
              When the drop opens, in {minutesText(standing.estimated_wait_seconds)}, everyone here gets a
              random place in line: arriving early gives no edge, so you can relax.
            </p>
          </>
        ) : (
          <>
            <p className="queue__place">
              Your place in line: <strong>{standing.place}</strong>
            </p>
            <p>Estimated wait: {minutesText(standing.estimated_wait_seconds)}.</p>
          </>
        )}
      </div>
      <p className="queue__hint">Keep this page open: it lets you in by itself when it is your turn.</p>
    </>
  )
}

function Join({ challenge, error }: { challenge: unknown; error: string | null }) {
  const form = useRef<HTMLFormElement>(null)
  const joining = useNavigation().state === 'submitting'
  useEffect(() => {
    const widget = form.current?.querySelector('altcha-widget')
    if (!widget) return
    // Joins by itself once the browser has solved the challenge.
    const onState = (event: Event) => {
      // After the widget has drawn its verified state: its checkbox is required and checked then.
      if ((event as CustomEvent<{ state: string }>).detail?.state === 'verified') {
        setTimeout(() => form.current?.requestSubmit(), 0)
      }
    }
    widget.addEventListener('statechange', onState)
    void import('altcha')
    return () => widget.removeEventListener('statechange', onState)
  }, [])
  return (
    <Form method="post" ref={form} className="queue__join">
      <altcha-widget
        challengejson={JSON.stringify(challenge)}
        name="altcha"
        auto="onload"
        hidefooter
        hidelogo
      />
      <noscript>
        <p>
          Joining the waiting room needs JavaScript: your browser solves a small puzzle that keeps bots out.
        </p>
      </noscript>
      <p className="queue__error" role="alert">
        {error ?? ''}
      </p>
      <button type="submit" className="button" disabled={joining}>
        {joining ? 'Joining…' : 'Join the queue'}
      </button>
    </Form>
  )
}

export default function Queue({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="queue">
      <p className="queue__eyebrow">The drop</p>
      <h1 className="queue__title">Waiting room</h1>
      {loaderData.mode === 'waiting' ? (
        <Waiting standing={loaderData.standing} retryAfter={loaderData.retry_after_seconds} />
      ) : (
        <>
          <p className="queue__lead">
            {loaderData.notice ??
              'So many fans are here that we let them in a few at a time, in a fair order.'}
          </p>
          <Join challenge={loaderData.challenge} error={actionData?.error ?? null} />
        </>
      )}
    </section>
  )
}
