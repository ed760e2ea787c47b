/**
 * The launch domain's HTTP routes: checking an access code (spec 7, "Access Code (code)" search
 * text) for a signed access grant, and the coming-soon page's notification signup.
 */
import { launchEndpoints, parseAccessCodeSearch } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import { inTransaction } from '../context.ts'
import { clientKey } from '../http/client-key.ts'
import { badRequest, HttpError, notFound } from '../http/errors.ts'
import { beginAttempt, type RateLimitRule, rateLimiter } from '../http/rate-limit.ts'
import { route } from '../http/route.ts'
import { type RedeemResult, redeemAccessCode } from './access-codes.ts'
import { issueAccessGrant } from './grant.ts'
import queuePlugin from './queue-plugin.ts'
import { ticketPastQueue } from './queue-store.ts'
import { addLaunchSignup } from './signups.ts'

/** Wrong codes from one address: the 10th within 15 minutes locks guessing there for 15 minutes. */
const WRONG_CODES: RateLimitRule = { limit: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 }
/**
 * Sign-ups from one address: 20 an hour, as back-in-stock requests, so a script cannot fill the
 * launch e-mail's list with other people's addresses (every one is mailed at the launch).
 */
const SIGNUPS: RateLimitRule = { limit: 20, windowMs: 60 * 60_000, lockMs: 60 * 60_000 }
const tooManySignups = (wait: string) =>
  `Too many sign-ups from your connection: please try again in ${wait}.`

const REFUSALS: Record<Exclude<RedeemResult, { ok: true }>['reason'], () => HttpError> = {
  unknown: () => notFound('This access code is not valid.'),
  expired: () => new HttpError(410, 'This access code has expired.'),
  'used-up': () => new HttpError(410, 'This access code has been used up.'),
}

export default async function launchPlugin(app: FastifyInstance) {
  await app.register(queuePlugin)

  route(app, launchEndpoints.checkAccessCode, async (request, reply) => {
    const code = parseAccessCodeSearch(request.body.search)
    if (!code) throw badRequest('Send the access code as "Access Code (XXXXX)" with its 5 letters or digits.')
    // Counted before the code is checked, so a burst of parallel guesses gets no more than the limit.
    const attempt = await beginAttempt(rateLimiter(app.shop), reply, [
      [`access-code:${clientKey(request.ip)}`, WRONG_CODES],
    ])
    // The use counted and the ticket of a code that skips the queue are one change: a failure
    // keeps neither, so no use is spent on a grant never given.
    const result = await app.shop.db.transaction().execute(async (trx) => {
      const ctx = inTransaction(app.shop, trx)
      const redeemed = await redeemAccessCode(ctx, code)
      if (!redeemed.ok) return redeemed
      return { ...redeemed, ticketId: redeemed.skipsQueue ? await ticketPastQueue(ctx) : undefined }
    })
    if (!result.ok) {
      await attempt.failed()
      throw REFUSALS[result.reason]()
    }
    await attempt.succeeded()
    const { grant, expiresAt } = await issueAccessGrant(
      app.shop,
      { id: result.codeId, expiresAt: result.expiresAt },
      { queueTicketId: result.ticketId },
    )
    return { code: 200 as const, data: { grant, expires_at: expiresAt } }
  })

  route(app, launchEndpoints.subscribe, async (request, reply) => {
    await beginAttempt(
      rateLimiter(app.shop),
      reply,
      [[`launch-signup:${clientKey(request.ip)}`, SIGNUPS]],
      tooManySignups,
    )
    const { email } = request.body
    const { created } = await addLaunchSignup(app.shop, email)
    return reply.status(created ? 201 : 200).send({ data: { email, created } })
  })
}
