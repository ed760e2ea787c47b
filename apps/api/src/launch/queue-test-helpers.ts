/**
 * What the waiting room's API tests share: an app with a waiting room, a fan's browser solving
 * the proof-of-work challenge (altcha-lib's own solver, as the widget runs it) and joining,
 * asking for their standing, and the cart write a fan makes once in.
 */
import { QUEUE_PASS_HEADER, QUEUE_TICKET_HEADER } from '@fanshop/core'
import { solveChallenge } from 'altcha-lib'
import { createTestApp, type TestApp, type TestInstance } from '../../tests/test-app.ts'

export const QUEUE_PATH = '/wp-json/wp/v2/launch/queue'

/**
 * An app (no demo data) whose waiting room lets `ratePerMinute` fans in a minute from `launch`
 * (epoch ms), each pass good for `passMinutes`; its challenge is cheap, as the tests solve many.
 */
export function waitingRoomApp(
  launch: number,
  room: { ratePerMinute: number; passMinutes: number; opensMinutesBefore?: number },
): Promise<TestApp> {
  return createTestApp({
    seed: false,
    env: {
      LAUNCH_AT: new Date(launch).toISOString(),
      QUEUE_RATE_PER_MINUTE: String(room.ratePerMinute),
      QUEUE_PASS_MINUTES: String(room.passMinutes),
      ...(room.opensMinutesBefore === undefined
        ? {}
        : { QUEUE_OPENS_MINUTES_BEFORE: String(room.opensMinutesBefore) }),
      QUEUE_POW_MAX_NUMBER: '50',
    },
  })
}

/** A solved challenge from this instance, as the widget submits it. */
export async function solvedChallenge(t: TestInstance): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `${QUEUE_PATH}/challenge` })
  const challenge = res.json()
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise
  return Buffer.from(JSON.stringify({ ...challenge, number: solution!.number })).toString('base64')
}

export const join = (t: TestInstance, altcha: string) =>
  t.app.inject({ method: 'POST', url: QUEUE_PATH, payload: { altcha } })

/** Solves a challenge and joins; answers the ticket. */
export async function joinWithTicket(t: TestInstance): Promise<string> {
  const res = await join(t, await solvedChallenge(t))
  if (res.statusCode !== 201) throw new Error(`join answered ${res.statusCode}: ${res.body}`)
  return res.json().data.ticket
}

export const status = (t: TestInstance, ticket: string) =>
  t.app.inject({ method: 'GET', url: `${QUEUE_PATH}/status`, headers: { [QUEUE_TICKET_HEADER]: ticket } })

/** Opens a cart with one unit of the product, with the pass when there is one. */
export const openCart = (
  t: TestInstance,
  productId: number,
  pass?: string,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/orders.json',
    headers: { ...headers, ...(pass ? { [QUEUE_PASS_HEADER]: pass } : {}) },
    payload: { order: { line_items: [{ variant_id: productId, quantity: 1 }] } },
  })
