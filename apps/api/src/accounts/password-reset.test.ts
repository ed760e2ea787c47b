import type { AddressInfo } from 'node:net'
import { ACCOUNT_MESSAGES, RESET_LINK_INVALID_MESSAGE } from '@fanshop/core'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  bearer,
  changePassword,
  loggedInUser,
  login,
  type SetPasswordOptions,
  setPasswordWithKey,
} from '../../tests/accounts.ts'
import { freePort } from '../../tests/redis-server.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { IP_RESET_REQUESTS, passwordLogin, WRONG_CREDENTIALS_MESSAGE } from './auth-routes.ts'
import {
  completePasswordReset,
  PASSWORD_SET_MESSAGE,
  RESET_LINK_OPEN_MESSAGE,
  RESET_MAILS,
  RESET_REQUESTED_MESSAGE,
} from './password-reset.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { changeOwnPassword, WRONG_OLD_PASSWORD_MESSAGE } from './profile-routes.ts'
import { requireSession } from './sessions.ts'

interface ReceivedMail {
  to: string[]
  raw: string
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
async function startMailbox() {
  const received: ReceivedMail[] = []
  const waiting: (() => void)[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        })
        for (const wake of waiting.splice(0)) wake()
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves with the first message to `address`, waiting up to 10 s for it. */
    async mailTo(address: string): Promise<ReceivedMail> {
      const deadline = Date.now() + 10_000
      for (;;) {
        const mail = received.find((m) => m.to.includes(address))
        if (mail) return mail
        if (Date.now() > deadline) throw new Error(`no mail to ${address}`)
        await new Promise<void>((resolve) => {
          waiting.push(resolve)
          setTimeout(resolve, 200)
        })
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The reset key in a mail body (quoted-printable soft breaks undone). */
function resetKeyIn(raw: string): string {
  const text = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)))
  const link = /(http\S+\/auth\/reset\/setpassword\?key=([A-Za-z0-9_-]+))/.exec(text)
  if (!link) throw new Error(`no reset link in:\n${text}`)
  return link[2]!
}

describe(`password reset through SMTP on ${testDialect}`, () => {
  let t: TestApp
  let mailbox: Awaited<ReturnType<typeof startMailbox>>
  beforeAll(async () => {
    mailbox = await startMailbox()
    t = await createTestApp({
      seed: false,
      env: { SMTP_URL: mailbox.url, PUBLIC_URL: 'https://shop.example.com' },
    })
  })
  afterAll(async () => {
    await t.close()
    await mailbox.close()
  })

  const requestReset = (email: string, ip = '192.0.2.10') =>
    t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/auth/reset',
      headers: { 'x-forwarded-for': ip },
      payload: { email },
    })
  const setPassword = (key: string, password: string, options?: SetPasswordOptions) =>
    setPasswordWithKey(t.app, key, password, options)

  it('mails a single-use link that sets a new password and ends every session', async () => {
    const user = await loggedInUser(t.app)
    const res = await requestReset(user.email)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: RESET_REQUESTED_MESSAGE })

    const mail = await mailbox.mailTo(user.email)
    expect(mail.raw).toMatch(/Subject: Set a new password for your Fan Shop account/)
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain('https://shop.example.com/auth/reset/setpassword?key=')
    const key = resetKeyIn(mail.raw)

    const tooShort = await setPassword(key, '1234567')
    expect(tooShort.statusCode).toBe(400)
    expect(tooShort.json().message).toContain(ACCOUNT_MESSAGES.tooShort)
    expect((await setPassword(key, 'new password 1', { repeat: 'new password 2' })).statusCode).toBe(400)

    const done = await setPassword(key, 'brand new secret')
    expect(done.statusCode).toBe(200)
    expect(done.json().message).toBe(PASSWORD_SET_MESSAGE)

    const me = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/users/me',
      headers: bearer(user.token),
    })
    expect(me.statusCode).toBe(401)
    expect((await login(t.app, user.email, user.password)).statusCode).toBe(403)
    expect((await login(t.app, user.email, 'brand new secret')).statusCode).toBe(200)

    const reused = await setPassword(key, 'another new secret')
    expect(reused.statusCode).toBe(400)
    expect(reused.json().message).toBe(RESET_LINK_INVALID_MESSAGE)
  })

  const checkKey = (key: string, ip = '192.0.2.20') =>
    t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/auth/reset/check',
      headers: { 'x-forwarded-for': ip },
      payload: { key },
    })
  const madeUpKey = (i: number) => `made-up-key-${i}-${'x'.repeat(30)}`

  it('tells the link’s page whether the link still works, without using it up', async () => {
    const user = await loggedInUser(t.app)
    await requestReset(user.email)
    const key = resetKeyIn((await mailbox.mailTo(user.email)).raw)
    for (let i = 0; i < 2; i++) {
      const open = await checkKey(key)
      expect(open.statusCode).toBe(200)
      expect(open.json()).toEqual({ message: RESET_LINK_OPEN_MESSAGE })
    }
    expect((await setPassword(key, 'brand new secret')).statusCode).toBe(200)
    const used = await checkKey(key)
    expect(used.json()).toEqual({ statusCode: 400, message: RESET_LINK_INVALID_MESSAGE })
    expect((await checkKey('z'.repeat(43))).json()).toEqual({
      statusCode: 400,
      message: RESET_LINK_INVALID_MESSAGE,
    })

    const mailsTo = () => mailbox.received.filter((m) => m.to.includes(user.email))
    await requestReset(user.email)
    await expect.poll(() => mailsTo().length, { timeout: 10_000 }).toBe(2)
    const later = resetKeyIn(mailsTo()[1]!.raw)
    expect((await checkKey(later)).statusCode).toBe(200)
    t.clock.advance(60 * 60_000 + 1)
    expect((await checkKey(later)).json()).toEqual({ statusCode: 400, message: RESET_LINK_INVALID_MESSAGE })
  })

  it('limits one client to 15 dead links checked an hour; working ones are not counted', async () => {
    const user = await loggedInUser(t.app)
    await requestReset(user.email)
    const key = resetKeyIn((await mailbox.mailTo(user.email)).raw)
    for (let i = 0; i < 20; i++) expect((await checkKey(key, '192.0.2.30')).statusCode).toBe(200)
    for (let i = 0; i < IP_RESET_REQUESTS.limit; i++) {
      expect((await checkKey(madeUpKey(i), '192.0.2.30')).statusCode).toBe(400)
    }
    const locked = await checkKey(key, '192.0.2.30')
    expect(locked.statusCode).toBe(429)
    expect(locked.json().message).toMatch(/try again in 60 minutes/)
    expect((await checkKey(key, '192.0.2.31')).statusCode).toBe(200)
  })

  it('counts dead links set and checked in one budget per client, so alternating gains nothing', async () => {
    const user = await loggedInUser(t.app)
    await requestReset(user.email)
    const key = resetKeyIn((await mailbox.mailTo(user.email)).raw)
    const ip = '192.0.2.40'
    for (let i = 0; i < IP_RESET_REQUESTS.limit; i++) {
      const dead =
        i % 2 ? await checkKey(madeUpKey(i), ip) : await setPassword(madeUpKey(i), 'guess secret', { ip })
      expect(dead.json()).toEqual({ statusCode: 400, message: RESET_LINK_INVALID_MESSAGE })
    }
    const set = await setPassword(key, 'brand new secret', { ip })
    expect(set.statusCode).toBe(429)
    expect(set.json()).toEqual({ statusCode: 429, message: expect.stringMatching(/try again in 60 minutes/) })
    expect(set.headers['retry-after']).toBe('3600')
    expect((await checkKey(key, ip)).statusCode).toBe(429)
    expect((await setPassword(key, 'brand new secret', { ip: '192.0.2.41' })).statusCode).toBe(200)
  })

  it('lets a working link set the password after a few dead ones, and gives its attempt back', async () => {
    const user = await loggedInUser(t.app)
    await requestReset(user.email)
    const key = resetKeyIn((await mailbox.mailTo(user.email)).raw)
    const ip = '192.0.2.50'
    for (let i = 0; i < IP_RESET_REQUESTS.limit - 1; i++) {
      expect((await setPassword(madeUpKey(i), 'guess secret', { ip })).statusCode).toBe(400)
    }
    expect((await setPassword(key, 'brand new secret', { ip })).statusCode).toBe(200)
    // The set that worked was not counted: one dead link more is still within the limit.
    expect((await checkKey(madeUpKey(99), ip)).statusCode).toBe(400)
    expect((await checkKey(madeUpKey(100), ip)).statusCode).toBe(429)
  })

  it('answers an unknown address exactly like a known one, and mails nothing to it', async () => {
    const known = await loggedInUser(t.app)
    const unknownAddress = `nobody.${Date.now()}@example.com`
    const unknown = await requestReset(unknownAddress)
    const registered = await requestReset(known.email)
    expect(unknown.statusCode).toBe(registered.statusCode)
    expect(unknown.body).toBe(registered.body)
    await mailbox.mailTo(known.email)
    expect(mailbox.received.some((m) => m.to.includes(unknownAddress))).toBe(false)
  })

  it('gives no session to a login that was checking the old password while the link set a new one', async () => {
    const user = await loggedInUser(t.app)
    await requestReset(user.email)
    const key = resetKeyIn((await mailbox.mailTo(user.email)).raw)
    const counted = { failed: async () => {}, succeeded: async () => {}, withdrawn: async () => {} }
    // Someone with the old password logs in; while argon2 checks it, the owner sets a new one.
    const raced = passwordLogin(t.ctx, counted, user.email, user.password, async (hash, password) => {
      const matches = await verifyPassword(hash, password)
      expect((await setPassword(key, 'brand new secret')).statusCode).toBe(200)
      return matches
    })
    await expect(raced).rejects.toMatchObject({ statusCode: 403, message: WRONG_CREDENTIALS_MESSAGE })
  })

  it('keeps the password a link set while a change in the profile was checking the old one', async () => {
    // Whoever holds a session and the old password asks to change it; while argon2 checks it, the
    // owner sets a new password through a link, which ends that session: the change must not land
    // after it and hand the account back.
    const user = await loggedInUser(t.app)
    await requestReset(user.email)
    const key = resetKeyIn((await mailbox.mailTo(user.email)).raw)
    const session = await requireSession(t.ctx, { headers: bearer(user.token) })
    const counted = { failed: async () => {}, succeeded: async () => {}, withdrawn: async () => {} }
    const change = {
      old_password: user.password,
      password: 'intruder secret',
      password_repeat: 'intruder secret',
    }
    const raced = changeOwnPassword(t.ctx, counted, session, change, async (hash, password) => {
      const matches = await verifyPassword(hash, password)
      expect((await setPassword(key, 'brand new secret')).statusCode).toBe(200)
      return matches
    })
    await expect(raced).rejects.toMatchObject({ statusCode: 403, message: WRONG_OLD_PASSWORD_MESSAGE })
    expect((await login(t.app, user.email, 'intruder secret')).statusCode).toBe(403)
    expect((await login(t.app, user.email, 'brand new secret')).statusCode).toBe(200)
  })

  it('ends the open links when the password is changed in the profile', async () => {
    const user = await loggedInUser(t.app)
    await requestReset(user.email)
    const key = resetKeyIn((await mailbox.mailTo(user.email)).raw)
    expect((await changePassword(t.app, user.token, user.password, 'brand new secret')).statusCode).toBe(200)
    // Whoever else holds the link (it was asked for before the change) no longer opens the account.
    const res = await setPassword(key, 'someone else secret')
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(RESET_LINK_INVALID_MESSAGE)
    expect((await login(t.app, user.email, 'brand new secret')).statusCode).toBe(200)
  })

  it('lets a link expire after 1 hour', async () => {
    const user = await loggedInUser(t.app)
    await requestReset(user.email)
    const first = resetKeyIn((await mailbox.mailTo(user.email)).raw)
    t.clock.advance(60 * 60_000 + 1)
    const expired = await setPassword(first, 'brand new secret')
    expect(expired.statusCode).toBe(400)
    expect(expired.json().message).toBe(RESET_LINK_INVALID_MESSAGE)
  })

  it('keeps only the newest link working: asking again ends the earlier ones', async () => {
    const user = await loggedInUser(t.app)
    const mailsTo = () => mailbox.received.filter((m) => m.to.includes(user.email))
    const keys: string[] = []
    for (let i = 0; i < 3; i++) {
      expect((await requestReset(user.email)).json()).toEqual({ message: RESET_REQUESTED_MESSAGE })
      await expect.poll(() => mailsTo().length, { timeout: 10_000 }).toBe(i + 1)
      keys.push(resetKeyIn(mailsTo()[i]!.raw))
    }
    const [first, second, newest] = keys as [string, string, string]
    for (const earlier of [first, second]) {
      expect((await checkKey(earlier)).json()).toEqual({
        statusCode: 400,
        message: RESET_LINK_INVALID_MESSAGE,
      })
      expect((await setPassword(earlier, 'someone else secret')).json()).toEqual({
        statusCode: 400,
        message: RESET_LINK_INVALID_MESSAGE,
      })
    }
    expect((await setPassword(newest, 'brand new secret')).statusCode).toBe(200)
    expect((await setPassword(newest, 'yet another secret')).statusCode).toBe(400)
    expect((await login(t.app, user.email, 'brand new secret')).statusCode).toBe(200)
  })

  it('ends a link asked for at the same time as another: at most one of them works', async () => {
    const user = await loggedInUser(t.app)
    await Promise.all([requestReset(user.email), requestReset(user.email), requestReset(user.email)])
    const open = await t.ctx.db
      .selectFrom('password_resets')
      .select('key_hash')
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute()
    expect(open).toHaveLength(1)
  })

  it('answers an over-long key as the invalid link it is', async () => {
    const res = await setPassword('k'.repeat(201), 'brand new secret')
    expect(res.json()).toEqual({
      statusCode: 400,
      message: `Invalid body parameter "key": ${RESET_LINK_INVALID_MESSAGE}`,
    })
  })

  it('refuses a made-up key without hashing the password it came with', async () => {
    const res = await setPassword('x'.repeat(43), 'brand new secret')
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(RESET_LINK_INVALID_MESSAGE)
    // An argon2 hash costs 19 MiB and ~10 ms: a flood of made-up keys must not get one each.
    const hash = vi.fn(hashPassword)
    await expect(
      completePasswordReset(t.ctx, 'y'.repeat(43), 'brand new secret', hash),
    ).rejects.toMatchObject({
      statusCode: 400,
    })
    expect(hash).not.toHaveBeenCalled()
  })

  it('limits reset requests per address and e-mail to 10 in 15 minutes', async () => {
    const email = `flood.${Date.now()}@example.com`
    for (let i = 0; i < 10; i++) expect((await requestReset(email, '192.0.2.99')).statusCode).toBe(200)
    const locked = await requestReset(email, '192.0.2.99')
    expect(locked.statusCode).toBe(429)
    expect(locked.json().message).toMatch(/try again in 15 minutes/)
  })

  it('limits one IP to 15 reset requests an hour across addresses; another IP is not affected', async () => {
    const sprayed = (i: number) => `spray.${i}.${Date.now()}@example.com`
    for (let i = 0; i < IP_RESET_REQUESTS.limit; i++) {
      expect((await requestReset(sprayed(i), '192.0.2.77')).statusCode).toBe(200)
    }
    const locked = await requestReset(sprayed(99), '192.0.2.77')
    expect(locked.statusCode).toBe(429)
    expect(locked.json()).toEqual({
      statusCode: 429,
      message: expect.stringMatching(/try again in 60 minutes/),
    })
    expect(locked.headers['retry-after']).toBe('3600')
    expect((await requestReset(sprayed(99), '192.0.2.78')).statusCode).toBe(200)
  })

  it('mails one account at most 5 links an hour, however many clients ask; the rest are answered the same', async () => {
    const user = await loggedInUser(t.app)
    const mailsTo = () => mailbox.received.filter((m) => m.to.includes(user.email))
    /** The mails to the account once `count` have come, and 300 ms more for any beyond. */
    async function mailsOnceThere(count: number) {
      const deadline = Date.now() + 10_000
      while (mailsTo().length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
      await new Promise((r) => setTimeout(r, 300))
      return mailsTo()
    }
    for (let i = 1; i <= 12; i++) {
      const res = await requestReset(user.email, `198.51.100.${i}`)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ message: RESET_REQUESTED_MESSAGE })
    }
    const mails = await mailsOnceThere(RESET_MAILS.limit)
    expect(mails).toHaveLength(RESET_MAILS.limit)
    // The newest link mailed still works (only the newest ever does).
    const used: number[] = []
    for (const mail of mails)
      used.push((await setPassword(resetKeyIn(mail.raw), 'brand new secret')).statusCode)
    expect(used.filter((status) => status === 200)).toHaveLength(1)

    t.clock.advance(RESET_MAILS.lockMs)
    expect((await requestReset(user.email, '198.51.100.99')).statusCode).toBe(200)
    expect(await mailsOnceThere(RESET_MAILS.limit + 1)).toHaveLength(RESET_MAILS.limit + 1)
  })
})

describe('reset links while the rate limits’ counts are out of reach', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` } })
  })
  afterAll(() => t.close())

  it('answers a check and a set 503 with Retry-After rather than let them through uncounted', async () => {
    const payload = { key: 'z'.repeat(43), password: 'brand new secret', password_repeat: 'brand new secret' }
    for (const url of ['/wp-json/wp/v2/auth/reset/check', '/wp-json/wp/v2/auth/reset/setpassword']) {
      const res = await t.app.inject({ method: 'POST', url, payload })
      expect(res.statusCode, url).toBe(503)
      expect(res.json()).toEqual({ statusCode: 503, message: expect.stringMatching(/try again in a minute/) })
      expect(res.headers['retry-after']).toBe('60')
    }
  })
})
