// A departed staff member is deactivated, not deleted: every session of theirs ends at once, their
// login is refused with a message that says why (only once the password is right), the
// invitations they sent and nobody used are withdrawn, and the audit log goes on naming them. The
// owner reactivates them; nobody deactivates themselves, and the shop keeps an active owner, even
// when two owners deactivate each other at the same moment. A waiting invitation can be withdrawn.
import { createHash } from 'node:crypto'
import {
  adminEndpoints,
  INVITATION_INVALID_MESSAGE,
  STAFF_DEACTIVATED_MESSAGE,
  type StaffRole,
} from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { failingWritesPerTest } from '../../tests/failing-write.ts'
import { type TestApp, testDialect } from '../../tests/test-app.ts'
import { STAFF_WRONG_CREDENTIALS } from './auth-routes.ts'
import { LAST_OWNER_MESSAGE, NO_WAITING_INVITATION_MESSAGE, SELF_DEACTIVATION_MESSAGE } from './staff.ts'
import { STAFF_COOKIE, STAFF_SESSION_MS } from './staff-sessions.ts'
import {
  callEndpoint,
  createAdminTestApp,
  demoStaff,
  invitationKeyFor,
  staffCookie,
  staffLogin,
} from './testing.ts'

let t: TestApp
let cookies: Record<StaffRole, string>

beforeAll(async () => {
  ;({ t, cookies } = await createAdminTestApp())
})
afterAll(async () => t?.close())

const writes = failingWritesPerTest(() => t.ctx.db)

const setStatus = (cookie: string, id: number, deactivated: boolean) =>
  callEndpoint(t.app, adminEndpoints.setStaffStatus, { cookie, params: { id }, body: { deactivated } })
const changeRole = (cookie: string, id: number, role: StaffRole) =>
  callEndpoint(t.app, adminEndpoints.changeRole, { cookie, body: { role }, params: { id } })
const invite = (cookie: string, email: string, role: StaffRole) =>
  callEndpoint(t.app, adminEndpoints.invite, { cookie, body: { email, role } })
const accept = (key: string, name: string) =>
  callEndpoint(t.app, adminEndpoints.acceptInvitation, {
    body: { key, name, password: 'a long enough password' },
  })
const waiting = async () =>
  (await callEndpoint(t.app, adminEndpoints.invitations, { cookie: cookies.owner })).json().items as {
    email: string
    role: StaffRole
    invitedBy: string | null
  }[]
const meStatus = async (cookie: string) =>
  (await callEndpoint(t.app, adminEndpoints.me, { cookie })).statusCode
const idOf = async (cookie: string): Promise<number> =>
  (await callEndpoint(t.app, adminEndpoints.me, { cookie })).json().staff.id
const auditOf = async (action: string) =>
  (
    await callEndpoint(t.app, adminEndpoints.audit, { cookie: cookies.owner, query: `action=${action}` })
  ).json().items
const activeOwners = () =>
  t.ctx.db
    .selectFrom('staff_users')
    .select('id')
    .where('role', '=', 'owner')
    .where('deactivated_at', 'is', null)
    .execute()
const unique = (name: string) => `${name}.${Math.random().toString(36).slice(2, 10)}@example.com`

describe(`deactivating a staff member, on ${testDialect}`, () => {
  const manager = demoStaff('manager')
  let id: number
  let sessions: string[]

  beforeAll(async () => {
    id = await idOf(cookies.manager)
    sessions = [cookies.manager, await staffCookie(t.app, manager.email, manager.password)]
  })

  it('is refused to any role but the owner', async () => {
    expect((await setStatus(cookies.manager, id, true)).statusCode).toBe(403)
    expect((await setStatus(cookies.fulfilment, id, true)).statusCode).toBe(403)
  })

  it('keeps the member active and every session open when a part of it fails', async () => {
    await writes.fail({
      name: 'fail_deactivate_audit',
      table: 'admin_audit',
      on: 'insert',
      when: `new.action = 'staff.deactivate'`,
    })
    expect((await setStatus(cookies.owner, id, true)).statusCode).toBe(500)
    for (const cookie of sessions) expect(await meStatus(cookie)).toBe(200)
  })

  it('ends all their sessions at once and is written to the audit log', async () => {
    // What they did before stays in the log under their id.
    const own = await invite(cookies.owner, unique('before'), 'editor')
    expect(own.statusCode).toBe(201)
    const res = await setStatus(cookies.owner, id, true)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ id, email: manager.email, activeSessions: 0 })
    expect(res.json().deactivatedAt).toBe(new Date(t.clock.now).toISOString())
    for (const cookie of sessions) expect(await meStatus(cookie)).toBe(401)
    const [entry] = await auditOf('staff.deactivate')
    expect(entry).toMatchObject({
      staffEmail: demoStaff('owner').email,
      entity: 'staff',
      entityId: String(id),
      before: { email: manager.email, deactivatedAt: null },
      after: { email: manager.email, sessionsEnded: 2, invitationsWithdrawn: 0 },
    })
  })

  it('opens nothing with a session a login opened as the deactivation committed', async () => {
    // The login read the account just before: its session is written after the sessions ended.
    const key = 'a-login-that-raced-the-deactivation'
    await t.ctx.db
      .insertInto('staff_sessions')
      .values({
        id: createHash('sha256').update(key).digest('hex'),
        staff_id: id,
        created_at: t.clock.now,
        expires_at: t.clock.now + STAFF_SESSION_MS,
        revoked_at: null,
      })
      .execute()
    expect(await meStatus(`${STAFF_COOKIE}=${key}`)).toBe(401)
  })

  it('keeps them on the staff list, marked, and deactivating them again changes nothing', async () => {
    const list = (await callEndpoint(t.app, adminEndpoints.listStaff, { cookie: cookies.owner })).json()
    const row = list.items.find((staff: { id: number }) => staff.id === id)
    expect(row).toMatchObject({ name: 'Marco Manager', deactivatedAt: expect.any(String) })
    expect((await setStatus(cookies.owner, id, true)).statusCode).toBe(200)
    expect(await auditOf('staff.deactivate')).toHaveLength(1)
  })

  it('refuses their login with a message that says so, once the password is right', async () => {
    const refused = await staffLogin(t.app, manager.email, manager.password)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(STAFF_DEACTIVATED_MESSAGE)
    expect(refused.headers['set-cookie']).toBeUndefined()
    const wrong = await staffLogin(t.app, manager.email, 'not the manager password')
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json().message).toBe(STAFF_WRONG_CREDENTIALS)
  })

  it('refuses an invitation to their address, saying to reactivate them', async () => {
    const res = await invite(cookies.owner, manager.email, 'manager')
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(
      'This address belongs to a deactivated staff member: reactivate them instead.',
    )
  })

  it('reactivates them: they log in again, with their role', async () => {
    const res = await setStatus(cookies.owner, id, false)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ deactivatedAt: null, role: 'manager', activeSessions: 0 })
    const [entry] = await auditOf('staff.reactivate')
    // The session opened as the deactivation committed does not come back to life.
    expect(entry).toMatchObject({ entityId: String(id), after: { deactivatedAt: null, sessionsEnded: 1 } })
    cookies.manager = await staffCookie(t.app, manager.email, manager.password)
    expect(await meStatus(cookies.manager)).toBe(200)
  })

  it('refuses an unknown member (404)', async () => {
    expect((await setStatus(cookies.owner, 999_999, true)).statusCode).toBe(404)
  })
})

describe(`withdrawing invitations, on ${testDialect}`, () => {
  it('lists the waiting invitations and withdraws one: its link opens nothing, and it is audited', async () => {
    const email = unique('withdrawn')
    expect((await invite(cookies.owner, email, 'editor')).statusCode).toBe(201)
    const key = invitationKeyFor(t.ctx.config.dataDir, email)
    expect((await waiting()).filter((invitation) => invitation.email === email)).toEqual([
      {
        email,
        role: 'editor',
        invitedBy: demoStaff('owner').email,
        createdAt: new Date(t.clock.now).toISOString(),
        expiresAt: expect.any(String),
      },
    ])

    const withdraw = () =>
      callEndpoint(t.app, adminEndpoints.withdrawInvitation, { cookie: cookies.owner, params: { email } })
    const res = await withdraw()
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ withdrawn: 1 })
    expect((await waiting()).map((invitation) => invitation.email)).not.toContain(email)
    const joined = await accept(key, 'Too Late')
    expect(joined.statusCode).toBe(400)
    expect(joined.json().message).toBe(INVITATION_INVALID_MESSAGE)
    expect(await auditOf('staff.invite.withdraw')).toMatchObject([
      { entity: 'invitation', entityId: email, before: { waiting: 1 }, after: { waiting: 0 } },
    ])

    const again = await withdraw()
    expect(again.statusCode).toBe(404)
    expect(again.json().message).toBe(NO_WAITING_INVITATION_MESSAGE)
  })

  it('replaces an older invitation to the address: its link, with its role, opens nothing', async () => {
    const email = unique('reinvited')
    expect((await invite(cookies.owner, email, 'owner')).statusCode).toBe(201)
    const older = invitationKeyFor(t.ctx.config.dataDir, email)
    t.clock.advance(1000)
    expect((await invite(cookies.owner, email, 'fulfilment')).statusCode).toBe(201)
    const newer = invitationKeyFor(t.ctx.config.dataDir, email)
    expect(newer).not.toBe(older)
    expect((await waiting()).filter((invitation) => invitation.email === email)).toMatchObject([
      { email, role: 'fulfilment' },
    ])
    expect((await auditOf('staff.invite'))[0]).toMatchObject({
      entityId: email,
      before: { waiting: 1 },
      after: { role: 'fulfilment' },
    })
    const withOlder = await accept(older, 'Older Link')
    expect(withOlder.statusCode).toBe(400)
    expect(withOlder.json().message).toBe(INVITATION_INVALID_MESSAGE)
    const joined = await accept(newer, 'Newer Link')
    expect(joined.statusCode, joined.body).toBe(201)
    expect(joined.json().staff).toMatchObject({ email, role: 'fulfilment' })
    expect((await waiting()).map((invitation) => invitation.email)).not.toContain(email)
  })

  it('deactivating a member withdraws the invitations they sent and nobody used', async () => {
    const editor = await idOf(cookies.editor)
    expect((await changeRole(cookies.owner, editor, 'owner')).statusCode).toBe(200)
    const used = unique('used')
    const open = unique('open')
    expect((await invite(cookies.editor, used, 'editor')).statusCode).toBe(201)
    expect((await invite(cookies.editor, open, 'fulfilment')).statusCode).toBe(201)
    expect((await accept(invitationKeyFor(t.ctx.config.dataDir, used), 'Used Link')).statusCode).toBe(201)
    expect((await waiting()).map((invitation) => invitation.email)).toContain(open)

    const res = await setStatus(cookies.owner, editor, true)
    expect(res.statusCode, res.body).toBe(200)
    expect((await auditOf('staff.deactivate'))[0].after).toMatchObject({ invitationsWithdrawn: 1 })
    expect((await waiting()).map((invitation) => invitation.email)).not.toContain(open)
    const joined = await accept(invitationKeyFor(t.ctx.config.dataDir, open), 'Open Link')
    expect(joined.statusCode).toBe(400)
    expect(joined.json().message).toBe(INVITATION_INVALID_MESSAGE)
  })
})

describe(`nobody deactivates themselves, and the shop keeps an active owner, on ${testDialect}`, () => {
  it('refuses an owner deactivating their own account', async () => {
    const res = await setStatus(cookies.owner, await idOf(cookies.owner), true)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(SELF_DEACTIVATION_MESSAGE)
    expect(await meStatus(cookies.owner)).toBe(200)
  })

  it('two owners deactivating each other at once leave one of them an active owner', async () => {
    const owner = await idOf(cookies.owner)
    const fulfilment = await idOf(cookies.fulfilment)
    expect((await changeRole(cookies.owner, fulfilment, 'owner')).statusCode).toBe(200)
    const answers = await Promise.all([
      setStatus(cookies.owner, fulfilment, true),
      setStatus(cookies.fulfilment, owner, true),
    ])
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400])
    expect(answers.find((res) => res.statusCode === 400)!.json().message).toBe(LAST_OWNER_MESSAGE)
    expect(await activeOwners()).toHaveLength(1)
  })

  it('a deactivated owner does not count: the last active owner keeps their role', async () => {
    // One of the two owners above is deactivated (its session ended); the other is the last active one.
    const cookie = (await meStatus(cookies.owner)) === 200 ? cookies.owner : cookies.fulfilment
    const last = await idOf(cookie)
    expect(await activeOwners()).toEqual([{ id: last }])
    const res = await changeRole(cookie, last, 'manager')
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(LAST_OWNER_MESSAGE)
    expect(await activeOwners()).toEqual([{ id: last }])
  })
})
