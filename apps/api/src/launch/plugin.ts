/**
 * The launch domain's HTTP routes: checking an access code (spec 7, "Access Code (code)" search
 * text) for a signed access grant, and the coming-soon page's notification signup.
 */
import {
  accessGrantResponseSchema,
  checkAccessCodeBodySchema,
  launchSignupBodySchema,
  parseAccessCodeSearch,
} from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { badRequest, HttpError, notFound } from '../http/errors.ts'
import { beginAttempt, type RateLimitRule, rateLimiter } from '../http/rate-limit.ts'
import { type RedeemResult, redeemAccessCode } from './access-codes.ts'
import { issueAccessGrant } from './grant.ts'
import { addLaunchSignup } from './signups.ts'

/** Wrong codes from one address: the 10th within 15 minutes locks guessing there for 15 minutes. */
const WRONG_CODES: RateLimitRule = { limit: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 }

const errorSchema = z.object({ message: z.string(), statusCode: z.number() })

const REFUSALS: Record<Exclude<RedeemResult, { ok: true }>['reason'], () => HttpError> = {
  unknown: () => notFound('This access code is not valid.'),
  expired: () => new HttpError(410, 'This access code has expired.'),
  'used-up': () => new HttpError(410, 'This access code has been used up.'),
}

export default async function launchPlugin(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/wp-json/wp/v2/user/check-access-code',
    {
      schema: {
        tags: ['launch'],
        summary:
          'Checks an access code ("Access Code (XXXXX)") and answers a grant that lets its holder shop before the launch',
        body: checkAccessCodeBodySchema,
        response: {
          200: accessGrantResponseSchema,
          400: errorSchema,
          404: errorSchema,
          410: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const code = parseAccessCodeSearch(request.body.search)
      if (!code)
        throw badRequest('Send the access code as "Access Code (XXXXX)" with its 5 letters or digits.')
      // Counted before the code is checked, so a burst of parallel guesses gets no more than the limit.
      const attempt = await beginAttempt(rateLimiter(app.shop), reply, [
        [`access-code:${request.ip}`, WRONG_CODES],
      ])
      const result = await redeemAccessCode(app.shop, code)
      if (!result.ok) {
        await attempt.failed()
        throw REFUSALS[result.reason]()
      }
      await attempt.succeeded()
      const { grant, expiresAt } = await issueAccessGrant(app.shop, result.codeId)
      return { code: 200 as const, data: { grant, expires_at: expiresAt } }
    },
  )

  app.post(
    '/wp-json/wp/v2/launch/subscribe',
    {
      schema: {
        tags: ['launch'],
        summary: 'Signs an e-mail address up for the launch e-mail (kept once per address)',
        body: launchSignupBodySchema,
        response: {
          200: z.object({ data: z.object({ email: z.string(), created: z.boolean() }) }),
          201: z.object({ data: z.object({ email: z.string(), created: z.boolean() }) }),
          400: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { email } = request.body
      const { created } = await addLaunchSignup(app.shop, email)
      return reply.status(created ? 201 : 200).send({ data: { email, created } })
    },
  )
}
