import { ACCESS_GRANT_HEADER, accessCodeSearch } from '@fanshop/core'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { failWrites } from '../../tests/failing-write.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { createAccessCode } from './access-codes.ts'
import { assertShoppingAllowed } from './gate.ts'

describe(`access codes on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { LAUNCH_AT: '2099-01-01T00:00:00Z' } })
  })
  afterAll(() => t.close())

  const check = (search: string, ip = '203.0.113.1') =>
    t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/user/check-access-code',
      payload: { search },
      remoteAddress: ip,
    })

  it('answers a signed grant for a valid code, in any letter case', async () => {
    const res = await check(accessCodeSearch('fan24'))
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.code).toBe(200)
    expect(body.data.grant).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(body.data.expires_at).toBe(Date.parse('2099-01-02T00:00:00Z'))
  })

  it('refuses an unknown code with 404', async () => {
    const res = await check(accessCodeSearch('ZZZZZ'), '203.0.113.2')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ statusCode: 404, message: 'This access code is not valid.' })
  })

  it('refuses a search text of another form with 400', async () => {
    const res = await check('FAN24', '203.0.113.3')
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain('Access Code (XXXXX)')
    const empty = await t.app.inject({
      method: 'POST',
      url: '/wp-json/wp/v2/user/check-access-code',
      payload: {},
    })
    expect(empty.statusCode).toBe(400)
  })

  it('refuses an expired code with 410', async () => {
    const res = await check(accessCodeSearch('OLD20'), '203.0.113.4')
    expect(res.statusCode).toBe(410)
    expect(res.json().message).toBe('This access code has expired.')
  })

  it('lets a code expire at its exact instant', async () => {
    await createAccessCode(t.ctx, {
      code: 'SOON1',
      label: 'test',
      maxUses: null,
      expiresAt: t.clock.now + 1000,
    })
    expect((await check(accessCodeSearch('SOON1'), '203.0.113.5')).statusCode).toBe(200)
    t.clock.advance(1000)
    expect((await check(accessCodeSearch('SOON1'), '203.0.113.5')).statusCode).toBe(410)
  })

  it('counts uses and refuses a used-up code with 410', async () => {
    await createAccessCode(t.ctx, { code: 'TWICE', label: 'test', maxUses: 2, expiresAt: null })
    expect((await check(accessCodeSearch('TWICE'), '203.0.113.6')).statusCode).toBe(200)
    expect((await check(accessCodeSearch('TWICE'), '203.0.113.7')).statusCode).toBe(200)
    const third = await check(accessCodeSearch('TWICE'), '203.0.113.8')
    expect(third.statusCode).toBe(410)
    expect(third.json().message).toBe('This access code has been used up.')
  })

  it('counts no use of a code that skips the queue when its ticket could not be written', async () => {
    await createAccessCode(t.ctx, {
      code: 'SKIP1',
      label: 'test',
      maxUses: 1,
      expiresAt: null,
      skipsQueue: true,
    })
    const letThrough = await failWrites(t.ctx.db, {
      name: 'fail_press_ticket',
      table: 'queue_tickets',
      on: 'insert',
      when: "new.challenge like 'access-grant:%'",
    })
    const failed = await check(accessCodeSearch('SKIP1'), '203.0.113.9')
    await letThrough()
    expect(failed.statusCode).toBe(500)
    expect((await check(accessCodeSearch('SKIP1'), '203.0.113.9')).statusCode).toBe(200)
  })

  it('gives a last use to exactly one of many visitors entering it at once', async () => {
    await createAccessCode(t.ctx, { code: 'LAST1', label: 'test', maxUses: 1, expiresAt: null })
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => check(accessCodeSearch('LAST1'), `198.51.100.${i + 1}`)),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410, 410, 410, 410, 410, 410, 410])
  })

  it('locks guessing from one address for 15 minutes after 10 wrong codes', async () => {
    const guesser = '192.0.2.50'
    for (let i = 0; i < 10; i++) {
      expect((await check(accessCodeSearch(`WRNG${i}`), guesser)).statusCode).toBe(404)
    }
    const locked = await check(accessCodeSearch('FAN24'), guesser)
    expect(locked.statusCode).toBe(429)
    expect(locked.json().message).toContain('try again in 15 minutes')
    expect(locked.headers['retry-after']).toBe('900')
    expect((await check(accessCodeSearch('FAN24'), '192.0.2.51')).statusCode).toBe(200)
    t.clock.advance(15 * 60_000)
    expect((await check(accessCodeSearch('FAN24'), guesser)).statusCode).toBe(200)
  })

  it('counts a guess before checking it: a burst from one address gets no more than 10 checks', async () => {
    const burster = '192.0.2.60'
    const answers = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) =>
        check(accessCodeSearch(`W${String(i).padStart(4, '0')}`), burster),
      ),
      check(accessCodeSearch('FAN24'), burster),
    ])
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c !== 429).length).toBeLessThanOrEqual(10)
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(21)
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(Object.keys(refused.json()).sort()).toEqual(['message', 'statusCode'])
    }
  })

  it('stores codes as hashes (and sealed for the back office), never as their text', async () => {
    const rows = await t.ctx.db.selectFrom('access_codes').select(['code_hash', 'code_sealed']).execute()
    expect(rows.length).toBeGreaterThan(3)
    for (const row of rows) {
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(row.code_hash).not.toContain('FAN24')
      expect(row.code_sealed).toMatch(/^v1:/)
      expect(row.code_sealed).not.toContain('FAN24')
    }
  })

  describe('the server-side gate', () => {
    const gate = Fastify()
    beforeAll(async () => {
      gate.post('/cart-write', async (request) => {
        await assertShoppingAllowed(t.ctx, request)
        return { ok: true }
      })
      gate.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) =>
        reply.status(error.statusCode ?? 500).send({ statusCode: error.statusCode, message: error.message }),
      )
      await gate.ready()
    })
    afterAll(() => gate.close())

    const write = (headers: Record<string, string> = {}) =>
      gate.inject({ method: 'POST', url: '/cart-write', headers })

    it('refuses a cart write before the launch without a grant', async () => {
      const res = await write()
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe(
        'The shop is not open yet. Enter your access code to shop before the launch.',
      )
    })

    it('refuses a forged or foreign grant', async () => {
      expect((await write({ [ACCESS_GRANT_HEADER]: 'not-a-token' })).statusCode).toBe(403)
      const other = await createTestApp({
        seed: false,
        env: {
          LAUNCH_AT: '2099-01-01T00:00:00Z',
          JWT_SECRET: 'another-secret-that-is-long-enough-for-hs256',
        },
      })
      try {
        await createAccessCode(other.ctx, { code: 'OTHER', label: 'x', maxUses: null, expiresAt: null })
        const foreign = await other.app.inject({
          method: 'POST',
          url: '/wp-json/wp/v2/user/check-access-code',
          payload: { search: accessCodeSearch('OTHER') },
        })
        expect((await write({ [ACCESS_GRANT_HEADER]: foreign.json().data.grant })).statusCode).toBe(403)
      } finally {
        await other.close()
      }
    })

    it('lets a cart write through with a grant from a valid code', async () => {
      const { data } = (await check(accessCodeSearch('FAN24'), '203.0.113.9')).json()
      expect((await write({ [ACCESS_GRANT_HEADER]: data.grant })).statusCode).toBe(200)
    })

    it("ends a grant no later than its code's expiry", async () => {
      // A whole second: a grant's expiry is kept in seconds, rounded down.
      const expiresAt = Math.floor(t.clock.now / 1000) * 1000 + 60 * 60_000
      await createAccessCode(t.ctx, { code: 'HOUR1', label: 'test', maxUses: null, expiresAt })
      const { data } = (await check(accessCodeSearch('HOUR1'), '203.0.113.11')).json()
      expect(data.expires_at).toBe(expiresAt)
      const saved = t.clock.now
      t.clock.now = expiresAt - 1
      expect((await write({ [ACCESS_GRANT_HEADER]: data.grant })).statusCode).toBe(200)
      t.clock.now = expiresAt
      expect((await write({ [ACCESS_GRANT_HEADER]: data.grant })).statusCode).toBe(403)
      t.clock.now = saved
    })

    it('ends the grants a code gave when its expiry is brought forward', async () => {
      await createAccessCode(t.ctx, {
        code: 'EARL2',
        label: 'brought forward',
        maxUses: null,
        expiresAt: null,
      })
      const { data } = (await check(accessCodeSearch('EARL2'), '203.0.113.12')).json()
      expect((await write({ [ACCESS_GRANT_HEADER]: data.grant })).statusCode).toBe(200)
      await t.ctx.db
        .updateTable('access_codes')
        .set({ expires_at: t.clock.now })
        .where('label', '=', 'brought forward')
        .execute()
      expect((await write({ [ACCESS_GRANT_HEADER]: data.grant })).statusCode).toBe(403)
    })

    it('closes until the last millisecond before the launch and opens at its exact instant', async () => {
      const { data } = (await check(accessCodeSearch('FAN24'), '203.0.113.10')).json()
      const saved = t.clock.now
      t.clock.now = Date.parse('2098-12-31T23:59:59.999Z')
      expect((await write()).statusCode).toBe(403)
      expect((await write({ [ACCESS_GRANT_HEADER]: data.grant })).statusCode).toBe(200)
      t.clock.now = Date.parse('2099-01-01T00:00:00Z')
      expect((await write()).statusCode).toBe(200)
      t.clock.now = saved
    })
  })
})

describe(`the gate after the launch on ${testDialect}`, () => {
  it('lets everyone write to a cart from the launch instant on', async () => {
    const t = await createTestApp({ seed: false })
    try {
      const gate = Fastify()
      gate.post('/cart-write', async (request) => {
        await assertShoppingAllowed(t.ctx, request)
        return { ok: true }
      })
      expect((await gate.inject({ method: 'POST', url: '/cart-write' })).statusCode).toBe(200)
      await gate.close()
    } finally {
      await t.close()
    }
  })
})
