/**
 * The storefront's side of the drop's waiting room: the fan's queue ticket and admission pass in
 * the visitor's session cookie, and the calls that join and ask for a place.
 * The pass travels to the store API with every cart write (x-queue-pass, through
 * accessGrantHeaders). Waiting answers (429/503) carry the standing in their body, so these
 * calls read the answer themselves instead of turning it into an error.
 */
import {
  launchEndpoints,
  QUEUE_TICKET_HEADER,
  queueChallengeSchema,
  queuePassResponseSchema,
  queueWaitingSchema,
} from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import type { z } from 'zod'
import { visitorOf } from '../site/visitor.server.ts'

/** A ticket outlives the drop; the API decides when it is no longer any good. */
const TICKET_KEPT_MS = 2 * 86_400_000

export const readQueueTicket = (context: AppLoadContext) =>
  visitorOf(context).session.queueTicket?.value ?? null
export const readQueuePass = (context: AppLoadContext) => visitorOf(context).session.queuePass?.value ?? null

export function keepQueueTicket(context: AppLoadContext, ticket: string): void {
  visitorOf(context).update({ queueTicket: { value: ticket, expiresAt: Date.now() + TICKET_KEPT_MS } })
}

export function forgetQueueTicket(context: AppLoadContext): void {
  visitorOf(context).update({ queueTicket: undefined })
}

/** Keeps the admission pass until it expires; the ticket has done its work. */
export function keepQueuePass(context: AppLoadContext, pass: string, expiresAt: number): void {
  visitorOf(context).update({ queuePass: { value: pass, expiresAt }, queueTicket: undefined })
}

async function fetchJson(context: AppLoadContext, path: string, init: RequestInit = {}) {
  const response = await context.apiFetch(new URL(path, `${context.apiBaseUrl}/`), {
    ...init,
    headers: {
      accept: 'application/json',
      ...(context.clientIp ? { 'x-forwarded-for': context.clientIp } : {}),
      ...init.headers,
    },
    signal: AbortSignal.timeout(15_000),
  })
  const body: unknown = await response.json().catch(() => null)
  return { status: response.status, body }
}

const messageOf = (body: unknown) =>
  body && typeof body === 'object' && 'message' in body ? String(body.message) : 'Something went wrong.'

/** A challenge to solve before joining; null when this drop has no waiting room. */
export async function queueChallenge(
  context: AppLoadContext,
): Promise<z.output<typeof queueChallengeSchema> | null> {
  const { status, body } = await fetchJson(context, launchEndpoints.queueChallenge.path)
  if (status === 404) return null
  if (status !== 200) throw new Error(`the queue's challenge answered ${status}`)
  return queueChallengeSchema.parse(body)
}

export type JoinAnswer = { ok: true; ticket: string } | { ok: false; status: number; message: string }

export async function joinQueue(context: AppLoadContext, altcha: string): Promise<JoinAnswer> {
  const { status, body } = await fetchJson(context, launchEndpoints.joinQueue.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ altcha }),
  })
  if (status === 201) return { ok: true, ticket: (body as { data: { ticket: string } }).data.ticket }
  return { ok: false, status, message: messageOf(body) }
}

export type StandingAnswer =
  | { kind: 'admitted'; pass: string; expiresAt: number }
  | { kind: 'waiting'; waiting: z.output<typeof queueWaitingSchema> }
  | { kind: 'no-queue' }
  | { kind: 'out'; message: string }

export async function queueStanding(context: AppLoadContext, ticket: string): Promise<StandingAnswer> {
  const { status, body } = await fetchJson(context, launchEndpoints.queueStatus.path, {
    headers: { [QUEUE_TICKET_HEADER]: ticket },
  })
  if (status === 200) {
    const { data } = queuePassResponseSchema.parse(body)
    return { kind: 'admitted', pass: data.pass, expiresAt: data.pass_expires_at }
  }
  if (status === 429 || status === 503) return { kind: 'waiting', waiting: queueWaitingSchema.parse(body) }
  if (status === 404) return { kind: 'no-queue' }
  return { kind: 'out', message: messageOf(body) }
}
