import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import type { Mailer, MailMessage } from '../mail/mailer.ts'
import { notifyLaunch } from './signups.ts'

/** A mailer that keeps what it is given and can be told to fail for one address. */
function recordingMailer() {
  const sent: MailMessage[] = []
  const failFor = new Set<string>()
  const mailer: Mailer = {
    async send(message) {
      if (failFor.has(message.to)) throw new Error('SMTP said no')
      sent.push(message)
    },
    close() {},
  }
  return { mailer, sent, failFor }
}

describe(`launch signups on ${testDialect}`, () => {
  let t: TestApp
  const mail = recordingMailer()
  beforeAll(async () => {
    t = await createTestApp({ seed: false, mailer: mail.mailer })
  })
  afterAll(() => t.close())

  const subscribe = (email: unknown) =>
    t.app.inject({ method: 'POST', url: '/wp-json/wp/v2/launch/subscribe', payload: { email } })

  it('keeps a new address and says so', async () => {
    const res = await subscribe('first@example.com')
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ data: { email: 'first@example.com', created: true } })
  })

  it('keeps an address once, whatever its spelling', async () => {
    const res = await subscribe('  FIRST@Example.com ')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ data: { email: 'first@example.com', created: false } })
    const rows = await t.ctx.db.selectFrom('launch_signups').selectAll().execute()
    expect(rows.map((r) => r.email)).toEqual(['first@example.com'])
  })

  it('refuses what is not an address with a clear message', async () => {
    const res = await subscribe('not-an-address')
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain('Please enter a valid e-mail address.')
  })

  it('mails everyone signed up once, and nobody twice on a second run', async () => {
    await subscribe('second@example.com')
    await subscribe('third@example.com')
    const progress: string[] = []
    const first = await notifyLaunch(t.ctx, {
      start: (total) => progress.push(`start ${total}`),
      done: (email, outcome) => progress.push(`${outcome} ${email}`),
    })
    expect(first).toEqual({ sent: 3, failed: 0 })
    expect(progress).toEqual([
      'start 3',
      'sent first@example.com',
      'sent second@example.com',
      'sent third@example.com',
    ])
    expect(mail.sent.map((m) => m.to)).toEqual([
      'first@example.com',
      'second@example.com',
      'third@example.com',
    ])
    expect(mail.sent[0]!.subject).toBe('The shop is open')
    expect(mail.sent[0]!.text).toContain(`${t.ctx.config.publicUrl}/shop`)

    expect(await notifyLaunch(t.ctx)).toEqual({ sent: 0, failed: 0 })
    expect(mail.sent).toHaveLength(3)
  })

  it('never mails an address twice when two runs overlap', async () => {
    for (let i = 0; i < 10; i++) await subscribe(`overlap${i}@example.com`)
    const before = mail.sent.length
    const [a, b] = await Promise.all([notifyLaunch(t.ctx), notifyLaunch(t.ctx)])
    expect(a.sent + b.sent).toBe(10)
    const recipients = mail.sent.slice(before).map((m) => m.to)
    expect(new Set(recipients).size).toBe(10)
    expect(recipients).toHaveLength(10)
  })

  it('keeps an address whose e-mail failed for the next run', async () => {
    await subscribe('bounce@example.com')
    mail.failFor.add('bounce@example.com')
    expect(await notifyLaunch(t.ctx)).toEqual({ sent: 0, failed: 1 })
    mail.failFor.clear()
    expect(await notifyLaunch(t.ctx)).toEqual({ sent: 1, failed: 0 })
    expect(mail.sent.filter((m) => m.to === 'bounce@example.com')).toHaveLength(1)
  })

  it('keeps at most 20 sign-ups an hour from one client, so no script fills the launch e-mail’s list', async () => {
    const from = (ip: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wp-json/wp/v2/launch/subscribe',
        payload: { email },
        remoteAddress: ip,
      })
    for (let i = 0; i < 20; i++)
      expect((await from('203.0.113.7', `fan${i}@example.com`)).statusCode).toBe(201)
    const refused = await from('203.0.113.7', 'one-more@example.com')
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe('3600')
    expect(refused.json()).toEqual({
      statusCode: 429,
      message: 'Too many sign-ups from your connection: please try again in 60 minutes.',
    })
    const rows = await t.ctx.db
      .selectFrom('launch_signups')
      .select('email')
      .where('email', '=', 'one-more@example.com')
      .execute()
    expect(rows).toEqual([])
    expect((await from('203.0.113.8', 'one-more@example.com')).statusCode).toBe(201)
  })
})
