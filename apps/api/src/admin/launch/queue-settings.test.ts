import { adminEndpoints, adminLaunchEndpoints, type QueueSettingsForm, type StaffRole } from '@fanshop/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestInstance, type TestApp, testDialect } from '../../../tests/test-app.ts'
import { DEMO_STAFF } from '../../demo/staff.ts'
import { SETTINGS_CACHE_MS } from '../../launch/queue-settings.ts'
import { joinWithTicket, QUEUE_PATH, status } from '../../launch/queue-test-helpers.ts'
import { callEndpoint, createAdminTestApp } from '../testing.ts'

const LAUNCH = Date.parse('2999-01-01T07:00:00Z')

const settings: QueueSettingsForm = {
  enabled: true,
  preQueueMinutes: 10,
  ratePerMinute: 60,
  maxShopping: null,
  passMinutes: 20,
  powMaxNumber: 1000,
}

describe(`the drop's settings in the back office on ${testDialect}`, () => {
  let t: TestApp
  let cookies: Record<StaffRole, string>
  beforeAll(async () => {
    ;({ t, cookies } = await createAdminTestApp(
      {
        env: {
          LAUNCH_AT: new Date(LAUNCH).toISOString(),
          QUEUE_RATE_PER_MINUTE: '6',
          QUEUE_POW_MAX_NUMBER: '50',
        },
      },
      (app) => {
        app.clock.now = LAUNCH + 60_000
      },
    ))
  })
  afterAll(() => t.close())

  const get = (cookie?: string) => callEndpoint(t.app, adminLaunchEndpoints.queueSettings, { cookie })
  const put = (body: object, cookie?: string) =>
    callEndpoint(t.app, adminLaunchEndpoints.saveQueueSettings, { cookie, body })

  it('declares both calls behind the launch permission', () => {
    expect(Object.values(adminLaunchEndpoints).map((e) => e.permission)).toEqual(['launch', 'launch'])
  })

  it('answers 401 without a staff session and 403 to fulfilment and editors', async () => {
    expect((await get()).statusCode).toBe(401)
    expect((await put(settings)).statusCode).toBe(401)
    for (const role of ['fulfilment', 'editor'] as const) {
      const read = await get(cookies[role])
      expect(read.statusCode).toBe(403)
      expect(read.json()).toEqual({ statusCode: 403, message: 'Your role does not allow this.' })
      expect((await put(settings, cookies[role])).statusCode).toBe(403)
    }
  })

  it('shows the environment’s settings until the first save', async () => {
    const res = await get(cookies.manager)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({
      source: 'environment',
      settings: { enabled: true, ratePerMinute: 6, preQueueMinutes: 30, passMinutes: 15, maxShopping: null },
      updatedAt: null,
    })
  })

  it('refuses values out of range with 400 and a clear message, saving nothing', async () => {
    for (const wrong of [
      { ratePerMinute: 0 },
      { ratePerMinute: 2.5 },
      { passMinutes: 241 },
      { preQueueMinutes: -1 },
      { maxShopping: 0 },
      { powMaxNumber: 10 },
      { enabled: 'yes' },
    ]) {
      const res = await put({ ...settings, ...wrong }, cookies.owner)
      expect(res.statusCode, JSON.stringify(wrong)).toBe(400)
      expect(res.json()).toEqual({ statusCode: 400, message: expect.any(String) })
    }
    const missing = await put({ enabled: true }, cookies.owner)
    expect(missing.statusCode).toBe(400)
    expect((await get(cookies.owner)).json().data.source).toBe('environment')
  })

  it('saves, writes the audit log, and the queue follows the new rate and difficulty', async () => {
    // At 6 a minute, a fan behind one other waits 10 s.
    await joinWithTicket(t)
    const before = (await status(t, await joinWithTicket(t))).json()
    expect(before.standing.estimated_wait_seconds).toBe(10)

    const saved = await put(settings, cookies.manager)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data).toMatchObject({
      source: 'back office',
      settings,
      updatedBy: DEMO_STAFF.find((s) => s.role === 'manager')!.email,
    })
    const audit = await callEndpoint(t.app, adminEndpoints.audit, {
      cookie: cookies.owner,
      query: 'action=launch.queue',
    })
    const [entry] = audit.json().items
    expect(entry).toMatchObject({
      staffEmail: DEMO_STAFF.find((s) => s.role === 'manager')!.email,
      entity: 'queue_settings',
      before: { ratePerMinute: 6 },
      after: settings,
    })

    // 60 a minute: each next arrival waits 1 s more than the fan before, not 10.
    const challenge = (await t.app.inject({ url: `${QUEUE_PATH}/challenge` })).json()
    expect(challenge.maxnumber).toBe(1000)
    const waitOf = async () =>
      (await status(t, await joinWithTicket(t))).json().standing.estimated_wait_seconds
    const first = await waitOf()
    expect((await waitOf()) - first).toBe(1)
  })

  it('reaches another instance over the same database within the cache’s few seconds', async () => {
    const other = await createTestInstance(t)
    try {
      const maxnumber = async () =>
        (await other.app.inject({ url: `${QUEUE_PATH}/challenge` })).json().maxnumber
      expect(await maxnumber()).toBe(1000)
      expect((await put({ ...settings, powMaxNumber: 2000 }, cookies.owner)).statusCode).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, SETTINGS_CACHE_MS + 100))
      expect(await maxnumber()).toBe(2000)
    } finally {
      await other.close()
    }
  })

  it('switches the waiting room off: its calls answer 404 and carts open without a pass', async () => {
    expect((await put({ ...settings, enabled: false }, cookies.owner)).statusCode).toBe(200)
    expect((await t.app.inject({ url: `${QUEUE_PATH}/challenge` })).statusCode).toBe(404)
    const cart = await t.app.inject({ method: 'POST', url: '/api/v1/orders.json', payload: {} })
    expect(cart.statusCode).toBe(201)
  })
})

describe(`two saves of the drop's settings at once on ${testDialect}`, () => {
  let t: TestApp
  let cookies: Record<StaffRole, string>
  beforeAll(async () => {
    ;({ t, cookies } = await createAdminTestApp({ env: { QUEUE_RATE_PER_MINUTE: '6' } }))
  })
  afterAll(() => t.close())

  it('both land, the first ever included, one after the other, each audited with what it replaced', async () => {
    const slower = { ...settings, ratePerMinute: 30 }
    const answers = await Promise.all([
      callEndpoint(t.app, adminLaunchEndpoints.saveQueueSettings, {
        cookie: cookies.manager,
        body: settings,
      }),
      callEndpoint(t.app, adminLaunchEndpoints.saveQueueSettings, { cookie: cookies.owner, body: slower }),
    ])
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200])
    const audit = await callEndpoint(t.app, adminEndpoints.audit, {
      cookie: cookies.owner,
      query: 'action=launch.queue',
    })
    const [last, first] = audit.json().items
    expect(first.before).toMatchObject({ ratePerMinute: 6 })
    expect(last.before).toEqual(first.after)
    const now = await callEndpoint(t.app, adminLaunchEndpoints.queueSettings, { cookie: cookies.owner })
    expect(now.json().data.settings).toEqual(last.after)
  })
})
