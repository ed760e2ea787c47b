// What secures a staff account, or narrows it, ends its other sessions in the same change: a
// session stolen before the member turned on or replaced their authenticator app, or before the
// owner lowered their role, opens nothing afterwards, while the session that made the change (when
// the member made it) goes on. When any part of the change fails (here the last write, its audit
// entry, refused by a trigger standing for a write that fails), nothing of it is kept: the old
// second factor or role and every session stay, and trying again does all of it.
import { adminEndpoints, type StaffRole } from '@fanshop/core'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { failingWritesPerTest } from '../../tests/failing-write.ts'
import { type TestApp, testDialect } from '../../tests/test-app.ts'
import { callEndpoint, createAdminTestApp, demoStaff, staffCookie } from './testing.ts'

let t: TestApp
let cookies: Record<StaffRole, string>

beforeAll(async () => {
  ;({ t, cookies } = await createAdminTestApp())
})
afterAll(async () => t?.close())

const writes = failingWritesPerTest(() => t.ctx.db)

/** Makes the audit entry of `action`, the last write of its change, fail. */
async function failAudit(action: string) {
  await writes.fail({
    name: 'fail_staff_audit',
    table: 'admin_audit',
    on: 'insert',
    when: `new.action = '${action}'`,
  })
}

/** A guarded call: 200 while the session is open, 401 once it has ended. */
const meStatus = async (cookie: string) =>
  (await callEndpoint(t.app, adminEndpoints.me, { cookie })).statusCode

const storedTotp = async (email: string) =>
  (
    await t.ctx.db
      .selectFrom('staff_users')
      .select('totp_secret')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).totp_secret

const startTotp = async (cookie: string) => {
  const res = await callEndpoint(t.app, adminEndpoints.startTotp, { cookie })
  expect(res.statusCode, res.body).toBe(200)
  return new TOTP({ secret: Secret.fromBase32(res.json().secret) })
}
const confirmTotp = (cookie: string, body: { code: string; currentCode?: string }) =>
  callEndpoint(t.app, adminEndpoints.confirmTotp, { cookie, body })

const changeRole = (cookie: string, id: number, role: StaffRole) =>
  callEndpoint(t.app, adminEndpoints.changeRole, { cookie, body: { role }, params: { id } })

const idOf = async (cookie: string): Promise<number> =>
  (await callEndpoint(t.app, adminEndpoints.me, { cookie })).json().staff.id

describe(`a staff member's second factor and the sessions it ends, on ${testDialect}`, () => {
  const editor = demoStaff('editor')
  let changer: string
  let current: TOTP

  it('turning it on ends the other sessions and keeps this one; a failure keeps it off and every session', async () => {
    changer = cookies.editor
    const other = await staffCookie(t.app, editor.email, editor.password)
    const totp = await startTotp(changer)
    const code = totp.generate({ timestamp: t.clock.now })

    await failAudit('staff.totp')
    expect((await confirmTotp(changer, { code })).statusCode).toBe(500)
    expect(await storedTotp(editor.email)).toBeNull()
    expect(await meStatus(other)).toBe(200)
    expect(await meStatus(changer)).toBe(200)

    await writes.letThrough()
    const confirmed = await confirmTotp(changer, { code })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json().staff).toMatchObject({ totpEnabled: true, activeSessions: 1 })
    expect(await meStatus(other)).toBe(401)
    expect(await meStatus(changer)).toBe(200)
    current = totp
  })

  it('replacing it ends the other sessions and keeps this one; a failure keeps the old one and every session', async () => {
    t.clock.advance(30_000)
    const other = await staffCookie(
      t.app,
      editor.email,
      editor.password,
      current.generate({ timestamp: t.clock.now }),
    )
    const before = await storedTotp(editor.email)
    const replacement = await startTotp(changer)

    await failAudit('staff.totp')
    t.clock.advance(30_000)
    const failed = await confirmTotp(changer, {
      code: replacement.generate({ timestamp: t.clock.now }),
      currentCode: current.generate({ timestamp: t.clock.now }),
    })
    expect(failed.statusCode).toBe(500)
    expect(await storedTotp(editor.email)).toBe(before)
    expect(await meStatus(other)).toBe(200)
    expect(await meStatus(changer)).toBe(200)

    await writes.letThrough()
    t.clock.advance(30_000)
    const replaced = await confirmTotp(changer, {
      code: replacement.generate({ timestamp: t.clock.now }),
      currentCode: current.generate({ timestamp: t.clock.now }),
    })
    expect(replaced.statusCode, replaced.body).toBe(200)
    expect(replaced.json().staff.activeSessions).toBe(1)
    expect(await meStatus(other)).toBe(401)
    expect(await meStatus(changer)).toBe(200)
  })
})

describe(`a lowered role and the sessions it ends, on ${testDialect}`, () => {
  it('the owner lowering a member ends all of their sessions; a failure keeps the role and every session', async () => {
    const manager = demoStaff('manager')
    const sessions = [cookies.manager, await staffCookie(t.app, manager.email, manager.password)]
    const id = await idOf(cookies.manager)

    await failAudit('staff.role')
    expect((await changeRole(cookies.owner, id, 'fulfilment')).statusCode).toBe(500)
    for (const cookie of sessions) {
      const me = await callEndpoint(t.app, adminEndpoints.me, { cookie })
      expect(me.statusCode).toBe(200)
      expect(me.json().staff.role).toBe('manager')
    }

    await writes.letThrough()
    const lowered = await changeRole(cookies.owner, id, 'fulfilment')
    expect(lowered.statusCode, lowered.body).toBe(200)
    expect(lowered.json()).toMatchObject({ role: 'fulfilment', activeSessions: 0 })
    for (const cookie of sessions) expect(await meStatus(cookie)).toBe(401)
    expect(await meStatus(cookies.owner)).toBe(200)
  })

  it('a role that takes nothing away keeps the sessions', async () => {
    const id = await idOf(cookies.fulfilment)
    const raised = await changeRole(cookies.owner, id, 'owner')
    expect(raised.statusCode, raised.body).toBe(200)
    expect(raised.json()).toMatchObject({ role: 'owner', activeSessions: 1 })
    expect(await meStatus(cookies.fulfilment)).toBe(200)
  })

  it('an owner lowering their own role ends their other sessions and keeps this one', async () => {
    // The demo fulfilment member is an owner now (the test above): one of two.
    const member = demoStaff('fulfilment')
    const other = await staffCookie(t.app, member.email, member.password)
    const id = await idOf(cookies.fulfilment)
    const lowered = await changeRole(cookies.fulfilment, id, 'manager')
    expect(lowered.statusCode, lowered.body).toBe(200)
    expect(lowered.json()).toMatchObject({ role: 'manager', activeSessions: 1 })
    expect(await meStatus(other)).toBe(401)
    const me = await callEndpoint(t.app, adminEndpoints.me, { cookie: cookies.fulfilment })
    expect(me.json().staff.role).toBe('manager')
  })
})
