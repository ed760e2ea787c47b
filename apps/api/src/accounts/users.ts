/**
 * The users table behind the account calls: creating an account (unique e-mail, the username
 * rule of spec 7 with a numeric suffix when taken) and the JSON shapes the calls answer with.
 */
import {
  type CurrentUser,
  type Customer,
  DEFAULT_USER_SETTINGS,
  type UserDetails,
  type UserSettings,
  usernameCandidates,
  userSettingsUpdateSchema,
} from '@fanshop/core'
import type { ShopContext } from '../context.ts'
import { isUniqueViolation } from '../db/portable.ts'
import { badRequest } from '../http/errors.ts'
import type { UserRow } from './sessions.ts'
import type { UsersTable } from './tables.ts'

/** What the user queries need: the database and the clock (the seed has no more). */
type UsersContext = Pick<ShopContext, 'db' | 'now'>

export const DUPLICATE_EMAIL_MESSAGE =
  'An account with this e-mail address already exists. Log in, or reset your password if you forgot it.'

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export async function findUserByEmail(ctx: UsersContext, email: string): Promise<UserRow | undefined> {
  return ctx.db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst()
}

export async function findUserById(ctx: UsersContext, id: number): Promise<UserRow | undefined> {
  return ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

export interface NewUser {
  email: string
  usernameBase: string
  passwordHash: string | null
  firstName: string
  lastName: string
  displayName: string
  gender: UsersTable['gender']
  birthday: string | null
  termsAcceptedAt: number | null
  /** Set when whoever creates the account has shown they hold the address (Facebook). */
  emailConfirmedAt?: number
}

/** Candidates read per statement: a name taken fifty times over costs a second read. */
const CANDIDATES_PER_READ = 50

/** The first of the base's usernames (core's usernameCandidates) that no account has. */
async function freeUsername(ctx: UsersContext, base: string): Promise<string> {
  const candidates = usernameCandidates(base)
  for (;;) {
    const batch = Array.from({ length: CANDIDATES_PER_READ }, () => candidates.next().value)
    const rows = await ctx.db.selectFrom('users').select('username').where('username', 'in', batch).execute()
    const taken = new Set(rows.map((row) => row.username))
    const free = batch.find((candidate) => !taken.has(candidate))
    if (free) return free
  }
}

/** Creates the account; 400 with DUPLICATE_EMAIL_MESSAGE when the e-mail is registered already. */
export async function createUser(ctx: UsersContext, input: NewUser): Promise<UserRow> {
  const email = normalizeEmail(input.email)
  // Another registration may take the same username between the look-up and the insert: try again.
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await findUserByEmail(ctx, email)) throw badRequest(DUPLICATE_EMAIL_MESSAGE)
    const now = ctx.now()
    try {
      return await ctx.db
        .insertInto('users')
        .values({
          email,
          username: await freeUsername(ctx, input.usernameBase),
          password_hash: input.passwordHash,
          first_name: input.firstName,
          last_name: input.lastName,
          display_name: input.displayName,
          gender: input.gender,
          birthday: input.birthday,
          phone: null,
          scope: 'customer',
          preferences: JSON.stringify(DEFAULT_USER_SETTINGS),
          terms_accepted_at: input.termsAcceptedAt,
          email_confirmed_at: input.emailConfirmedAt ?? null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
    }
  }
  throw badRequest('Please try again: many accounts are being created with this name right now.')
}

/** The user's settings: the defaults, overridden by what their updates stored (read on every users/me). */
export function settingsOf(row: UserRow): UserSettings {
  const stored = userSettingsUpdateSchema.safeParse(JSON.parse(row.preferences))
  return { ...DEFAULT_USER_SETTINGS, ...(stored.success ? stored.data : {}) }
}

export function currentUserJson(row: UserRow): CurrentUser {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    name: row.display_name,
    email: row.email,
    username: row.username,
    scope: row.scope.split(' ').filter(Boolean),
    meta: { gender: row.gender, birthday: row.birthday, phone: row.phone },
    preferences: settingsOf(row),
  }
}

const iso = (epochMs: number) => new Date(epochMs).toISOString()

export function userDetailsJson(row: UserRow): UserDetails {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    name: row.display_name,
    gender: row.gender,
    birthday: row.birthday,
    phone: row.phone,
    date_created: iso(row.created_at),
  }
}

/** WooCommerce's customer object, with our user metadata as meta_data ("" for a value not set). */
export function customerJson(row: UserRow): Customer {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    role: 'customer',
    date_created: iso(row.created_at),
    date_modified: iso(row.updated_at),
    meta_data: [
      { key: 'gender', value: row.gender ?? '' },
      { key: 'birthday', value: row.birthday ?? '' },
      { key: 'phone', value: row.phone ?? '' },
    ],
  }
}
