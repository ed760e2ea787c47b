import { adminEndpoints } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, testDialect } from '../../tests/test-app.ts'
import type { MailMessage } from '../mail/mailer.ts'
import { INVITATION_MAIL_FAILED_MESSAGE, inviteStaff } from './staff.ts'
import { callEndpoint, createAdminTestApp } from './testing.ts'

describe(`a staff invitation whose e-mail cannot be sent, on ${testDialect}`, () => {
  let t: TestApp
  let owner: string
  let smtpDown = true
  const sent: MailMessage[] = []

  beforeAll(async () => {
    let cookies: Record<string, string>
    ;({ t, cookies } = await createAdminTestApp({
      mailer: {
        async send(message) {
          if (smtpDown)
            throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET' })
          sent.push(message)
        },
        close() {},
      },
    }))
    owner = cookies.owner!
  })
  afterAll(() => t?.close())

  const invite = () =>
    callEndpoint(t.app, adminEndpoints.invite, {
      cookie: owner,
      body: { email: 'new.editor@example.com', role: 'editor' },
    })

  it('answers 503 saying nobody was invited, and writes no invitation and no audit entry', async () => {
    const res = await invite()
    expect(res.json()).toEqual({ statusCode: 503, message: INVITATION_MAIL_FAILED_MESSAGE })
    const invitations = await t.ctx.db.selectFrom('staff_invitations').select('email').execute()
    expect(invitations).toEqual([])
    const audit = await callEndpoint(t.app, adminEndpoints.audit, {
      cookie: owner,
      query: 'action=staff.invite',
    })
    expect(audit.json().items).toEqual([])
  })

  it('invites once the mail goes out again, with the link that was mailed', async () => {
    smtpDown = false
    const res = await invite()
    expect(res.statusCode, res.body).toBe(201)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.text).toMatch(/\/admin\/accept-invite\?key=[A-Za-z0-9_-]+/)
    const audit = await callEndpoint(t.app, adminEndpoints.audit, {
      cookie: owner,
      query: 'action=staff.invite',
    })
    expect(audit.json().items).toHaveLength(1)
  })

  it("the first owner's command invites whether or not the mail goes out, as it prints the link", async () => {
    smtpDown = true
    const cli = { id: null, email: 'create-owner (CLI)' }
    const made = await inviteStaff(t.ctx, cli, 'first.owner@example.com', 'owner', { mailRequired: false })
    expect(made.mailed).toBe(false)
    expect(made.link).toMatch(/\/admin\/accept-invite\?key=[A-Za-z0-9_-]+/)
    const invitations = await t.ctx.db
      .selectFrom('staff_invitations')
      .select('email')
      .where('email', '=', 'first.owner@example.com')
      .execute()
    expect(invitations).toHaveLength(1)
  })
})
