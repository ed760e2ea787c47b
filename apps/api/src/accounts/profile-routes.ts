/**
 * The logged-in user's own data (spec 7): the current user, preferences, details, the user
 * navigation, a password change, and the WooCommerce customer record. Every call needs the
 * Bearer token; another user's customer id answers 403.
 */
import { accountEndpoints, customerUpdateSchema } from '@fanshop/core'
import type { FastifyInstance } from 'fastify'
import type { ShopContext } from '../context.ts'
import { clientKey } from '../http/client-key.ts'
import { forbidden } from '../http/errors.ts'
import type { AnswerHeaders } from '../http/in-process-api.ts'
import { type Attempt, beginAttempt, rateLimiter } from '../http/rate-limit.ts'
import { readRoute, route } from '../http/route.ts'
import { ACCOUNT_FAILURES } from './auth-routes.ts'
import { birthdayBodyValidation } from './birthday-body.ts'
import { endResetLinks } from './password-reset.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { type HeadersOf, requireSession, revokeUserSessions, type Session, type UserRow } from './sessions.ts'
import { currentUserJson, customerJson, settingsOf, userDetailsJson } from './users.ts'

export const WRONG_OLD_PASSWORD_MESSAGE = 'Your current password is not correct.'

/**
 * Changes the session's password, the attempt already counted; 403 when the old one does not
 * match. `verify` is the password check, given by a test that sets a password while it runs.
 */
export async function changeOwnPassword(
  ctx: ShopContext,
  attempt: Attempt,
  current: Session,
  body: { old_password: string; password: string },
  verify: typeof verifyPassword = verifyPassword,
): Promise<void> {
  if (!(await verify(current.user.password_hash, body.old_password))) {
    await attempt.failed()
    throw forbidden(WRONG_OLD_PASSWORD_MESSAGE)
  }
  await attempt.succeeded()
  const passwordHash = await hashPassword(body.password)
  // One change: the password, the reset links and the other devices' sessions ended.
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now()
    // Only over the password that was checked: a reset link (or Facebook taking over the address)
    // may have set another one meanwhile, and ended this session with it.
    const changed = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', current.user.id)
      .where('password_hash', '=', current.user.password_hash)
      .executeTakeFirst()
    if (Number(changed.numUpdatedRows) === 0) throw forbidden(WRONG_OLD_PASSWORD_MESSAGE)
    await endResetLinks(trx, current.user.id, now)
    await revokeUserSessions({ db: trx, now: ctx.now }, current.user.id, current.id)
  })
}

async function readMenu(ctx: ShopContext) {
  return ctx.db
    .selectFrom('user_menu_items')
    .select(['title', 'url'])
    .orderBy('position')
    .orderBy('id')
    .execute()
}

export default async function profileRoutes(app: FastifyInstance) {
  const ctx = app.shop
  const limiter = rateLimiter(ctx)

  /** Nothing a user's own data answers may be cached by a shared cache. */
  async function session(request: HeadersOf, reply: AnswerHeaders): Promise<Session> {
    reply.header('cache-control', 'private, no-store')
    return requireSession(ctx, request)
  }

  async function updateUser(id: number, values: Partial<Omit<UserRow, 'id'>>): Promise<UserRow> {
    return ctx.db
      .updateTable('users')
      .set({ ...values, updated_at: ctx.now() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
  }

  // The reads of the visitor's own data: the storefront calls them in-process (http/in-process-api.ts).
  readRoute(app, accountEndpoints.me, async (request, reply) =>
    currentUserJson((await session(request, reply)).user),
  )

  readRoute(app, accountEndpoints.settings, async (request, reply) =>
    settingsOf((await session(request, reply)).user),
  )

  route(app, accountEndpoints.saveSettings, async (request, reply) => {
    const { user } = await session(request, reply)
    const preferences = { ...settingsOf(user), ...request.body }
    await updateUser(user.id, { preferences: JSON.stringify(preferences) })
    return preferences
  })

  readRoute(app, accountEndpoints.details, async (request, reply) =>
    userDetailsJson((await session(request, reply)).user),
  )

  readRoute(app, accountEndpoints.menu, async (request, reply) => {
    await session(request, reply)
    return { code: 200 as const, data: await readMenu(ctx) }
  })

  route(app, accountEndpoints.changePassword, async (request, reply) => {
    const current = await session(request, reply)
    const attempt = await beginAttempt(limiter, reply, [
      [`password:${clientKey(request.ip)}:${current.user.id}`, ACCOUNT_FAILURES],
    ])
    await changeOwnPassword(ctx, attempt, current, request.body)
    return { message: 'Your password has been changed.' }
  })

  /** The session's user when the path names them; 403 for anyone else's id. */
  async function ownCustomer(request: HeadersOf & { params: { id: number } }, reply: AnswerHeaders) {
    const { user } = await session(request, reply)
    if (request.params.id !== user.id) throw forbidden('You can only see and change your own account.')
    return user
  }

  route(app, accountEndpoints.customer, async (request, reply) =>
    customerJson(await ownCustomer(request, reply)),
  )

  // A birthday in the update is checked by the shop's clock at the time of the request.
  const customerBody = birthdayBodyValidation(ctx, customerUpdateSchema)
  for (const endpoint of [accountEndpoints.updateCustomer, accountEndpoints.replaceCustomer]) {
    route(
      app,
      endpoint,
      async (request, reply) => {
        const user = await ownCustomer(request, reply)
        const body = request.body
        const meta = Object.fromEntries((body.meta_data ?? []).map(({ key, value }) => [key, value || null]))
        const firstName = body.first_name ?? user.first_name
        const lastName = body.last_name ?? user.last_name
        const renamed = body.first_name !== undefined || body.last_name !== undefined
        const updated = await updateUser(user.id, {
          first_name: firstName,
          last_name: lastName,
          ...(renamed ? { display_name: `${firstName} ${lastName}`.trim() } : {}),
          ...('gender' in meta ? { gender: meta.gender as UserRow['gender'] } : {}),
          ...('birthday' in meta ? { birthday: meta.birthday ?? null } : {}),
          ...('phone' in meta ? { phone: meta.phone ?? null } : {}),
        })
        return customerJson(updated)
      },
      customerBody,
    )
  }
}
