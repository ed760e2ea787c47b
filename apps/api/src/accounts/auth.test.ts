import fs from 'node:fs'
import path from 'node:path'
import { ACCOUNT_MESSAGES, PASSWORD_TOKEN_LIFETIME_SECONDS } from '@fanshop/core'
import { hash as argon2Hash } from '@node-rs/argon2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  loggedInUser,
  login,
  mailedResetKey,
  register,
  registration,
  setPasswordWithKey,
} from '../../tests/accounts.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { DEMO_CUSTOMER, seedAccounts } from '../demo/accounts.ts'
import type { MailMessage } from '../mail/mailer.ts'
import { ACCOUNT_FAILURES, ADDRESS_FAILURES, IP_FAILURES } from './auth-routes.ts'
import { verifyPassword } from './passwords.ts'
import { DUPLICATE_EMAIL_MESSAGE } from './users.ts'

describe(`register and log in on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    // The accounts' own demo data is all these tests need.
    t = await createTestApp({ seed: false })
    await seedAccounts(t.ctx)
  })
  afterAll(() => t.close())

  const me = (token: string) =>
    t.app.inject({ method: 'POST', url: '/wp-json/wp/v2/users/me', headers: bearer(token) })

  it('registers an account with the username of spec 7 and never answers the password', async () => {
    const { body, user } = await register(t.app, { firstname: 'Bruno', lastname: 'Díaz' })
    expect(user).toMatchObject({
      first_name: 'Bruno',
      last_name: 'Díaz',
      name: 'Bruno Díaz',
      email: body.email,
      username: 'bdiaz',
      scope: ['customer'],
      meta: { gender: 'Female', birthday: '1990-03-07', phone: null },
      preferences: { newsletter: false, order_updates: true, preferred_size: null },
    })
    expect(JSON.stringify(user)).not.toContain('correct horse')
    const row = await t.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirst()
    expect(row?.password_hash).toMatch(/^\$argon2id\$/)
  })

  it('adds a numeric suffix when the username is taken', async () => {
    await register(t.app, { firstname: 'Carla', lastname: 'Ruiz' })
    const second = await register(t.app, { firstname: 'Carmen', lastname: 'Ruiz' })
    const third = await register(t.app, { firstname: 'Cruz', lastname: 'Ruiz', username: undefined })
    expect(second.user.username).toBe('cruiz2')
    expect(third.user.username).toBe('cruiz3')
  })

  it('keeps a taken username and its suffix within 60 characters', async () => {
    const long = 'q'.repeat(60)
    expect((await register(t.app, { username: long })).user.username).toBe(long)
    expect((await register(t.app, { username: long })).user.username).toBe(`${'q'.repeat(59)}2`)
    // Made from the names: the first letter and a 60-letter last name are 61 letters.
    const names = { firstname: 'Ada', lastname: 'W'.repeat(60) }
    expect((await register(t.app, names)).user.username).toBe(`a${'w'.repeat(59)}`)
    expect((await register(t.app, names)).user.username).toBe(`a${'w'.repeat(58)}2`)
  })

  it('answers a taken e-mail (in any case) with 400 and the message the dialog shows', async () => {
    const { body } = await register(t.app)
    const res = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/register',
      payload: registration({ email: body.email.toUpperCase() }),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ statusCode: 400, message: DUPLICATE_EMAIL_MESSAGE })
  })

  it('enforces the registration rules of spec 5 on the server', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'a@b.cd' }, ACCOUNT_MESSAGES.tooShort],
      [{ email: 'ana.example.com' }, ACCOUNT_MESSAGES.emailInvalid],
      [{ password: '1234567', password_repeat: '1234567' }, ACCOUNT_MESSAGES.tooShort],
      [{ password_repeat: 'correct horsf' }, ACCOUNT_MESSAGES.passwordsDiffer],
      [{ lastname: 'L0pez' }, ACCOUNT_MESSAGES.specialCharacters],
      [{ birth_year: '19900' }, ACCOUNT_MESSAGES.tooLong],
      [{ birth_day: '29', birth_month: 'February', birth_year: '2001' }, ACCOUNT_MESSAGES.dayInvalid],
      [{ registration_checkbox: 'not_accepted' }, ACCOUNT_MESSAGES.termsRequired],
    ]
    for (const [overrides, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wp-json/wp/v2/register',
        payload: registration(overrides),
      })
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400)
      expect(res.json().message).toContain(message)
    }
  })

  it('moves the birthday year choices with the clock, not with the server start', async () => {
    const startYear = new Date(t.clock.now).getUTCFullYear()
    const oldest = String(startYear - 99)
    const aYear = 366 * 24 * 60 * 60 * 1000
    t.clock.advance(aYear)
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wp-json/wp/v2/register',
        payload: registration({ birth_year: oldest }),
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toContain('birth_year')
      await register(t.app, { birth_year: String(startYear + 1) })
    } finally {
      t.clock.advance(-aYear)
    }
  })

  it('refuses a birthday that has not begun anywhere yet, by the shop clock', async () => {
    const was = t.clock.now
    t.clock.now = Date.UTC(2026, 5, 10, 12)
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wp-json/wp/v2/register',
        payload: registration({ birth_day: '12', birth_month: 'June', birth_year: '2026' }),
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toContain('A birthday cannot be in the future.')
      await register(t.app, { birth_day: '10', birth_month: 'June', birth_year: '2026' })
    } finally {
      t.clock.now = was
    }
  })

  it('logs in with the e-mail as username and answers a Bearer token', async () => {
    const { body } = await register(t.app)
    const res = await login(t.app, `  ${body.email.toUpperCase()} `, body.password)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({
      token_type: 'Bearer',
      expires_in: PASSWORD_TOKEN_LIFETIME_SECONDS,
    })
    const current = await me(res.json().data.token)
    expect(current.statusCode).toBe(200)
    expect(current.json().email).toBe(body.email)
    expect(current.headers['cache-control']).toBe('private, no-store')
  })

  it('logs in the seeded demo customer', async () => {
    const res = await login(t.app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)
    expect(res.statusCode).toBe(200)
    expect((await me(res.json().data.token)).json().first_name).toBe(DEMO_CUSTOMER.firstName)
  })

  it('takes a password with its accents composed or decomposed, however it was registered', async () => {
    const composed = 'caf\u00e9 ol\u00e9 \uff21'
    const decomposed = 'cafe\u0301 ole\u0301 \uff21'
    const { body } = await register(t.app, { password: composed, password_repeat: decomposed })
    expect((await login(t.app, body.email, decomposed)).statusCode).toBe(200)
    expect((await login(t.app, body.email, composed)).statusCode).toBe(200)
    // The full-width letter is its plain one (NFKC), so typed plainly it logs in too.
    expect((await login(t.app, body.email, 'caf\u00e9 ol\u00e9 A')).statusCode).toBe(200)
    expect((await login(t.app, body.email, 'cafe ole A')).statusCode).toBe(403)
  })

  it('keeps a password hashed as typed (before normalising) working, and hashes it normalised', async () => {
    const decomposed = 'cafe\u0301 ole\u0301'
    const { body, user } = await register(t.app)
    // As stored before passwords were normalised: the decomposed form itself was hashed.
    const legacy = await argon2Hash(decomposed)
    await t.ctx.db.updateTable('users').set({ password_hash: legacy }).where('id', '=', user.id).execute()
    const hashOf = async () =>
      (
        await t.ctx.db
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).password_hash!
    expect((await login(t.app, body.email, 'not the password')).statusCode).toBe(403)
    expect(await hashOf()).toBe(legacy)
    // The keyboard that set it logs in, and the hash is now the normalised password's.
    expect((await login(t.app, body.email, decomposed)).statusCode).toBe(200)
    const rehashed = await hashOf()
    expect(rehashed).not.toBe(legacy)
    expect(await verifyPassword(rehashed, 'caf\u00e9 ol\u00e9')).toBe(true)
    // From then on either keyboard does.
    expect((await login(t.app, body.email, 'caf\u00e9 ol\u00e9')).statusCode).toBe(200)
    expect((await login(t.app, body.email, decomposed)).statusCode).toBe(200)
    expect(await hashOf()).toBe(rehashed)
  })

  it('answers a wrong password or an unknown e-mail with the same 403', async () => {
    const { body } = await register(t.app)
    const wrong = await login(t.app, body.email, 'not the password')
    const unknown = await login(t.app, `nobody.${Date.now()}@example.com`, 'not the password')
    expect(wrong.statusCode).toBe(403)
    expect(unknown.statusCode).toBe(403)
    expect(wrong.json().message).toBe(unknown.json().message)
  })

  it('refuses a request without, or with a malformed or forged, token with 401', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/wp-json/wp/v2/users/me' })).statusCode).toBe(401)
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/users/me',
      headers: { authorization: 'Token abc' },
    })
    expect(malformed.statusCode).toBe(401)
    const { token } = await loggedInUser(t.app)
    const [header, payload] = token.split('.')
    expect((await me(`${header}.${payload}.forged-signature`)).statusCode).toBe(401)
  })

  it('lets a token expire after its lifetime', async () => {
    const { token } = await loggedInUser(t.app)
    t.clock.advance(PASSWORD_TOKEN_LIFETIME_SECONDS * 1000 - 60_000)
    expect((await me(token)).statusCode).toBe(200)
    t.clock.advance(120_000)
    const expired = await me(token)
    expect(expired.statusCode).toBe(401)
    expect(expired.json().message).toBe('Your session has expired. Please log in again.')
  })

  it('revokes the token on logout, and only that token', async () => {
    const user = await loggedInUser(t.app)
    const other = (await login(t.app, user.email, user.password)).json().data.token
    const res = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/logout',
      headers: bearer(user.token),
    })
    expect(res.statusCode).toBe(200)
    expect((await me(user.token)).statusCode).toBe(401)
    expect((await me(other)).statusCode).toBe(200)
    const again = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/logout',
      headers: bearer(user.token),
    })
    expect(again.statusCode).toBe(401)
  })
})

describe(`login rate limit on ${testDialect}`, () => {
  let t: TestApp
  const mail: MailMessage[] = []
  beforeAll(async () => {
    t = await createTestApp({ seed: false, mailer: { send: async (m) => void mail.push(m), close() {} } })
  })
  afterAll(() => t.close())

  /** One failed login from each of `count` addresses (a credential-stuffing run spread out). */
  async function failFromManyClients(email: string, count: number, prefix: string) {
    for (let i = 0; i < count; i++) {
      expect((await login(t.app, email, `wrong ${i}`, `${prefix}.${i}`)).statusCode).toBe(403)
    }
  }

  it('pauses an account for 5 minutes after 20 failed logins in 5 minutes, from whatever clients', async () => {
    const { body } = await register(t.app)
    await failFromManyClients(body.email, ADDRESS_FAILURES.limit, '10.20.0')
    // A client that never failed, with the right password, waits too: the account is paused.
    const paused = await login(t.app, body.email.toUpperCase(), body.password, '10.20.1.1')
    expect(paused.statusCode).toBe(429)
    expect(paused.json()).toEqual({
      statusCode: 429,
      message:
        'Too many failed attempts. For your security this is locked for now: please try again in 5 minutes.',
    })
    expect(paused.headers['retry-after']).toBe('300')
    // Refused logins do not make the pause longer.
    t.clock.advance(4 * 60_000)
    for (let i = 0; i < 5; i++) await login(t.app, body.email, 'wrong', `10.20.2.${i}`)
    expect((await login(t.app, body.email, body.password, '10.20.1.1')).headers['retry-after']).toBe('60')
    t.clock.advance(60_000)
    expect((await login(t.app, body.email, body.password, '10.20.1.1')).statusCode).toBe(200)
    // Other accounts were never paused.
    const other = await register(t.app)
    expect((await login(t.app, other.body.email, other.body.password, '10.20.1.1')).statusCode).toBe(200)
  })

  it('pauses an address no account has exactly as one that has an account', async () => {
    const { body } = await register(t.app)
    const unknown = `nobody.${Date.now()}@example.com`
    await failFromManyClients(body.email, ADDRESS_FAILURES.limit, '10.21.0')
    await failFromManyClients(unknown, ADDRESS_FAILURES.limit, '10.21.1')
    const known = await login(t.app, body.email, 'another guess', '10.21.2.1')
    const nobody = await login(t.app, unknown, 'another guess', '10.21.2.1')
    expect(nobody.statusCode).toBe(429)
    expect(nobody.body).toBe(known.body)
    expect(nobody.headers['retry-after']).toBe(known.headers['retry-after'])
  })

  it('does not count the owner’s logins as failures, nor let them give a run more guesses', async () => {
    const { body } = await register(t.app)
    await failFromManyClients(body.email, ADDRESS_FAILURES.limit - 1, '10.22.0')
    expect((await login(t.app, body.email, body.password, '10.22.1.1')).statusCode).toBe(200)
    expect((await login(t.app, body.email, body.password, '10.22.1.1')).statusCode).toBe(200)
    await failFromManyClients(body.email, 1, '10.22.2')
    expect((await login(t.app, body.email, body.password, '10.22.1.1')).statusCode).toBe(429)
  })

  it('lifts the pause, and the failures of the client that set it, when a reset link sets a password', async () => {
    const { body } = await register(t.app)
    await failFromManyClients(body.email, ADDRESS_FAILURES.limit - ACCOUNT_FAILURES.limit, '10.23.0')
    // The owner, who forgot the password, fails from their own address too, and asks for a link.
    for (let i = 0; i < ACCOUNT_FAILURES.limit; i++) await login(t.app, body.email, `guess ${i}`, '10.23.1.1')
    expect((await login(t.app, body.email, body.password, '10.23.1.1')).statusCode).toBe(429)
    const key = await mailedResetKey(t.app, mail, body.email)
    const set = await setPasswordWithKey(t.app, key, 'remembered now', { ip: '10.23.1.1' })
    expect(set.statusCode, set.body).toBe(200)
    expect((await login(t.app, body.email, 'remembered now', '10.23.1.1')).statusCode).toBe(200)
    expect((await login(t.app, body.email, 'remembered now', '10.23.9.9')).statusCode).toBe(200)
  })

  it('locks the IP and account pair for 15 minutes after 10 failures in 15 minutes', async () => {
    const { body } = await register(t.app)
    for (let i = 0; i < 10; i++) {
      expect((await login(t.app, body.email, `wrong ${i}`, '198.51.100.1')).statusCode).toBe(403)
    }
    const locked = await login(t.app, body.email, body.password, '198.51.100.1')
    expect(locked.statusCode).toBe(429)
    expect(locked.json().message).toMatch(/try again in 15 minutes/)
    expect(locked.headers['retry-after']).toBe('900')

    // Another address, or another account from the same address, is not locked.
    expect((await login(t.app, body.email, body.password, '198.51.100.2')).statusCode).toBe(200)
    const other = await register(t.app)
    expect((await login(t.app, other.body.email, other.body.password, '198.51.100.1')).statusCode).toBe(200)

    t.clock.advance(14 * 60_000)
    expect((await login(t.app, body.email, body.password, '198.51.100.1')).statusCode).toBe(429)
    t.clock.advance(60_000 + 1)
    expect((await login(t.app, body.email, body.password, '198.51.100.1')).statusCode).toBe(200)
  })

  it('forgets failures older than 15 minutes, and all of them after a success', async () => {
    const { body } = await register(t.app)
    for (let i = 0; i < 9; i++) await login(t.app, body.email, 'wrong', '198.51.100.3')
    t.clock.advance(15 * 60_000)
    for (let i = 0; i < 9; i++) await login(t.app, body.email, 'wrong', '198.51.100.3')
    expect((await login(t.app, body.email, body.password, '198.51.100.3')).statusCode).toBe(200)
    for (let i = 0; i < 9; i++) await login(t.app, body.email, 'wrong', '198.51.100.3')
    expect((await login(t.app, body.email, body.password, '198.51.100.3')).statusCode).toBe(200)
  })

  it('limits one IP to 20 failed logins in 15 minutes across accounts; another IP is not affected', async () => {
    const { body } = await register(t.app)
    for (let i = 0; i < IP_FAILURES.limit; i++) {
      const res = await login(t.app, `sprayed.${i}@example.com`, 'Password1', '198.51.100.5')
      expect(res.statusCode).toBe(403)
    }
    const locked = await login(t.app, body.email, body.password, '198.51.100.5')
    expect(locked.statusCode).toBe(429)
    expect(locked.json()).toEqual({
      statusCode: 429,
      message: expect.stringMatching(/try again in 15 minutes/),
    })
    expect(locked.headers['retry-after']).toBe('900')
    expect((await login(t.app, body.email, body.password, '198.51.100.6')).statusCode).toBe(200)
    t.clock.advance(15 * 60_000)
    expect((await login(t.app, body.email, body.password, '198.51.100.5')).statusCode).toBe(200)
  })

  it('does not let successes reset the limit of an IP', async () => {
    const { body } = await register(t.app)
    for (let i = 0; i < IP_FAILURES.limit - 1; i++) {
      expect((await login(t.app, `sprayed.${i}@example.com`, 'Password1', '198.51.100.7')).statusCode).toBe(
        403,
      )
      expect((await login(t.app, body.email, body.password, '198.51.100.7')).statusCode).toBe(200)
    }
    expect((await login(t.app, 'sprayed.last@example.com', 'Password1', '198.51.100.7')).statusCode).toBe(403)
    expect((await login(t.app, body.email, body.password, '198.51.100.7')).statusCode).toBe(429)
  })

  it('limits one IP to 20 failed registrations in 15 minutes across e-mails', async () => {
    const { body } = await register(t.app)
    const taken = (email: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wp-json/wp/v2/register',
        headers: { 'x-forwarded-for': ip },
        payload: registration({ email }),
      })
    for (let i = 0; i < IP_FAILURES.limit; i++) {
      const other = await register(t.app)
      expect((await taken(other.body.email, '198.51.100.8')).statusCode).toBe(400)
    }
    expect((await taken(body.email, '198.51.100.8')).statusCode).toBe(429)
    expect((await taken(body.email, '198.51.100.9')).statusCode).toBe(400)
  })

  it('limits registrations that keep failing for one address and e-mail', async () => {
    const { body } = await register(t.app)
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wp-json/wp/v2/register',
        headers: { 'x-forwarded-for': '198.51.100.4' },
        payload: registration({ email: body.email }),
      })
      expect(res.statusCode).toBe(400)
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/register',
      headers: { 'x-forwarded-for': '198.51.100.4' },
      payload: registration({ email: body.email }),
    })
    expect(locked.statusCode).toBe(429)
  })
})

describe(`signing secret on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { JWT_SECRET: '' } })
  })
  afterAll(() => t.close())

  it('is generated once into the data folder when JWT_SECRET is not set', async () => {
    const file = path.join(t.ctx.config.dataDir, 'jwt-secret')
    expect(fs.existsSync(file)).toBe(false)
    const { token } = await loggedInUser(t.app)
    const secret = fs.readFileSync(file, 'utf8')
    expect(secret.length).toBeGreaterThanOrEqual(32)
    const res = await t.app.inject({ method: 'POST', url: '/wp-json/wp/v2/users/me', headers: bearer(token) })
    expect(res.statusCode).toBe(200)
    expect(fs.readFileSync(file, 'utf8')).toBe(secret)
  })
})
