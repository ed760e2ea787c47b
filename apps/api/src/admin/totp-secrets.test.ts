import { adminEndpoints } from '@fanshop/core'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createTestInstance, type TestApp } from '../../tests/test-app.ts'
import { DEMO_STAFF } from '../demo/staff.ts'
import { STAFF_TOTP_UNREADABLE } from './auth-routes.ts'
import { callEndpoint, staffCookie, staffLogin } from './testing.ts'
import { openTotpSecret } from './totp-secrets.ts'

let t: TestApp
const editor = DEMO_STAFF.find((s) => s.role === 'editor')!

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => t?.close())

const stored = () =>
  t.ctx.db
    .selectFrom('staff_users')
    .select(['totp_secret', 'totp_pending_secret'])
    .where('email', '=', editor.email)
    .executeTakeFirstOrThrow()

const setColumn = (values: { totp_secret?: string; totp_pending_secret?: string | null }) =>
  t.ctx.db.updateTable('staff_users').set(values).where('email', '=', editor.email).execute()

describe('staff TOTP secrets at rest', () => {
  let totp: TOTP
  let plain: string

  it('never stores the secret in plain text, pending or confirmed', async () => {
    const cookie = await staffCookie(t.app, editor.email, editor.password)
    const setup = await callEndpoint(t.app, adminEndpoints.startTotp, { cookie })
    expect(setup.statusCode, setup.body).toBe(200)
    plain = setup.json().secret
    totp = new TOTP({ secret: Secret.fromBase32(plain) })
    const pending = (await stored()).totp_pending_secret!
    expect(pending).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/)
    expect(pending).not.toContain(plain)

    const confirmed = await callEndpoint(t.app, adminEndpoints.confirmTotp, {
      cookie,
      body: { code: totp.generate({ timestamp: t.clock.now }) },
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    const row = await stored()
    expect(row.totp_pending_secret).toBeNull()
    expect(row.totp_secret).toMatch(/^v1:/)
    expect(row.totp_secret).not.toContain(plain)
    expect(await openTotpSecret(t.ctx, row.totp_secret!)).toBe(plain)
  })

  it('still signs in with the code', async () => {
    t.clock.advance(30_000)
    const res = await staffLogin(
      t.app,
      editor.email,
      editor.password,
      totp.generate({ timestamp: t.clock.now }),
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().status).toBe('signed_in')
  })

  it('refuses a login with 403 and a message when the stored value was tampered with', async () => {
    const sealed = (await stored()).totp_secret!
    const [version, iv, tag, ciphertext] = sealed.split(':') as [string, string, string, string]
    const flipped = Buffer.from(ciphertext, 'base64url')
    flipped[0]! ^= 1
    for (const tampered of [
      [version, iv, tag, flipped.toString('base64url')].join(':'),
      [version, iv, Buffer.alloc(16).toString('base64url'), ciphertext].join(':'),
      'v1:garbage',
    ]) {
      await setColumn({ totp_secret: tampered })
      t.clock.advance(30_000)
      const res = await staffLogin(
        t.app,
        editor.email,
        editor.password,
        totp.generate({ timestamp: t.clock.now }),
        '198.51.100.77',
      )
      expect(res.json()).toEqual({ statusCode: 403, message: STAFF_TOTP_UNREADABLE })
    }
    await setColumn({ totp_secret: sealed })
  })

  it('seals secrets stored in plain text when an instance starts, and they keep working', async () => {
    await setColumn({ totp_secret: plain, totp_pending_secret: plain })
    const second = await createTestInstance(t)
    try {
      const row = await stored()
      expect(row.totp_secret).toMatch(/^v1:/)
      expect(row.totp_pending_secret).toMatch(/^v1:/)
      expect(await openTotpSecret(t.ctx, row.totp_secret!)).toBe(plain)
      second.clock.now = t.clock.now + 60_000
      const res = await staffLogin(
        second.app,
        editor.email,
        editor.password,
        totp.generate({ timestamp: second.clock.now }),
        '198.51.100.78',
      )
      expect(res.json().status).toBe('signed_in')
    } finally {
      await second.close()
    }
  })
})
