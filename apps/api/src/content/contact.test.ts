import fs from 'node:fs'
import net, { type AddressInfo } from 'node:net'
import path from 'node:path'
import { CONTACT_MESSAGES_PER_HOUR, CONTACT_SUCCESS_TEXT } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { SMTP_WAIT_MS } from '../mail/mailer.ts'
import { IP_CONTACT_MESSAGES } from './contact.ts'

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
