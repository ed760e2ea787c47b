import {
  type AdminEndpoint,
  accessCodeEndpoints,
  adminCatalogEndpoints,
  adminEndpoints,
  adminLaunchEndpoints,
  adminOrderEndpoints,
  adminSizeGuideEndpoints,
  adminStockEndpoints,
  couponEndpoints,
  customerEndpoints,
  endpointPath,
  INVITATION_INVALID_MESSAGE,
  roleCan,
  STAFF_PASSWORD_MAX,
  STAFF_ROLES,
  type StaffRole,
} from '@fanshop/core'
import { hash as argon2Hash } from '@node-rs/argon2'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login as customerLogin } from '../../tests/accounts.ts'
import type { TestApp } from '../../tests/test-app.ts'
import { ADDRESS_FAILURES } from '../accounts/auth-routes.ts'
import { DEMO_CUSTOMER } from '../demo/accounts.ts'
import {
  STAFF_CURRENT_CODE_REQUIRED,
  STAFF_WRONG_CODE,
  STAFF_WRONG_CREDENTIALS,
  STAFF_WRONG_CURRENT_CODE,
} from './auth-routes.ts'
import {
  callEndpoint,
  createAdminTestApp,
  demoStaff,
  invitationKeyFor,
  sessionCookieOf,
  staffCookie,
  staffLogin,
} from './testing.ts'

let t: TestApp
let cookies: Record<StaffRole, string>

beforeAll(async () => {
  // The tests read the audit log and the dashboard by UTC day, and the clock moves forward as they
  // go: it starts at midday, so that a run just before midnight does not split their day in two.
  ;({ t, cookies } = await createAdminTestApp({}, (app) => {
    app.clock.now = new Date(app.clock.now).setUTCHours(12, 0, 0, 0)
  }))
})
afterAll(async () => t?.close())

const call = (
  endpoint: AdminEndpoint,
  cookie?: string,
  body?: unknown,
  params: Record<string, string | number> = {},
) => callEndpoint(t.app, endpoint, { cookie, body, params })

const readAudit = (query: string) =>
  callEndpoint(t.app, adminEndpoints.audit, { cookie: cookies.owner, query })

async function auditOf(action: string) {
  const res = await readAudit(`action=${action}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().items as { staffEmail: string; entityId: string; before: unknown; after: unknown }[]
}

/**
 * Path params that name nothing: a staff member, product, customer or coupon id, an order number,
 * an invited address.
 */
const UNKNOWN_PARAMS = {
  id: 999_999,
  mediaId: 999_999,
  number: 'R999999999',
  email: 'nobody.invited@example.com',
}

/** Every back office endpoint table: the staff's own and each domain's. */
const allAdminEndpoints: Record<string, AdminEndpoint> = {
  ...adminEndpoints,
  ...adminCatalogEndpoints,
  ...customerEndpoints,
  ...couponEndpoints,
  ...adminLaunchEndpoints,
  ...accessCodeEndpoints,
  ...adminOrderEndpoints,
  ...adminStockEndpoints,
  ...adminSizeGuideEndpoints,
}

describe('every admin endpoint checks who calls it', () => {
  const guarded = Object.entries(allAdminEndpoints).filter(([, e]) => e.permission !== 'public')

  it.each(guarded)(
    '%s answers 401 without a staff session and to a customer token',
    async (_name, endpoint) => {
      const anonymous = await call(endpoint, undefined, undefined, UNKNOWN_PARAMS)
      expect(anonymous.statusCode).toBe(401)
      expect(anonymous.headers['cache-control']).toBe('private, no-store')
      const token = (await customerLogin(t.app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).json().data
        .token
      const res = await t.app.inject({
        method: endpoint.method,
        url: endpointPath(endpoint, UNKNOWN_PARAMS),
        headers: { authorization: `Bearer ${token}` },
      })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ statusCode: 401, message: expect.any(String) })
    },
  )

  const table = guarded.flatMap(([name, endpoint]: [string, AdminEndpoint]) =>
    STAFF_ROLES.map((role) => ({
      name,
      endpoint,
      role,
      allowed:
        endpoint.permission === null ||
        (endpoint.permission !== 'public' && roleCan(role, endpoint.permission)),
    })),
  )
  it.each(table)('$name as $role: allowed $allowed', async ({ endpoint, role, allowed }) => {
    // Logging out ends the session, so it gets one of its own.
    const cookie =
      endpoint === adminEndpoints.logout
        ? await staffCookie(t.app, demoStaff(role).email, demoStaff(role).password)
        : cookies[role]
    // The check comes before the body is read, so an empty body shows the permission alone.
    const res = await call(endpoint, cookie, endpoint.body ? {} : undefined, UNKNOWN_PARAMS)
    if (allowed) expect([401, 403]).not.toContain(res.statusCode)
    else expect(res.json()).toEqual({ statusCode: 403, message: 'Your role does not allow this.' })
    // Read with a cookie, not an Authorization header: a shared cache would keep it for anyone.
    expect(res.headers['cache-control']).toBe('private, no-store')
  })
})

describe('staff login', () => {
  it('sets an httpOnly, SameSite=Strict cookie for /admin and answers the role’s permissions', async () => {
    const res = await staffLogin(t.app, demoStaff('fulfilment').email, demoStaff('fulfilment').password)
    expect(res.statusCode).toBe(200)
    const header = String([res.headers['set-cookie']].flat()[0])
    expect(header).toMatch(/HttpOnly/)
    expect(header).toMatch(/SameSite=Strict/)
    expect(header).toMatch(/Path=\/admin/)
    expect(res.json().me.permissions).toEqual(['dashboard', 'orders.view', 'orders.fulfil'])
  })

  it('reads the session cookie among others, and clears it at logout', async () => {
    const cookie = await staffCookie(t.app, demoStaff('fulfilment').email, demoStaff('fulfilment').password)
    for (const header of [`theme=dark; ${cookie}`, `${cookie}; other=1`]) {
      const res = await call(adminEndpoints.me, header)
      expect(res.statusCode, header).toBe(200)
    }
    const cleared = await call(adminEndpoints.logout, cookie)
    expect(String([cleared.headers['set-cookie']].flat()[0])).toMatch(
      /^fanshop_admin=; Max-Age=0; Path=\/admin; HttpOnly; SameSite=Strict$/,
    )
  })

  it('refuses a wrong password, and a customer’s credentials, with 403', async () => {
    const wrong = await staffLogin(
      t.app,
      demoStaff('owner').email,
      'not the password',
      undefined,
      '198.51.100.20',
    )
    expect(wrong.json()).toEqual({ statusCode: 403, message: STAFF_WRONG_CREDENTIALS })
    const customer = await staffLogin(
      t.app,
      DEMO_CUSTOMER.email,
      DEMO_CUSTOMER.password,
      undefined,
      '198.51.100.20',
    )
    expect(customer.statusCode).toBe(403)
  })

  it('keeps a password hashed as typed (before normalising) working, and hashes it normalised', async () => {
    const { email } = demoStaff('fulfilment')
    const row = () =>
      t.ctx.db
        .selectFrom('staff_users')
        .select('password_hash')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    const { password_hash: original } = await row()
    const decomposed = 'cafe\u0301 ole\u0301 staff'
    const legacy = await argon2Hash(decomposed)
    await t.ctx.db
      .updateTable('staff_users')
      .set({ password_hash: legacy })
      .where('email', '=', email)
      .execute()
    try {
      expect((await staffLogin(t.app, email, decomposed)).statusCode).toBe(200)
      expect((await row()).password_hash).not.toBe(legacy)
      expect((await staffLogin(t.app, email, 'caf\u00e9 ol\u00e9 staff')).statusCode).toBe(200)
    } finally {
      await t.ctx.db
        .updateTable('staff_users')
        .set({ password_hash: original })
        .where('email', '=', email)
        .execute()
    }
  })

  it('locks an address out after 10 failures from one client', async () => {
    const ip = '198.51.100.21'
    for (let i = 0; i < 10; i++)
      await staffLogin(t.app, demoStaff('manager').email, 'wrong password!', undefined, ip)
    const locked = await staffLogin(
      t.app,
      demoStaff('manager').email,
      demoStaff('manager').password,
      undefined,
      ip,
    )
    expect(locked.statusCode).toBe(429)
  })

  it('pauses an address after 20 failures in 5 minutes from whatever clients, for 5 minutes', async () => {
    const { email, password } = demoStaff('fulfilment')
    for (let i = 0; i < ADDRESS_FAILURES.limit; i++) {
      expect((await staffLogin(t.app, email, `wrong ${i}`, undefined, `203.0.113.${i}`)).statusCode).toBe(403)
    }
    // A client that never failed, with the right password, waits too.
    const paused = await staffLogin(t.app, email, password, undefined, '198.51.100.99')
    expect(paused.statusCode).toBe(429)
    expect(paused.headers['retry-after']).toBe('300')
    t.clock.advance(ADDRESS_FAILURES.lockMs)
    expect((await staffLogin(t.app, email, password, undefined, '198.51.100.99')).statusCode).toBe(200)
  })

  it('answers 400 with a readable message to a malformed body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email: 'nope', password: 'x' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ statusCode: 400, message: expect.stringContaining('email') })
  })

  it('answers an over-long password in the shop’s own words', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email: demoStaff('editor').email, password: 'x'.repeat(STAFF_PASSWORD_MAX + 1) },
    })
    expect(res.json()).toEqual({
      statusCode: 400,
      message: `Invalid body parameter "password": must be at most ${STAFF_PASSWORD_MAX} characters`,
    })
  })

  it('refuses a change another site sends', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/staff/invitations',
      headers: { cookie: cookies.owner, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { email: 'x@example.com', role: 'editor' },
    })
    expect(res.statusCode).toBe(403)
  })

  it('logs out: the cookie opens nothing afterwards', async () => {
    const cookie = await staffCookie(t.app, demoStaff('editor').email, demoStaff('editor').password)
    expect((await call(adminEndpoints.logout, cookie)).statusCode).toBe(204)
    expect((await call(adminEndpoints.me, cookie)).statusCode).toBe(401)
  })
})

describe('invitations, TOTP and the audit log', () => {
  const email = 'new.manager@example.com'
  const password = 'a long manager password'
  let managerCookie: string
  /** The manager's authenticator app once the TOTP test below has replaced the first. */
  let authenticator: TOTP
  let managerId: number

  it('invites a manager by e-mail with a single-use link, written to the audit log', async () => {
    const res = await call(adminEndpoints.invite, cookies.owner, {
      email: 'New.Manager@Example.com',
      role: 'manager',
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ email, role: 'manager' })
    const [entry] = await auditOf('staff.invite')
    expect(entry).toMatchObject({
      staffEmail: demoStaff('owner').email,
      entityId: email,
      after: { email, role: 'manager' },
    })

    const key = invitationKeyFor(t.ctx.config.dataDir, email)
    const accepted = await call(adminEndpoints.acceptInvitation, undefined, { key, name: 'Nina', password })
    expect(accepted.statusCode, accepted.body).toBe(201)
    expect(accepted.json().staff).toMatchObject({ email, role: 'manager', name: 'Nina', totpEnabled: false })
    managerId = accepted.json().staff.id
    managerCookie = sessionCookieOf(accepted.headers['set-cookie'])
    expect((await call(adminEndpoints.me, managerCookie)).json().staff.email).toBe(email)

    const again = await call(adminEndpoints.acceptInvitation, undefined, { key, name: 'Nina', password })
    expect(again.json()).toEqual({ statusCode: 400, message: INVITATION_INVALID_MESSAGE })
    expect((await auditOf('staff.accept'))[0]).toMatchObject({
      staffEmail: email,
      after: { role: 'manager' },
    })
  })

  it('refuses an invitation for an address already on the staff (409), a weak password and an unknown key (400)', async () => {
    expect((await call(adminEndpoints.invite, cookies.owner, { email, role: 'editor' })).statusCode).toBe(409)
    expect(
      (await call(adminEndpoints.invite, cookies.owner, { email: 'x@example.com', role: 'king' })).statusCode,
    ).toBe(400)
    const short = await call(adminEndpoints.acceptInvitation, undefined, {
      key: 'k',
      name: 'N',
      password: 'short',
    })
    expect(short.statusCode).toBe(400)
    const unknown = await call(adminEndpoints.acceptInvitation, undefined, {
      key: 'nope',
      name: 'N',
      password,
    })
    expect(unknown.json()).toEqual({ statusCode: 400, message: INVITATION_INVALID_MESSAGE })
  })

  it('answers an over-long invitation key as the invalid link it is', async () => {
    const res = await call(adminEndpoints.acceptInvitation, undefined, {
      key: 'k'.repeat(201),
      name: 'Nina',
      password,
    })
    expect(res.json()).toEqual({
      statusCode: 400,
      message: `Invalid body parameter "key": ${INVITATION_INVALID_MESSAGE}`,
    })
  })

  it('turns on TOTP; then a login asks for the code, takes a right one once, and refuses a wrong one', async () => {
    const setup = await call(adminEndpoints.startTotp, managerCookie)
    expect(setup.statusCode).toBe(200)
    const totp = new TOTP({ secret: Secret.fromBase32(setup.json().secret) })
    expect(setup.json().uri).toMatch(/^otpauth:\/\/totp\//)
    expect((await call(adminEndpoints.confirmTotp, managerCookie, { code: '000000' })).statusCode).toBe(400)
    const confirmed = await call(adminEndpoints.confirmTotp, managerCookie, {
      code: totp.generate({ timestamp: t.clock.now }),
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json().staff.totpEnabled).toBe(true)
    expect((await auditOf('staff.totp'))[0]).toMatchObject({
      before: { totpEnabled: false },
      after: { totpEnabled: true },
    })

    const first = await staffLogin(t.app, email, password, undefined, '198.51.100.30')
    expect(first.json()).toEqual({ status: 'code_required' })
    expect(first.headers['set-cookie']).toBeUndefined()
    const wrong = await staffLogin(t.app, email, password, '123456', '198.51.100.30')
    expect(wrong.json()).toEqual({ statusCode: 403, message: STAFF_WRONG_CODE })

    t.clock.advance(30_000)
    const code = totp.generate({ timestamp: t.clock.now })
    const signedIn = await staffLogin(t.app, email, password, code, '198.51.100.30')
    expect(signedIn.json().status).toBe('signed_in')
    const replay = await staffLogin(t.app, email, password, code, '198.51.100.30')
    expect(replay.statusCode).toBe(403)

    // A session alone does not replace the authenticator: a code of the current one is asked too.
    const newSetup = await call(adminEndpoints.startTotp, managerCookie)
    expect(newSetup.statusCode).toBe(200)
    const replacement = new TOTP({ secret: Secret.fromBase32(newSetup.json().secret) })
    t.clock.advance(30_000)
    const newCode = replacement.generate({ timestamp: t.clock.now })
    const bare = await call(adminEndpoints.confirmTotp, managerCookie, { code: newCode })
    expect(bare.json()).toEqual({ statusCode: 400, message: STAFF_CURRENT_CODE_REQUIRED })
    const guessed = await call(adminEndpoints.confirmTotp, managerCookie, {
      code: newCode,
      currentCode: '000000',
    })
    expect(guessed.json()).toEqual({ statusCode: 403, message: STAFF_WRONG_CURRENT_CODE })
    const replaced = await call(adminEndpoints.confirmTotp, managerCookie, {
      code: newCode,
      currentCode: totp.generate({ timestamp: t.clock.now }),
    })
    expect(replaced.statusCode, replaced.body).toBe(200)
    expect((await auditOf('staff.totp'))[0]).toMatchObject({
      before: { totpEnabled: true },
      after: { totpEnabled: true },
    })
    t.clock.advance(30_000)
    const old = await staffLogin(
      t.app,
      email,
      password,
      totp.generate({ timestamp: t.clock.now }),
      '198.51.100.31',
    )
    expect(old.statusCode).toBe(403)
    const fresh = await staffLogin(
      t.app,
      email,
      password,
      replacement.generate({ timestamp: t.clock.now }),
      '198.51.100.31',
    )
    expect(fresh.json().status).toBe('signed_in')
    expect((await call(adminEndpoints.logout, sessionCookieOf(fresh.headers['set-cookie']))).statusCode).toBe(
      204,
    )
    authenticator = replacement
  })

  it('counts wrong login codes per account, whichever clients send them', async () => {
    // Someone who has the password guesses codes from ten clients, each far below its own limit.
    t.clock.advance(30_000)
    for (let i = 1; i <= 10; i++) {
      const wrong = await staffLogin(t.app, email, password, '000000', `203.0.113.${i}`)
      expect(wrong.json()).toEqual({ statusCode: 403, message: STAFF_WRONG_CODE })
    }
    const code = () => authenticator.generate({ timestamp: t.clock.now })
    const locked = await staffLogin(t.app, email, password, code(), '203.0.113.99')
    expect(locked.statusCode).toBe(429)
    t.clock.advance(15 * 60_000)
    const later = await staffLogin(t.app, email, password, code(), '203.0.113.99')
    expect(later.json().status).toBe('signed_in')
  })

  it('changes a role (before and after in the audit log) but never takes the last owner’s', async () => {
    const res = await call(
      adminEndpoints.changeRole,
      cookies.owner,
      { role: 'fulfilment' },
      { id: managerId },
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().role).toBe('fulfilment')
    expect((await auditOf('staff.role'))[0]).toMatchObject({
      entityId: String(managerId),
      before: { role: 'manager' },
      after: { role: 'fulfilment' },
    })
    // A role that takes anything away ends the member's sessions: they log in again under it.
    expect((await call(adminEndpoints.me, managerCookie)).statusCode).toBe(401)

    const ownerId = (await call(adminEndpoints.me, cookies.owner)).json().staff.id
    const last = await call(adminEndpoints.changeRole, cookies.owner, { role: 'manager' }, { id: ownerId })
    expect(last.statusCode).toBe(400)
    expect(
      (await call(adminEndpoints.changeRole, cookies.owner, { role: 'owner' }, { id: 999_999 })).statusCode,
    ).toBe(404)
    expect(
      (await call(adminEndpoints.changeRole, cookies.owner, { role: 'boss' }, { id: managerId })).statusCode,
    ).toBe(400)
  })

  it('ends every session of a staff member', async () => {
    const editor = demoStaff('editor')
    await staffCookie(t.app, editor.email, editor.password)
    const editorId = (await call(adminEndpoints.me, cookies.editor)).json().staff.id
    const res = await call(adminEndpoints.revokeSessions, cookies.owner, undefined, { id: editorId })
    expect(res.json()).toEqual({ revoked: 2 })
    expect((await call(adminEndpoints.me, cookies.editor)).statusCode).toBe(401)
    expect((await auditOf('staff.sessions.revoke'))[0]).toMatchObject({ before: { activeSessions: 2 } })
    const list = (await call(adminEndpoints.listStaff, cookies.owner)).json().items
    expect(list.find((s: { id: number }) => s.id === editorId).activeSessions).toBe(0)
  })

  it('filters the audit log by staff, entity and day, and refuses a malformed filter', async () => {
    const ownerId = (await call(adminEndpoints.me, cookies.owner)).json().staff.id
    const byOwner = await readAudit(`staff=${ownerId}`)
    const actions = byOwner.json().items.map((e: { action: string }) => e.action)
    // The role test's orders export is audited too (what the owner read, not only what they changed).
    expect(actions).toEqual(['staff.sessions.revoke', 'staff.role', 'staff.invite', 'order.export'])
    const today = new Date(t.clock.now).toISOString().slice(0, 10)
    const byDay = await readAudit(`from=${today}&to=${today}&entity=staff`)
    expect(byDay.json().total).toBe(5)
    const tomorrow = new Date(t.clock.now + 86_400_000).toISOString().slice(0, 10)
    const none = await readAudit(`from=${tomorrow}`)
    expect(none.json()).toMatchObject({ items: [], total: 0 })
    const bad = await readAudit('from=yesterday')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ statusCode: 400, message: expect.stringContaining('from') })
  })
})

describe('the dashboard', () => {
  it('answers 30 days of figures and the stock that runs low', async () => {
    const res = await call(adminEndpoints.dashboard, cookies.fulfilment)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.byDay).toHaveLength(30)
    expect(body.byDay.at(-1).day).toBe(new Date(t.clock.now).toISOString().slice(0, 10))
    for (const row of body.lowStock) {
      expect(row.available).toBeLessThanOrEqual(5)
      expect(row.available).toBe(Math.max(0, row.onHand - row.held - row.sold))
    }
  })
})

describe('the OpenAPI document', () => {
  it('lists every admin endpoint under the admin tag', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json()
    for (const endpoint of Object.values(allAdminEndpoints)) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}')
      expect(doc.paths[path]?.[endpoint.method.toLowerCase()]?.tags, path).toEqual(['admin'])
    }
  })
})
