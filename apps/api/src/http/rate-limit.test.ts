import type { ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, register } from '../../tests/accounts.ts'
import { freePort, hasRedis, startRedis } from '../../tests/redis-server.ts'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { ACCOUNT_FAILURES } from '../accounts/auth-routes.ts'
import {
  EXPIRED_BATCH,
  type RateLimiter,
  rateLimiter,
  SWEEP_EVERY_MS,
  TooManyAttempts,
} from './rate-limit.ts'

const RULE = { limit: 3, windowMs: 60_000, lockMs: 120_000 }
const FORGETS = { ...RULE, successForgets: true }

/** The same behaviour, whichever store holds the counts. */
function behavesAsALimiter(setup: () => { t: TestApp; limiter: RateLimiter }) {
  let bucketCounter = 0
  const bucket = () => `test:${Date.now()}:${++bucketCounter}`

  it('locks a bucket at the limit until lockMs have passed', async () => {
    const { t, limiter } = setup()
    const key = bucket()
    expect(await limiter.hit(key, RULE)).toEqual({ locked: false, hits: 1, retryAfterMs: 0 })
    expect((await limiter.hit(key, RULE)).locked).toBe(false)
    expect(await limiter.hit(key, RULE)).toEqual({ locked: true, hits: 3, retryAfterMs: 120_000 })
    t.clock.advance(30_000)
    expect(await limiter.peek(key)).toEqual({ locked: true, hits: 3, retryAfterMs: 90_000 })
    t.clock.advance(90_000)
    expect((await limiter.peek(key)).locked).toBe(false)
    expect(await limiter.hit(key, RULE)).toEqual({ locked: false, hits: 1, retryAfterMs: 0 })
  })

  it('starts counting afresh when the window has run out', async () => {
    const { t, limiter } = setup()
    const key = bucket()
    await limiter.hit(key, RULE)
    await limiter.hit(key, RULE)
    t.clock.advance(RULE.windowMs)
    expect(await limiter.hit(key, RULE)).toEqual({ locked: false, hits: 1, retryAfterMs: 0 })
  })

  it('keeps buckets apart and forgets one after a success', async () => {
    const { limiter } = setup()
    const [a, b] = [bucket(), bucket()]
    await limiter.hit(a, RULE)
    await limiter.hit(a, RULE)
    await limiter.hit(b, RULE)
    expect((await limiter.peek(a)).hits).toBe(2)
    expect((await limiter.peek(b)).hits).toBe(1)
    await limiter.end(a, FORGETS, 'forget')
    expect(await limiter.peek(a)).toEqual({ locked: false, hits: 0, retryAfterMs: 0 })
  })

  it('clears a bucket: its count and lock are gone, its open attempts stay counted', async () => {
    const { limiter } = setup()
    const key = bucket()
    await limiter.hit(key, FORGETS)
    expect((await limiter.take(key, FORGETS)).allowed).toBe(true)
    await limiter.hit(key, FORGETS)
    expect((await limiter.peek(key)).locked).toBe(true)
    await limiter.clear(key)
    expect(await limiter.peek(key)).toEqual({ locked: false, hits: 1, retryAfterMs: 0 })
    await limiter.end(key, FORGETS, 'failed')
    await limiter.clear(key)
    expect(await limiter.peek(key)).toEqual({ locked: false, hits: 0, retryAfterMs: 0 })
    // A bucket never counted stays so.
    const untouched = bucket()
    await limiter.clear(untouched)
    expect(await limiter.peek(untouched)).toEqual({ locked: false, hits: 0, retryAfterMs: 0 })
  })

  it('counts an attempt before it is checked: of 64 at once, only the limit go on', async () => {
    const { limiter } = setup()
    const key = bucket()
    const rule = { ...FORGETS, limit: 10 }
    const taken = await Promise.all(Array.from({ length: 64 }, () => limiter.take(key, rule)))
    expect(taken.filter((a) => a.allowed)).toHaveLength(10)
    const refused = taken.filter((a) => !a.allowed)
    expect(refused).toHaveLength(54)
    for (const r of refused) expect(r.retryAfterMs).toBe(rule.lockMs)
    expect((await limiter.peek(key)).locked).toBe(true)
  })

  it('on a success forgets the failures that ended before it, never the attempts still open', async () => {
    const { limiter } = setup()
    const key = bucket()
    const rule = { ...FORGETS, limit: 5 }
    // Three attempts open; one fails, one succeeds while the third is still being checked.
    for (let i = 0; i < 3; i++) expect((await limiter.take(key, rule)).allowed).toBe(true)
    await limiter.end(key, rule, 'failed')
    await limiter.end(key, rule, 'forget')
    expect((await limiter.peek(key)).hits).toBe(1)
    for (let i = 0; i < 4; i++) expect((await limiter.take(key, rule)).allowed).toBe(true)
    expect((await limiter.take(key, rule)).allowed).toBe(false)
  })

  it('on a success without forgetting gives back only its own attempt', async () => {
    const { limiter } = setup()
    const key = bucket()
    for (let i = 0; i < 3; i++) expect((await limiter.take(key, RULE)).allowed).toBe(true)
    expect((await limiter.peek(key)).locked).toBe(true)
    await limiter.end(key, RULE, 'refund')
    expect(await limiter.peek(key)).toEqual({ locked: false, hits: 2, retryAfterMs: 0 })
    expect((await limiter.take(key, RULE)).allowed).toBe(true)
    expect(await limiter.take(key, RULE)).toEqual({ allowed: false, retryAfterMs: RULE.lockMs })
  })

  it('gives back an attempt that was not judged, and no longer counts it open when a success forgets', async () => {
    const { limiter } = setup()
    const key = bucket()
    for (let i = 0; i < 2; i++) expect((await limiter.take(key, FORGETS)).allowed).toBe(true)
    await limiter.end(key, FORGETS, 'refund')
    await limiter.end(key, FORGETS, 'forget')
    expect(await limiter.peek(key)).toEqual({ locked: false, hits: 0, retryAfterMs: 0 })
  })

  it('refuses a burst of 64 wrong passwords past the limit, and the right one at its end', async () => {
    const { t } = setup()
    const { body } = await register(t.app)
    const ip = `198.51.100.${++bucketCounter}`
    const burst = await Promise.all([
      ...Array.from({ length: 64 }, (_, i) => login(t.app, body.email, `wrong ${i}`, ip)),
      login(t.app, body.email, body.password, ip),
    ])
    const checked = burst.filter((res) => res.statusCode !== 429)
    expect(checked.length).toBeGreaterThan(0)
    expect(checked.length).toBeLessThanOrEqual(ACCOUNT_FAILURES.limit)
    for (const res of checked) expect(res.statusCode).toBe(403)
    for (const res of burst.filter((r) => r.statusCode === 429)) {
      expect(Object.keys(res.json()).sort()).toEqual(['message', 'statusCode'])
      expect(res.json().statusCode).toBe(429)
      expect(res.headers['retry-after']).toBe('900')
    }
    expect(burst.at(-1)?.statusCode).toBe(429)
    // The lock holds for the right password afterwards too.
    expect((await login(t.app, body.email, body.password, ip)).statusCode).toBe(429)
  })

  it('counts every one of many concurrent hits', async () => {
    const { limiter } = setup()
    const key = bucket()
    const results = await Promise.all(
      Array.from({ length: 12 }, () => limiter.hit(key, { ...RULE, limit: 10 })),
    )
    expect(results.map((r) => r.hits).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(results.filter((r) => r.locked)).toHaveLength(3)
  })

  it('says how long to wait', () => {
    expect(new TooManyAttempts(900_000).message).toMatch(/try again in 15 minutes\.$/)
    expect(new TooManyAttempts(1_000).message).toMatch(/try again in 1 minute\.$/)
    expect(new TooManyAttempts(1_000).statusCode).toBe(429)
  })
}

describe(`rate limiter in the database on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ seed: false })
  })
  afterAll(() => t.close())
  behavesAsALimiter(() => ({ t, limiter: rateLimiter(t.ctx) }))

  it('deletes expired rows in bounded batches as it writes, and never a live one', async () => {
    const limiter = rateLimiter(t.ctx)
    const short = { limit: 5, windowMs: 1_000, lockMs: 1_000 }
    const old = Array.from({ length: EXPIRED_BATCH * 2 + 100 }, (_, i) => `sweep:old:${i}`)
    for (let i = 0; i < old.length; i += 100) {
      await Promise.all(old.slice(i, i + 100).map((key) => limiter.hit(key, short)))
    }
    await limiter.hit('sweep:live', { ...short, windowMs: 60 * 60_000 })
    const expired = async () => {
      const { n } = await t.ctx.db
        .selectFrom('rate_limits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('expires_at', '<=', t.clock.now)
        .executeTakeFirstOrThrow()
      return Number(n)
    }
    const live = () =>
      t.ctx.db.selectFrom('rate_limits').select('bucket').where('bucket', '=', 'sweep:live').execute()

    t.clock.advance(SWEEP_EVERY_MS)
    const before = await expired()
    expect(before).toBeGreaterThanOrEqual(old.length)
    await limiter.hit('sweep:trigger', RULE)
    expect(await expired()).toBe(before - EXPIRED_BATCH)
    // At most one batch a minute, however many writes.
    await limiter.take('sweep:trigger', RULE)
    expect(await expired()).toBe(before - EXPIRED_BATCH)
    for (let minute = 0; minute < 3; minute++) {
      t.clock.advance(SWEEP_EVERY_MS)
      await limiter.hit(`sweep:trigger:${minute}`, RULE)
    }
    expect(await expired()).toBe(0)
    expect(await live()).toHaveLength(1)
  })
})

describe.skipIf(!hasRedis)(`rate limiter in Redis (REDIS_URL) on ${testDialect}`, () => {
  let t: TestApp
  let redis: ChildProcess
  beforeAll(async () => {
    const port = await freePort()
    redis = await startRedis(port)
    t = await createTestApp({ seed: false, env: { REDIS_URL: `redis://127.0.0.1:${port}` } })
  })
  afterAll(async () => {
    await t.close()
    redis.kill()
  })
  behavesAsALimiter(() => ({ t, limiter: rateLimiter(t.ctx) }))

  it('keeps its counts in Redis, not in the database', async () => {
    await rateLimiter(t.ctx).hit('test:where', RULE)
    const rows = await t.ctx.db.selectFrom('rate_limits').selectAll().execute()
    expect(rows).toEqual([])
  })
})
