/**
 * The calls that open and close sessions (spec 7): log in with e-mail and password or with
 * Facebook, register, log out, and set a forgotten password. Every login, registration and
 * reset request is counted before it is checked, per IP and account and per IP alone (a login
 * also per e-mail address, whatever the IPs), so neither a burst of parallel guesses, nor a spray
 * over many accounts, nor one over many IPs gets past the limits below; so is every use of a
 * reset link's key, per IP.
 */
import {
  accountEndpoints,
  birthdayOf,
  registerRequestSchema,
  type TokenResponse,
  usernameBase,
} from '@fanshop/core'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ShopContext } from '../context.ts'
import { clientKey } from '../http/client-key.ts'
import { forbidden } from '../http/errors.ts'
import { type Attempt, beginAttempt, type RateLimitRule, rateLimiter } from '../http/rate-limit.ts'
import { route } from '../http/route.ts'
import { birthdayBodyValidation } from './birthday-body.ts'
import { FacebookUnreachable, userFromFacebookToken } from './facebook.ts'
import {
  checkResetKey,
  completePasswordReset,
  PASSWORD_SET_MESSAGE,
  RESET_LINK_OPEN_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  requestPasswordReset,
} from './password-reset.ts'
import { hashPassword, storeNormalisedHash, verifyPassword } from './passwords.ts'
import {
  assertNotDisabled,
  issuePasswordToken,
  issueToken,
  requireSession,
  revokeSession,
} from './sessions.ts'
import { createUser, currentUserJson, findUserByEmail, normalizeEmail } from './users.ts'

const MINUTE = 60_000

/** 10 failures in 15 minutes lock the IP and account pair for 15 minutes; a success forgets them. */
export const ACCOUNT_FAILURES: RateLimitRule = {
  limit: 10,
  windowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
  successForgets: true,
}

/**
 * 20 failed logins to one e-mail address in 5 minutes, whatever the clients, pause its logins
 * for 5 minutes: a credential-stuffing run spread over many addresses gets 20 guesses at an account
 * every few minutes, not 20 per address. Short, so a stranger failing on purpose only slows a fan
 * down (the lock is never extended by the logins it refuses), and a password set through a reset
 * link lifts it. An address no account has is counted the same, so a 429 tells nothing either.
 * A success gives back only its own attempt: the owner logging in does not give a run new guesses.
 */
export const ADDRESS_FAILURES: RateLimitRule = { limit: 20, windowMs: 5 * MINUTE, lockMs: 5 * MINUTE }

/**
 * 20 failed logins (or registrations, or Facebook logins) in 15 minutes lock the IP for 15 minutes,
 * whatever the accounts; a success gives back only its own attempt.
 */
export const IP_FAILURES: RateLimitRule = { limit: 20, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE }

/** 10 reset requests in 15 minutes lock the IP and e-mail pair for 15 minutes. */
export const RESET_REQUESTS: RateLimitRule = { limit: 10, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE }

/**
 * 15 reset requests in an hour lock the IP for an hour, whatever the addresses; so do 15 dead
 * reset links, checked or set.
 */
export const IP_RESET_REQUESTS: RateLimitRule = { limit: 15, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE }

/** The failed logins to one e-mail address, from whatever clients. */
const loginAddressBucket = (email: string) => `login-address:${email}`

export const WRONG_CREDENTIALS_MESSAGE = 'The e-mail address or the password is not correct.'

/**
 * Logs in with the e-mail and password, the attempt already counted; 403 when they do not match.
 * `verify` is the password check, given by a test that changes the password while it runs.
 */
export async function passwordLogin(
  ctx: ShopContext,
  attempt: Attempt,
  email: string,
  password: string,
  verify: typeof verifyPassword = verifyPassword,
): Promise<TokenResponse> {
  const user = await findUserByEmail(ctx, email)
  // The hash is checked first even for an unknown e-mail, so both take the same time.
  const match = await verify(user?.password_hash ?? null, password)
  if (!match || !user) {
    await attempt.failed()
    throw forbidden(WRONG_CREDENTIALS_MESSAGE)
  }
  await attempt.succeeded()
  assertNotDisabled(user)
  // The password may have changed while it was checked: then it is no longer this one's.
  const login = await issuePasswordToken(ctx, user)
  if (!login) throw forbidden(WRONG_CREDENTIALS_MESSAGE)
  if (match === 'unnormalised') await storeNormalisedHash(ctx.db, 'users', user, password)
  return login
}

export default async function authRoutes(app: FastifyInstance) {
  const ctx = app.shop
  const limiter = rateLimiter(ctx)

  route(app, accountEndpoints.login, async (request, reply) => {
    const email = normalizeEmail(request.body.username)
    const attempt = await beginAttempt(limiter, reply, [
      [`login:${clientKey(request.ip)}:${email}`, ACCOUNT_FAILURES],
      [`login-ip:${clientKey(request.ip)}`, IP_FAILURES],
      [loginAddressBucket(email), ADDRESS_FAILURES],
    ])
    return passwordLogin(ctx, attempt, email, request.body.password)
  })

  route(app, accountEndpoints.facebookLogin, async (request, reply) => {
    const attempt = await beginAttempt(limiter, reply, [
      [`facebook-ip:${clientKey(request.ip)}`, IP_FAILURES],
    ])
    const user = await userFromFacebookToken(ctx, request.body.access_token).catch(async (error: unknown) => {
      await (error instanceof FacebookUnreachable ? attempt.withdrawn() : attempt.failed())
      throw error
    })
    await attempt.succeeded()
    assertNotDisabled(user)
    return issueToken(ctx, user.id, 'facebook')
  })

  route(
    app,
    accountEndpoints.register,
    async (request, reply) => {
      const body = request.body
      const attempt = await beginAttempt(limiter, reply, [
        [`register:${clientKey(request.ip)}:${normalizeEmail(body.email)}`, ACCOUNT_FAILURES],
        [`register-ip:${clientKey(request.ip)}`, IP_FAILURES],
      ])
      try {
        const user = await createUser(ctx, {
          email: body.email,
          usernameBase: body.username ?? usernameBase(body.firstname, body.lastname),
          passwordHash: await hashPassword(body.password),
          firstName: body.firstname,
          lastName: body.lastname,
          displayName: body.name || `${body.firstname} ${body.lastname}`,
          gender: body.gender ?? null,
          // The schema takes the birthday whole or not at all.
          birthday:
            body.birth_day && body.birth_month && body.birth_year
              ? birthdayOf({ day: body.birth_day, month: body.birth_month, year: body.birth_year })
              : null,
          termsAcceptedAt: ctx.now(),
        })
        await attempt.succeeded()
        return reply.status(201).send(currentUserJson(user))
      } catch (error) {
        await attempt.failed()
        throw error
      }
    },
    birthdayBodyValidation(ctx, registerRequestSchema),
  )

  route(app, accountEndpoints.logout, async (request) => {
    const session = await requireSession(ctx, request)
    await revokeSession(ctx, session.id)
    return { message: 'You are logged out.' }
  })

  route(app, accountEndpoints.requestReset, async (request, reply) => {
    // Every request counts: there is no failure to tell apart, and each one may send a mail.
    await beginAttempt(limiter, reply, [
      [`reset:${clientKey(request.ip)}:${normalizeEmail(request.body.email)}`, RESET_REQUESTS],
      [`reset-ip:${clientKey(request.ip)}`, IP_RESET_REQUESTS],
    ])
    await requestPasswordReset(ctx, request.body.email)
    return { message: RESET_REQUESTED_MESSAGE }
  })

  /**
   * Runs what a reset link's key opens, its check or its set, with the client's dead links
   * counted: only a dead link stays counted (a working one gives its attempt back), per client as
   * the requests for links are, and in one bucket for both calls, so a guesser gains nothing by
   * alternating them. Opening a working link's page a few times costs nothing.
   */
  async function withDeadLinksCounted<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    use: () => Promise<T>,
  ): Promise<T> {
    const attempt = await beginAttempt(limiter, reply, [
      [`reset-key-ip:${clientKey(request.ip)}`, IP_RESET_REQUESTS],
    ])
    let result: T
    try {
      result = await use()
    } catch (error) {
      await attempt.failed()
      throw error
    }
    await attempt.succeeded()
    return result
  }

  route(app, accountEndpoints.checkResetKey, async (request, reply) => {
    await withDeadLinksCounted(request, reply, () => checkResetKey(ctx, request.body.key))
    return { message: RESET_LINK_OPEN_MESSAGE }
  })

  route(app, accountEndpoints.setPassword, async (request, reply) => {
    const email = await withDeadLinksCounted(request, reply, () =>
      completePasswordReset(ctx, request.body.key, request.body.password),
    )
    // Whoever holds the mailbox set the password: the failed logins to it, from anywhere and from
    // this client, are forgiven, so a pause a stranger caused ends here.
    await limiter.clear(loginAddressBucket(email))
    await limiter.clear(`login:${clientKey(request.ip)}:${email}`)
    return { message: PASSWORD_SET_MESSAGE }
  })
}
