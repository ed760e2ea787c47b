import fs from 'node:fs'
import net, { type AddressInfo } from 'node:net'
import path from 'node:path'
import { CONTACT_MESSAGES_PER_HOUR, CONTACT_SUCCESS_TEXT, contactMessageSchema } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { type MailMessage, SMTP_WAIT_MS } from '../mail/mailer.ts'
import {
  CONTACT_CLAIM_MS,
  IP_CONTACT_MESSAGES,
  mailUnsentContactMessages,
  receiveContactMessage,
} from './contact.ts'

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lucía Gómez',
  email: `lucia+${Math.random().toString(36).slice(2)}@example.com`,
  topic: 'Foundation',
  message: 'Can our under-12s play at the open pitch on Saturday mornings?',
  ...overrides,
})

describe(`contact form API on ${testDialect}`, () => {
  let t: TestApp
  let outbox: string
  const send = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/wp-json/wp/v2/contact', payload })
  const mails = () =>
    fs.existsSync(outbox)
      ? fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
      : []

  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { SHOP_EMAIL: 'team@fanshop.example' } })
    outbox = path.join(t.ctx.config.dataDir, 'outbox')
  })
  afterAll(() => t.close())

  it('stores the message and e-mails it to the shop with the fan as Reply-To', async () => {
    const input = message({ name: 'Marta Ruiz' })
    const res = await send(input)
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ id: expect.any(Number), status: 'received', message: CONTACT_SUCCESS_TEXT })

    const row = await t.ctx.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      name: 'Marta Ruiz',
      email: input.email,
      topic: 'Foundation',
      status: 'received',
    })
    expect(row.mailed_at).toBe(t.clock.now)

    const mail = mails().find((m) => m.includes(input.email))!
    expect(mail).toContain('To: team@fanshop.example')
    expect(mail).toContain(`Reply-To: ${input.email}`)
    expect(mail).toContain('Subject: [Contact] Foundation: message from Marta Ruiz')
    expect(mail).toContain('Can our under-12s play at the open pitch on Saturday mornings?')
  })

  it('answers invalid input with 400 and the field at fault, and stores nothing', async () => {
    const before = mails().length
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'not-an-address' }, 'Please enter a valid e-mail address.'],
      [{ message: 'Hi' }, 'Your message is a bit short: at least 10 characters, please.'],
      [{ topic: 'Transfer rumours' }, 'Please choose what your message is about.'],
      [{ name: undefined }, 'Please tell us your name.'],
    ]
    for (const [overrides, text] of cases) {
      const res = await send(message(overrides))
      expect(res.statusCode).toBe(400)
      expect(res.json().statusCode).toBe(400)
      expect(res.json().message).toContain(text)
    }
    const { n } = await t.ctx.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('topic', '=', 'Transfer rumours')
      .executeTakeFirstOrThrow()
    expect(Number(n)).toBe(0)
    expect(mails().length).toBe(before)
  })

  it('keeps a message with the honeypot filled as spam, answers as usual and sends no e-mail', async () => {
    const before = mails().length
    const input = message({ website: 'https://cheap-boots.example' })
    const res = await send(input)
    expect(res.statusCode).toBe(201)
    expect(res.json().message).toBe(CONTACT_SUCCESS_TEXT)
    const row = await t.ctx.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('email', '=', input.email)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('spam')
    expect(row.mailed_at).toBeNull()
    expect(mails().length).toBe(before)
  })

  it('lets one address send 5 messages an hour, then answers 429 until the hour has passed', async () => {
    const email = 'eager.fan@example.com'
    for (let i = 0; i < 5; i++) expect((await send(message({ email }))).statusCode).toBe(201)
    const refused = await send(message({ email: 'Eager.Fan@example.com' }))
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toContain('Please wait a little before writing again.')
    t.clock.advance(60 * 60 * 1000 + 1)
    expect((await send(message({ email }))).statusCode).toBe(201)
  })

  it('counts each message before storing it: of 10 sent at once from one address, 5 are kept', async () => {
    const email = `burst.${Date.now()}@example.com`
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/wp-json/wp/v2/contact',
          headers: { 'x-forwarded-for': `198.51.100.${40 + i}` },
          payload: message({ email }),
        }),
      ),
    )
    expect(burst.filter((res) => res.statusCode === 201)).toHaveLength(CONTACT_MESSAGES_PER_HOUR)
    for (const refused of burst.filter((res) => res.statusCode !== 201)) {
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['retry-after']).toBe('3600')
    }
    const stored = await t.ctx.db
      .selectFrom('contact_messages')
      .select('id')
      .where('email', '=', email)
      .execute()
    expect(stored).toHaveLength(CONTACT_MESSAGES_PER_HOUR)
  })

  it('lets one IP send 10 messages an hour, whatever the addresses; another IP is not affected', async () => {
    const from = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wp-json/wp/v2/contact',
        headers: { 'x-forwarded-for': ip },
        payload: message(),
      })
    for (let i = 0; i < IP_CONTACT_MESSAGES.limit; i++)
      expect((await from('198.51.100.20')).statusCode).toBe(201)
    const refused = await from('198.51.100.20')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      statusCode: 429,
      message:
        'We have received many messages from your network in the last hour. Please try again in 60 minutes.',
    })
    expect(refused.headers['retry-after']).toBe('3600')
    expect((await from('198.51.100.21')).statusCode).toBe(201)
  })
})

describe(`contact form API on ${testDialect} when mail is down`, () => {
  let t: TestApp
  beforeAll(async () => {
    // Nothing listens on port 9 (discard) of loopback: the SMTP connection is refused.
    t = await createTestApp({ seed: false, env: { SMTP_URL: 'smtp://127.0.0.1:9' } })
  })
  afterAll(() => t.close())

  it('still keeps the message (not yet mailed) and tells the fan it arrived', async () => {
    const input = message()
    const res = await t.app.inject({ method: 'POST', url: '/wp-json/wp/v2/contact', payload: input })
    expect(res.statusCode).toBe(201)
    const row = await t.ctx.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('email', '=', input.email)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('received')
    expect(row.mailed_at).toBeNull()
  })
})

describe(`contact form API on ${testDialect} when the mail server does not answer`, () => {
  let t: TestApp
  // A server that takes the connection and never says a word (a hung or firewalled relay).
  const silent = net.createServer(() => {})
  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as AddressInfo
    t = await createTestApp({ seed: false, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } })
  })
  afterAll(async () => {
    await t.close()
    silent.close()
  })

  it(
    'tells the fan the message arrived within seconds, not after the mail server’s silence',
    async () => {
      const input = message()
      const started = Date.now()
      const res = await t.app.inject({ method: 'POST', url: '/wp-json/wp/v2/contact', payload: input })
      expect(res.statusCode).toBe(201)
      expect(Date.now() - started).toBeLessThan(SMTP_WAIT_MS + 5_000)
    },
    2 * SMTP_WAIT_MS,
  )
})

describe(`contact messages whose e-mail failed, on ${testDialect}`, () => {
  let t: TestApp
  let mailDown = true
  const sent: MailMessage[] = []
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      mailer: {
        async send(mail) {
          if (mailDown)
            throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET' })
          sent.push(mail)
        },
        close() {},
      },
    })
  })
  afterAll(() => t.close())

  const stored = (id: number) =>
    t.ctx.db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

  it('are mailed to the shop once the mail server is back, once each; spam never', async () => {
    const first = await receiveContactMessage(
      t.ctx,
      contactMessageSchema.parse(message({ name: 'Marta Ruiz' })),
    )
    const second = await receiveContactMessage(
      t.ctx,
      contactMessageSchema.parse(message({ name: 'Jon Bell' })),
    )
    await receiveContactMessage(
      t.ctx,
      contactMessageSchema.parse(message({ website: 'https://spam.example' })),
    )
    expect((await stored(first.id)).mailed_at).toBeNull()
    // Still down: the run stops at the first failure, and the messages wait for the next.
    expect(await mailUnsentContactMessages(t.ctx)).toBe(0)

    mailDown = false
    t.clock.advance(60_000)
    expect(await mailUnsentContactMessages(t.ctx)).toBe(2)
    expect(sent.map((mail) => mail.subject)).toEqual([
      '[Contact] Foundation: message from Marta Ruiz',
      '[Contact] Foundation: message from Jon Bell',
    ])
    expect(sent[0]!.text).toContain(`Message #${first.id}, received`)
    expect((await stored(second.id)).mailed_at).toBe(t.clock.now)
    expect(await mailUnsentContactMessages(t.ctx)).toBe(0)
    expect(sent).toHaveLength(2)
  })

  it('leaves a message another instance is mailing to it, until its claim is 10 minutes old', async () => {
    const { id } = await receiveContactMessage(t.ctx, contactMessageSchema.parse(message()))
    sent.length = 0
    // Another instance took it a moment ago and is still mailing it.
    await t.ctx.db
      .updateTable('contact_messages')
      .set({ mailed_at: null, claimed_at: t.clock.now })
      .where('id', '=', id)
      .execute()
    expect(await mailUnsentContactMessages(t.ctx)).toBe(0)
    t.clock.advance(CONTACT_CLAIM_MS + 1)
    expect(await mailUnsentContactMessages(t.ctx)).toBe(1)
    expect(sent).toHaveLength(1)
  })
})
