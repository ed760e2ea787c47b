/**
 * The waiting room's contract: where a fan's queue ticket and admission pass travel, and what
 * joining and asking for one's place answer (a place and estimated wait while waiting, the pass
 * once in). Kept apart from the rules so that the endpoint table reads as a table.
 */
import { z } from 'zod'
import { errorBodySchema } from '../endpoint.ts'

/** The header that carries a fan's queue ticket when they ask for their place. */
export const QUEUE_TICKET_HEADER = 'x-queue-ticket'
/** The header that carries an admission pass to the store API's cart writes and order placement. */
export const QUEUE_PASS_HEADER = 'x-queue-pass'

/** A self-hosted proof-of-work challenge (ALTCHA) that a fan's browser solves before joining. */
export const queueChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().int().optional(),
  salt: z.string(),
  signature: z.string(),
})

/** A join without a solved challenge: none, a wrong one, an expired one or one too long to be one. */
export const QUEUE_CHALLENGE_UNSOLVED_MESSAGE = 'Solve the challenge before joining the waiting room.'

export const joinQueueBodySchema = z.object({
  /** The solved challenge as the ALTCHA widget submits it (base64 JSON). */
  altcha: z.string().min(1, QUEUE_CHALLENGE_UNSOLVED_MESSAGE).max(4000, QUEUE_CHALLENGE_UNSOLVED_MESSAGE),
})

const queueStandingSchema = z.object({
  /** 'pre-queue' until the draw at the launch instant, then 'open'. */
  phase: z.enum(['pre-queue', 'open']),
  /** Fans ahead plus one (1 is next); null before the draw; 0 once let in. */
  place: z.number().int().nullable(),
  estimated_wait_seconds: z.number().int(),
  admitted: z.boolean(),
})

export const joinQueueResponseSchema = z.object({
  data: z.object({ ticket: z.string(), standing: queueStandingSchema }),
})

export const queuePassResponseSchema = z.object({
  data: z.object({
    standing: queueStandingSchema,
    pass: z.string(),
    /** Epoch milliseconds; shop before it. */
    pass_expires_at: z.number().int(),
  }),
})

/** A 429 (waiting in line) or 503 (waiting for the draw): the error body with the fan's standing. */
export const queueWaitingSchema = errorBodySchema.extend({
  standing: queueStandingSchema,
  retry_after_seconds: z.number().int(),
})
