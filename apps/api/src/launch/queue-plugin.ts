/**
 * The drop's waiting room over HTTP: a proof-of-work challenge (ALTCHA, self-hosted: no service
 * but ours), joining with its solution, and a fan's standing, which answers the admission pass
 * once their turn has come. API clients waiting get 503 (before the draw) or 429 (in line) with
 * Retry-After and their place in the JSON. While the queue is off (no QUEUE_RATE_PER_MINUTE, or switched off in the back office) every
 * route answers 404.
 */
import { randomInt } from 'node:crypto'
import {
  launchEndpoints,
  passExpiresAt,
  QUEUE_CHALLENGE_UNSOLVED_MESSAGE,
  QUEUE_TICKET_HEADER,
  type QueueSettings,
  queuePhase,
} from '@fanshop/core'
import { createChallenge, extractParams, verifySolution } from 'altcha-lib'
import type { FastifyInstance } from 'fastify'
import type { ShopContext } from '../context.ts'
import { badRequest, HttpError, notFound, unauthorized } from '../http/errors.ts'
import { route } from '../http/route.ts'
import { launchKey } from './keys.ts'
import { type QueueInForce, queueInForce } from './queue-settings.ts'
import { joinQueue, type TicketStanding, ticketStanding } from './queue-store.ts'
import { issueQueuePass, issueQueueTicket, queueTicketId } from './queue-tokens.ts'

/** How long a challenge may take to solve and send. */
const CHALLENGE_LIFE_MS = 10 * 60_000
/** The longest a waiting client is told to wait before asking again, so its place stays fresh. */
const MAX_POLL_S = 30
/**
 * Fans told to come back at the launch instant come back spread over this many seconds, so the
 * whole pre-queue does not ask in the same second (their places are drawn already: no one loses it).
 */
const LAUNCH_SPREAD_S = 10

const noQueue = () => notFound('There is no waiting room for this drop.')

async function requireQueue(ctx: ShopContext): Promise<QueueInForce & { settings: QueueSettings }> {
  const queue = await queueInForce(ctx)
  if (!queue.settings) throw noQueue()
  return { ...queue, settings: queue.settings }
}

const challengeKey = async (ctx: ShopContext) =>
  Buffer.from(await launchKey(ctx.config, 'queue-challenge')).toString('hex')

/** The solved challenge's signature when the solution is right, signed by us and not expired. */
async function solvedChallenge(ctx: ShopContext, altcha: string): Promise<string | null> {
  let payload: { signature?: unknown }
  try {
    payload = JSON.parse(Buffer.from(altcha, 'base64').toString('utf8'))
  } catch {
    return null
  }
  if (typeof payload !== 'object' || payload === null || typeof payload.signature !== 'string') return null
  // The expiry is checked against the shop's clock, not the library's.
  if (!(await verifySolution(altcha, await challengeKey(ctx), false).catch(() => false))) return null
  const expires = Number(extractParams(altcha).expires)
  if (!(expires * 1000 > ctx.now())) return null
  return payload.signature
}

function standingJson(standing: TicketStanding) {
  if (standing.phase === 'pre-queue') {
    return {
      phase: 'pre-queue' as const,
      place: null,
      estimated_wait_seconds: Math.ceil(standing.waitMs / 1000),
      admitted: false,
    }
  }
  return {
    phase: 'open' as const,
    place: standing.place,
    estimated_wait_seconds: Math.ceil(standing.waitMs / 1000),
    admitted: standing.admitted,
  }
}

export default async function queuePlugin(app: FastifyInstance) {
  const ctx = app.shop

  route(app, launchEndpoints.queueChallenge, async (_request, reply) => {
    const { powMaxNumber } = await requireQueue(ctx)
    const challenge = await createChallenge({
      hmacKey: await challengeKey(ctx),
      maxnumber: powMaxNumber,
      expires: new Date(ctx.now() + CHALLENGE_LIFE_MS),
    })
    return reply.header('cache-control', 'no-store').send(challenge)
  })

  route(app, launchEndpoints.joinQueue, async (request, reply) => {
    const { settings } = await requireQueue(ctx)
    const signature = await solvedChallenge(ctx, request.body.altcha)
    if (!signature) throw badRequest(QUEUE_CHALLENGE_UNSOLVED_MESSAGE)
    const joined = await joinQueue(ctx, settings, signature)
    if (!joined.ok) {
      if (joined.reason === 'challenge-used') {
        throw new HttpError(409, 'This challenge was used already: solve a new one to join.')
      }
      return reply
        .status(503)
        .header('retry-after', String(Math.ceil((settings.opensAt - ctx.now()) / 1000)))
        .send({ statusCode: 503, message: 'The waiting room is not open yet.' })
    }
    const standing = await ticketStanding(ctx, settings, joined.ticketId)
    return reply.status(201).send({
      data: { ticket: await issueQueueTicket(ctx, joined.ticketId), standing: standingJson(standing!) },
    })
  })

  route(app, launchEndpoints.queueStatus, async (request, reply) => {
    const { settings } = await requireQueue(ctx)
    const ticket = request.headers[QUEUE_TICKET_HEADER]
    const ticketId = typeof ticket === 'string' ? await queueTicketId(ctx, ticket) : null
    if (!ticketId) throw unauthorized('Send your waiting-room ticket in x-queue-ticket.')
    const standing = await ticketStanding(ctx, settings, ticketId)
    if (!standing) throw unauthorized('This ticket is not in the waiting room.')
    reply.header('cache-control', 'no-store')
    if (standing.phase === 'open' && standing.admitted) {
      const expiresAt = passExpiresAt(settings, standing.admitAt)
      if (expiresAt <= ctx.now())
        throw new HttpError(410, 'Your turn has passed: join the waiting room again.')
      return reply.send({
        data: {
          standing: standingJson(standing),
          pass: await issueQueuePass(ctx, ticketId, expiresAt),
          pass_expires_at: expiresAt,
        },
      })
    }
    const untilTurn = Math.ceil(standing.waitMs / 1000)
    const retryAfter =
      standing.phase === 'pre-queue' && untilTurn <= MAX_POLL_S
        ? Math.max(1, untilTurn + randomInt(LAUNCH_SPREAD_S + 1))
        : Math.max(1, Math.min(MAX_POLL_S, untilTurn))
    const waiting = queuePhase(settings, ctx.now()) === 'pre-queue'
    const status = waiting ? 503 : 429
    return reply
      .status(status)
      .header('retry-after', String(retryAfter))
      .send({
        message: waiting
          ? 'You are in the waiting room: places are drawn at the launch.'
          : 'You are in line: your turn is coming.',
        statusCode: status,
        standing: standingJson(standing),
        retry_after_seconds: retryAfter,
      })
  })
}
