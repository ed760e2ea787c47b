import {
  ACCESS_GRANT_HEADER,
  type AdminAccessCode,
  type AdminEndpoint,
  accessCodeEndpoints,
  accessCodeSearch,
  adminEndpoints,
  type StaffRole,
} from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, testDialect } from '../../../tests/test-app.ts'
import { callEndpoint, createAdminTestApp } from '../testing.ts'

const LAUNCH = Date.parse('2099-01-01T00:00:00Z')
const HOUR = 60 * 60_000

let t: TestApp
let cookies: Record<StaffRole, string>

beforeAll(async () => {
  ;({ t, cookies } = await createAdminTestApp({ env: { LAUNCH_AT: new Date(LAUNCH).toISOString() } }))
})
afterAll(async () => t?.close())

const call = (
  endpoint: AdminEndpoint,
  { id = 1, cookie = cookies.manager, ...options }: { cookie?: string; body?: unknown; id?: number } = {},
) => callEndpoint(t.app, endpoint, { ...options, cookie, params: { id } })

async function create(body: Record<string, unknown>): Promise<AdminAccessCode> {
  const res = await call(accessCodeEndpoints.createAccessCode, { body: { label: 'test', ...body } })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

let visitors = 0
/** A visitor entering `code` on /entercode, each from an address of their own. */
const enter = (code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wp-json/wp/v2/user/check-access-code',
    payload: { search: accessCodeSearch(code) },
    remoteAddress: `198.51.100.${++visitors}`,
  })

/** A cart write before the launch with `grant`: 201 when the gate lets it through, else 403. */
const cartWith = async (grant: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders.json',
      headers: { [ACCESS_GRANT_HEADER]: grant },
      payload: {},
    })
  ).statusCode

describe(`the back office's access codes, on ${testDialect}`, () => {
  // Who may call each endpoint (401, 403 by role) is checked for every back office endpoint in admin.test.ts.
  it("asks for the drop's permission on every endpoint", () => {
    for (const endpoint of Object.values(accessCodeEndpoints)) expect(endpoint.permission).toBe('launch')
  })

  it('lists the demo codes with their text, uses, limit, expiry, queue skip and status', async () => {
    const res = await call(accessCodeEndpoints.listAccessCodes)
    expect(res.statusCode, res.body).toBe(200)
    const byCode = new Map((res.json().items as AdminAccessCode[]).map((code) => [code.code, code]))
    expect(byCode.get('FAN24')).toMatchObject({ maxUses: null, skipsQueue: false, status: 'active' })
    expect(byCode.get('PRESS')).toMatchObject({ maxUses: 50, skipsQueue: true, status: 'active' })
    expect(byCode.get('OLD20')).toMatchObject({ status: 'expired', disabled: false })
  })

  it('refuses bad input with 4xx and a clear message', async () => {
    const cases: [unknown, number][] = [
      [{ code: 'AB', label: 'x' }, 400],
      [{ code: 'TOOLONG', label: 'x' }, 400],
      [{ code: 'AB-12', label: 'x' }, 400],
      [{ code: 'GOOD1', label: '' }, 400],
      [{ code: 'GOOD1', label: 'x', maxUses: 0 }, 400],
      [{ code: 'GOOD1', label: 'x', expiresAt: 'tomorrow' }, 400],
      [{ code: 'GOOD1', label: 'x', skipsQueue: 'yes' }, 400],
      [{ code: 'fan24', label: 'x' }, 409],
    ]
    for (const [body, status] of cases) {
      const res = await call(accessCodeEndpoints.createAccessCode, { body })
      expect(res.statusCode, JSON.stringify(body)).toBe(status)
      expect(res.json()).toEqual({ statusCode: status, message: expect.any(String) })
    }
    const taken = await call(accessCodeEndpoints.createAccessCode, { body: { code: ' press ', label: 'x' } })
    expect(taken.json().message).toBe('The access code "PRESS" exists already.')
    for (const endpoint of [accessCodeEndpoints.getAccessCode, accessCodeEndpoints.disableAccessCode]) {
      expect((await call(endpoint, { id: 999_999 })).json()).toEqual({
        statusCode: 404,
        message: 'There is no such access code.',
      })
    }
  })

  it('creates a code that opens the shop, in capitals, whatever case it was typed in', async () => {
    const code = await create({ code: 'new01', maxUses: 2, skipsQueue: true })
    expect(code).toMatchObject({ code: 'NEW01', maxUses: 2, uses: 0, skipsQueue: true, status: 'active' })
    expect((await enter('nEw01')).statusCode).toBe(200)
    expect((await enter('NEW01')).statusCode).toBe(200)
    const read = await call(accessCodeEndpoints.getAccessCode, { id: code.id })
    expect(read.json()).toMatchObject({ uses: 2, status: 'used up' })
  })

  it('changes a code’s limit, expiry and queue skip, keeping its uses', async () => {
    const code = await create({ code: 'EDIT1', maxUses: 1 })
    expect((await enter('EDIT1')).statusCode).toBe(200)
    expect((await enter('EDIT1')).statusCode).toBe(410)
    const expiresAt = new Date(t.clock.now + HOUR).toISOString()
    const edited = await call(accessCodeEndpoints.updateAccessCode, {
      id: code.id,
      body: { label: 'Press, second wave', maxUses: 3, expiresAt, skipsQueue: true },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({
      code: 'EDIT1',
      label: 'Press, second wave',
      uses: 1,
      maxUses: 3,
      expiresAt,
      skipsQueue: true,
      status: 'active',
    })
    expect((await enter('EDIT1')).statusCode).toBe(200)
  })

  it('disables a code: it opens nothing, the grants it gave stop, and enabling brings both back', async () => {
    const code = await create({ code: 'STOP1' })
    const { grant } = (await enter('STOP1')).json().data
    expect(await cartWith(grant)).toBe(201)
    const disabled = await call(accessCodeEndpoints.disableAccessCode, { id: code.id })
    expect(disabled.json()).toMatchObject({ disabled: true, status: 'disabled' })
    expect(await cartWith(grant)).toBe(403)
    const refused = await enter('STOP1')
    expect(refused.json()).toEqual({ statusCode: 404, message: 'This access code is not valid.' })
    const again = await call(accessCodeEndpoints.disableAccessCode, { id: code.id })
    expect(again.json()).toMatchObject({ disabled: true })
    const enabled = await call(accessCodeEndpoints.enableAccessCode, { id: code.id })
    expect(enabled.json()).toMatchObject({ disabled: false, status: 'active', uses: 1 })
    expect(await cartWith(grant)).toBe(201)
    expect((await enter('STOP1')).statusCode).toBe(200)
  })

  it('ends the grants a code gave at the expiry staff set later', async () => {
    const code = await create({ code: 'LATE1' })
    const { grant, expires_at } = (await enter('LATE1')).json().data
    expect(expires_at).toBe(LAUNCH + 24 * HOUR)
    await call(accessCodeEndpoints.updateAccessCode, {
      id: code.id,
      body: { label: 'test', expiresAt: new Date(t.clock.now + HOUR).toISOString() },
    })
    expect(await cartWith(grant)).toBe(201)
    t.clock.advance(HOUR)
    expect(await cartWith(grant)).toBe(403)
    expect((await call(accessCodeEndpoints.getAccessCode, { id: code.id })).json().status).toBe('expired')
  })

  it('creates a code once when two staff create it at the same instant, in different cases', async () => {
    const answers = await Promise.all(
      ['twin1', 'TWIN1'].map((code) =>
        call(accessCodeEndpoints.createAccessCode, { body: { code, label: 'twin' } }),
      ),
    )
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409])
  })

  it('refuses a disable another site sends (CSRF)', async () => {
    const code = await create({ code: 'CSRF1' })
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin/api/access-codes/${code.id}/disable`,
      headers: { cookie: cookies.manager, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(res.statusCode).toBe(403)
    expect((await call(accessCodeEndpoints.getAccessCode, { id: code.id })).json().disabled).toBe(false)
  })

  it('writes every change to the audit log, without the code’s text', async () => {
    const code = await create({ code: 'LOG01' })
    await call(accessCodeEndpoints.updateAccessCode, { id: code.id, body: { label: 'logged', maxUses: 5 } })
    await call(accessCodeEndpoints.disableAccessCode, { id: code.id })
    await call(accessCodeEndpoints.enableAccessCode, { id: code.id, cookie: cookies.owner })
    const audit = await callEndpoint(t.app, adminEndpoints.audit, {
      cookie: cookies.owner,
      query: 'entity=access_code',
    })
    const entries = (
      audit.json().items as {
        action: string
        entityId: string
        staffEmail: string
        before: unknown
        after: unknown
      }[]
    ).filter((entry) => entry.entityId === String(code.id))
    expect(entries.map((entry) => [entry.action, entry.staffEmail])).toEqual([
      ['access_code.enable', 'owner@example.com'],
      ['access_code.disable', 'manager@example.com'],
      ['access_code.update', 'manager@example.com'],
      ['access_code.create', 'manager@example.com'],
    ])
    expect(entries[2]).toMatchObject({ before: { maxUses: null }, after: { maxUses: 5, label: 'logged' } })
    expect(JSON.stringify(entries)).not.toContain('LOG01')
  })

  it('keeps codes sealed in the database, and lists a code whose text was never kept without it', async () => {
    const rows = await t.ctx.db.selectFrom('access_codes').select(['id', 'code_sealed']).execute()
    for (const row of rows) expect(row.code_sealed).not.toMatch(/FAN24|PRESS|VIP01|OLD20/)
    const fan24 = (await call(accessCodeEndpoints.listAccessCodes))
      .json()
      .items.find((code: AdminAccessCode) => code.code === 'FAN24')
    await t.ctx.db.updateTable('access_codes').set({ code_sealed: null }).where('id', '=', fan24.id).execute()
    const read = await call(accessCodeEndpoints.getAccessCode, { id: fan24.id })
    expect(read.json()).toMatchObject({ code: null, label: fan24.label })
  })
})
