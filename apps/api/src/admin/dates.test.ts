import {
  type AdminEndpoint,
  adminCatalogEndpoints,
  adminEndpoints,
  adminOrderEndpoints,
  couponEndpoints,
} from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, testDialect } from '../../tests/test-app.ts'
import { callEndpoint, createAdminTestApp } from './testing.ts'

let t: TestApp
let owner: string

beforeAll(async () => {
  let cookies: Awaited<ReturnType<typeof createAdminTestApp>>['cookies']
  ;({ t, cookies } = await createAdminTestApp())
  owner = cookies.owner
})
afterAll(async () => t?.close())

const call = (endpoint: AdminEndpoint, body: unknown) =>
  callEndpoint(t.app, endpoint, { cookie: owner, body })

const get = (endpoint: AdminEndpoint, query: string) =>
  callEndpoint(t.app, endpoint, { cookie: owner, query })

let slugs = 0
const scheduled = (publishAt: unknown) => {
  slugs += 1
  return {
    type: 'simple',
    name: 'Dated cap',
    slug: `dated-cap-${slugs}`,
    sku: `DATED-CAP-${slugs}`,
    status: 'scheduled',
    publishAt,
    price: '20',
    stock: 3,
  }
}

describe(`dates the back office takes, on ${testDialect}`, () => {
  it('refuses a publish time that is no real date and time with 400, and saves nothing', async () => {
    for (const publishAt of [
      '1',
      '2026-02-31T10:00:00Z',
      '+275760-09-13T00:00:00Z',
      '-271821-04-20T00:00:00Z',
      '2026-12-01T09:00',
    ]) {
      const res = await call(adminCatalogEndpoints.createProduct, scheduled(publishAt))
      expect(res.statusCode, publishAt).toBe(400)
      expect(res.json()).toEqual({ statusCode: 400, message: expect.stringContaining('publishAt') })
    }
    const saved = await t.ctx.db.selectFrom('products').select('id').where('name', '=', 'Dated cap').execute()
    expect(saved).toEqual([])
  })

  it('keeps a real publish time as the instant it names', async () => {
    const res = await call(adminCatalogEndpoints.createProduct, scheduled('2030-06-01T09:30:00+02:00'))
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().publishAt).toBe('2030-06-01T07:30:00.000Z')
  })

  it('refuses a coupon window with a day the calendar does not have', async () => {
    for (const [field, value] of [
      ['startsAt', '2026-02-31T00:00Z'],
      ['endsAt', '2027-04-31T00:00:00Z'],
      ['startsAt', '+275760-09-13T00:00:00Z'],
    ]) {
      const res = await call(couponEndpoints.createCoupon, { code: 'DATED1', amount: 10, [field!]: value })
      expect(res.statusCode, value).toBe(400)
      expect(res.json()).toEqual({ statusCode: 400, message: expect.stringContaining(field!) })
    }
  })

  it('refuses a day the calendar does not have in the audit log and order list filters', async () => {
    for (const [endpoint, query] of [
      [adminEndpoints.audit, 'from=2026-02-31'],
      [adminEndpoints.audit, 'to=1999-12-31'],
      [adminOrderEndpoints.listOrders, 'from=2026-02-31'],
      [adminOrderEndpoints.listOrders, 'to=2026-04-31'],
      [adminOrderEndpoints.exportOrders, 'from=2026-02-30'],
    ] as const) {
      const res = await get(endpoint, query)
      expect(res.statusCode, `${endpoint.path}?${query}`).toBe(400)
      expect(res.json()).toEqual({ statusCode: 400, message: expect.stringMatching(/from|to/) })
    }
    expect((await get(adminOrderEndpoints.listOrders, 'from=2024-02-29')).statusCode).toBe(200)
  })
})
