import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, testDialect } from '../testing/test-app.ts'
import { assertNotLocked, type RateLimiter, rateLimiter, TooManyAttempts } from './rate-limit.ts'

const RULE = { limit: 3, windowMs: 60_000, lockMs: 120_000 }

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
    await expect(assertNotLocked(limiter, key)).rejects.toBeInstanceOf(TooManyAttempts)
    t.clock.advance(90_000)
    expect((await limiter.peek(key)).locked).toBe(false)
    await assertNotLocked(limiter, key)
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

  it('keeps buckets apart and forgets one on reset', async () => {
    const { limiter } = setup()
    const [a, b] = [bucket(), bucket()]
    await limiter.hit(a, RULE)
    await limiter.hit(a, RULE)
    await limiter.hit(b, RULE)
    expect((await limiter.peek(a)).hits).toBe(2)
    expect((await limiter.peek(b)).hits).toBe(1)
    await limiter.reset(a)
    expect(await limiter.peek(a)).toEqual({ locked: false, hits: 0, retryAfterMs: 0 })
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
})

const hasRedis = spawnSync('redis-server', ['--version']).status === 0

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

describe.skipIf(!hasRedis)(`rate limiter in Redis (REDIS_URL) on ${testDialect}`, () => {
  let t: TestApp
  let redis: ChildProcess
  beforeAll(async () => {
    const port = await freePort()
    redis = spawn('redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ])
    await new Promise<void>((resolve, reject) => {
      redis.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Ready to accept connections')) resolve()
      })
      redis.on('exit', (code) => reject(new Error(`redis-server exited with ${code}`)))
    })
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
