/**
 * The launch domain's endpoints: checking an access code (spec 7, "Access Code (code)" search
 * text) for a signed access grant, and the coming-soon page's notification signup.
 */
import { z } from 'zod'
import { defineEndpoint, errorBodySchema, rateLimitedErrors } from '../endpoint.ts'
import { accessGrantResponseSchema, checkAccessCodeBodySchema } from './access-code.ts'
import {
  joinQueueBodySchema,
  joinQueueResponseSchema,
  queueChallengeSchema,
  queuePassResponseSchema,
  queueWaitingSchema,
} from './queue-contract.ts'
import { launchSignupBodySchema } from './signup.ts'

const signupAnswerSchema = z.object({ data: z.object({ email: z.string(), created: z.boolean() }) })

export const launchEndpoints = {
  checkAccessCode: defineEndpoint({
    method: 'POST',
    path: '/wp-json/wp/v2/user/check-access-code',
    tags: ['launch'],
    summary:
      'Checks an access code ("Access Code (XXXXX)") and answers a grant that lets its holder shop before the launch',
    body: checkAccessCodeBodySchema,
    responses: {
      200: accessGrantResponseSchema,
      400: errorBodySchema,
      404: errorBodySchema,
      410: errorBodySchema,
      ...rateLimitedErrors,
    },
  }),
  subscribe: defineEndpoint({
    method: 'POST',
    path: '/wp-json/wp/v2/launch/subscribe',
    tags: ['launch'],
    summary: 'Signs an e-mail address up for the launch e-mail (kept once per address)',
    body: launchSignupBodySchema,
    responses: {
      200: signupAnswerSchema,
      201: signupAnswerSchema,
      400: errorBodySchema,
      ...rateLimitedErrors,
    },
  }),
  queueChallenge: defineEndpoint({
    method: 'GET',
    path: '/wp-json/wp/v2/launch/queue/challenge',
    tags: ['launch'],
    summary:
      "A proof-of-work challenge to solve before joining the drop's waiting room (404 when there is no queue)",
    responses: { 200: queueChallengeSchema, 404: errorBodySchema },
  }),
  joinQueue: defineEndpoint({
    method: 'POST',
    path: '/wp-json/wp/v2/launch/queue',
    tags: ['launch'],
    summary:
      "Joins the drop's waiting room with a solved challenge: a ticket and the fan's standing (503 with Retry-After before the pre-queue opens)",
    body: joinQueueBodySchema,
    responses: {
      201: joinQueueResponseSchema,
      400: errorBodySchema,
      404: errorBodySchema,
      409: errorBodySchema,
      503: errorBodySchema,
    },
  }),
  queueStatus: defineEndpoint({
    method: 'GET',
    path: '/wp-json/wp/v2/launch/queue/status',
    tags: ['launch'],
    summary:
      'The standing of the fan whose ticket is in x-queue-ticket: the admission pass once their turn came, else 503 (before the draw) or 429 (in line) with Retry-After, place and wait',
    responses: {
      200: queuePassResponseSchema,
      401: errorBodySchema,
      404: errorBodySchema,
      410: errorBodySchema,
      429: queueWaitingSchema,
      503: queueWaitingSchema,
    },
  }),
}
