/**
 * The logged-in user's own data (spec 7): the current user, preferences, details, the user
 * navigation, a password change, and the WooCommerce customer record. Every call needs the
 * Bearer token; another user's customer id answers 403.
 */
import {
  currentUserSchema,
  customerSchema,
  customerUpdateSchema,
  idParam,
  messageSchema,
  passwordChangeSchema,
  userDetailsSchema,
  userMenuSchema,
  userSettingsSchema,
  userSettingsUpdateSchema,
} from '@fanshop/core'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ShopContext } from '../context.ts'
import { forbidden } from '../http/errors.ts'
import { beginAttempt, rateLimiter } from '../http/rate-limit.ts'
import { ACCOUNT_FAILURES } from './auth-routes.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { requireSession, revokeUserSessions, type Session, type UserRow } from './sessions.ts'
import { currentUserJson, customerJson, settingsOf, userDetailsJson } from './users.ts'

const bearer = [{ bearer: [] }]

export const WRONG_OLD_PASSWORD_MESSAGE = 'Your current password is not correct.'

async function readMenu(ctx: ShopContext) {
  return ctx.db
    .selectFrom('user_menu_items')
    .select(['title', 'url'])
    .orderBy('position')
    .orderBy('id')
    .execute()
}

export default async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const ctx = app.shop
  const limiter = rateLimiter(ctx)

  /** Nothing a user's own data answers may be cached by a shared cache. */
  async function session(
    request: Parameters<typeof requireSession>[1],
    reply: FastifyReply,
  ): Promise<Session> {
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

  app.post(
    '/wp-json/wp/v2/users/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The logged-in user: id, first_name, name, scope, metadata and preferences',
        security: bearer,
        response: { 200: currentUserSchema },
      },
    },
    async (request, reply) => currentUserJson((await session(request, reply)).user),
  )

  app.get(
    '/wp-json/wp/v2/user/settings',
    {
      schema: {
        tags: ['accounts'],
        summary: "The user's preferences",
        security: bearer,
        response: { 200: userSettingsSchema },
      },
    },
    async (request, reply) => settingsOf((await session(request, reply)).user),
  )

  app.post(
    '/wp-json/wp/v2/user/settings',
    {
      schema: {
        tags: ['accounts'],
        summary: "Save some or all of the user's preferences; answers all of them",
        security: bearer,
        body: userSettingsUpdateSchema,
        response: { 200: userSettingsSchema },
      },
    },
    async (request, reply) => {
      const { user } = await session(request, reply)
      const preferences = { ...settingsOf(user), ...request.body }
      await updateUser(user.id, { preferences: JSON.stringify(preferences) })
      return preferences
    },
  )

  app.get(
    '/wp-json/wp/v2/user/details',
    {
      schema: {
        tags: ['accounts'],
        summary: "The user's details for the profile",
        security: bearer,
        response: { 200: userDetailsSchema },
      },
    },
    async (request, reply) => userDetailsJson((await session(request, reply)).user),
  )

  app.get(
    '/wp-json/wp/v2/user/menu',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The user navigation shown in the greeting menu and the profile',
        security: bearer,
        response: { 200: userMenuSchema },
      },
    },
    async (request, reply) => {
      await session(request, reply)
      return { code: 200 as const, data: await readMenu(ctx) }
    },
  )

  app.post(
    '/wp-json/wp/v2/user/password',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change the password (the current one is required); ends the sessions on other devices',
        security: bearer,
        body: passwordChangeSchema,
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => {
      const current = await session(request, reply)
      const attempt = await beginAttempt(limiter, reply, [
        [`password:${request.ip}:${current.user.id}`, ACCOUNT_FAILURES],
      ])
      if (!(await verifyPassword(current.user.password_hash, request.body.old_password))) {
        await attempt.failed()
        throw forbidden(WRONG_OLD_PASSWORD_MESSAGE)
      }
      await attempt.succeeded()
      await updateUser(current.user.id, { password_hash: await hashPassword(request.body.password) })
      await revokeUserSessions(ctx, current.user.id, current.id)
      return { message: 'Your password has been changed.' }
    },
  )

  const customerParams = z.object({ id: idParam() })

  /** The session's user when the path names them; 403 for anyone else's id. */
  async function ownCustomer(
    request: Parameters<typeof requireSession>[1] & { params: { id: number } },
    reply: FastifyReply,
  ) {
    const { user } = await session(request, reply)
    if (request.params.id !== user.id) throw forbidden('You can only see and change your own account.')
    return user
  }

  app.get(
    '/wp-json/wc/v3/customers/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The customer record of the logged-in user (403 for any other id)',
        security: bearer,
        params: customerParams,
        response: { 200: customerSchema },
      },
    },
    async (request, reply) => customerJson(await ownCustomer(request, reply)),
  )

  // The birthday's year choices are the last 100 years from the year this server started in.
  const customerUpdate = customerUpdateSchema(new Date(ctx.now()).getUTCFullYear())
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/wp-json/wc/v3/customers/:id',
      schema: {
        tags: ['accounts'],
        summary:
          'Update names and user metadata (gender, birthday, phone; "" clears one) of the logged-in user',
        security: bearer,
        params: customerParams,
        body: customerUpdate,
        response: { 200: customerSchema },
      },
      async handler(request, reply) {
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
    })
  }
}
