/**
 * Failure counting with lock-out that holds across any number of server processes: the count
 * lives in the database (table rate_limits, one row per bucket) or, when REDIS_URL is set, in
 * Redis. Each hit is one atomic write, so two processes can never both let the 11th try through.
 *
 * A bucket counts hits in a window that opens at its first hit; the hit that reaches `limit`
 * locks the bucket for `lockMs`. Times come from the shop's clock (ctx.now()), so tests move it.
 *
 *   const limiter = rateLimiter(ctx)
 *   await assertNotLocked(limiter, key, reply)     // 429 (and Retry-After) while locked
 *   ...on a failure: await limiter.hit(key, LOGIN_FAILURES)
 *   ...on a success: await limiter.reset(key)
 */

import type { FastifyReply } from 'fastify'
import { Redis } from 'ioredis'
import { type Kysely, type Migration, sql } from 'kysely'
import type { ShopContext } from '../context.ts'
import type { Database } from '../db/schema.ts'
import { HttpError } from './errors.ts'

export interface RateLimitRule {
  /** Hits in one window that lock the bucket. */
  limit: number
  windowMs: number
  lockMs: number
}

export interface RateLimitState {
  locked: boolean
  /** Hits counted in the current window. */
  hits: number
  /** Milliseconds until the lock ends (0 when not locked). */
  retryAfterMs: number
}

export interface RateLimiter {
  /** The bucket's state, counting nothing. */
  peek(bucket: string): Promise<RateLimitState>
  /** Counts one hit (a failure, or an attempt) and returns the state after it. */
  hit(bucket: string, rule: RateLimitRule): Promise<RateLimitState>
  /** Forgets the bucket, after a success. */
  reset(bucket: string): Promise<void>
  close(): Promise<void>
}

/** The database table behind the default limiter. */
export interface RateLimitsTable {
  bucket: string
  window_started_at: number
  hits: number
  /** Epoch ms until which the bucket is locked; 0 when it is not. */
  locked_until: number
}

export const rateLimitsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('bucket', 'text', (c) => c.primaryKey())
      .addColumn('window_started_at', 'bigint', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute()
  },
}

function stateOf(hits: number, lockedUntil: number, now: number): RateLimitState {
  const locked = lockedUntil > now
  return { locked, hits, retryAfterMs: locked ? lockedUntil - now : 0 }
}

function databaseLimiter(db: Kysely<Database>, now: () => number): RateLimiter {
  return {
    async peek(bucket) {
      const row = await db
        .selectFrom('rate_limits')
        .select(['hits', 'locked_until'])
        .where('bucket', '=', bucket)
        .executeTakeFirst()
      return row ? stateOf(row.hits, row.locked_until, now()) : stateOf(0, 0, now())
    },
    async hit(bucket, rule) {
      const at = now()
      // A window that has run out, or a lock that has ended, starts the count afresh.
      const stale = sql<boolean>`(rate_limits.window_started_at + ${rule.windowMs} <= ${at} or (rate_limits.locked_until > 0 and rate_limits.locked_until <= ${at}))`
      const hits = sql<number>`case when ${stale} then 1 else rate_limits.hits + 1 end`
      const row = await db
        .insertInto('rate_limits')
        .values({
          bucket,
          window_started_at: at,
          hits: 1,
          locked_until: rule.limit <= 1 ? at + rule.lockMs : 0,
        })
        .onConflict((oc) =>
          oc.column('bucket').doUpdateSet({
            window_started_at: sql`case when ${stale} then ${at} else rate_limits.window_started_at end`,
            hits,
            locked_until: sql`case when ${hits} >= ${rule.limit} then ${at + rule.lockMs} when ${stale} then 0 else rate_limits.locked_until end`,
          }),
        )
        .returning(['hits', 'locked_until'])
        .executeTakeFirstOrThrow()
      return stateOf(Number(row.hits), Number(row.locked_until), at)
    },
    async reset(bucket) {
      await db.deleteFrom('rate_limits').where('bucket', '=', bucket).execute()
    },
    async close() {},
  }
}

/** The same counting as the SQL above, as one atomic Redis script. */
const REDIS_HIT = `
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local lock = tonumber(ARGV[4])
local state = redis.call('HMGET', KEYS[1], 'started', 'hits', 'locked_until')
local started = tonumber(state[1])
local hits = tonumber(state[2]) or 0
local lockedUntil = tonumber(state[3]) or 0
if started == nil or started + window <= now or (lockedUntil > 0 and lockedUntil <= now) then
  started = now
  hits = 0
  lockedUntil = 0
end
hits = hits + 1
if hits >= limit then lockedUntil = now + lock end
redis.call('HSET', KEYS[1], 'started', started, 'hits', hits, 'locked_until', lockedUntil)
redis.call('PEXPIRE', KEYS[1], math.max(started + window, lockedUntil) - now)
return { hits, lockedUntil }
`

function redisLimiter(url: string, now: () => number): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 })
  const key = (bucket: string) => `fanshop:rate:${bucket}`
  return {
    async peek(bucket) {
      const [hits, lockedUntil] = await redis.hmget(key(bucket), 'hits', 'locked_until')
      return stateOf(Number(hits ?? 0), Number(lockedUntil ?? 0), now())
    },
    async hit(bucket, rule) {
      const at = now()
      const [hits, lockedUntil] = (await redis.eval(
        REDIS_HIT,
        1,
        key(bucket),
        at,
        rule.limit,
        rule.windowMs,
        rule.lockMs,
      )) as [number, number]
      return stateOf(hits, lockedUntil, at)
    },
    async reset(bucket) {
      await redis.del(key(bucket))
    },
    async close() {
      await redis.quit()
    },
  }
}

const limiters = new WeakMap<ShopContext, RateLimiter>()

/** The shop's limiter: Redis when REDIS_URL is set, otherwise the database. One per server. */
export function rateLimiter(ctx: ShopContext): RateLimiter {
  let limiter = limiters.get(ctx)
  if (!limiter) {
    limiter = ctx.config.REDIS_URL
      ? redisLimiter(ctx.config.REDIS_URL, ctx.now)
      : databaseLimiter(ctx.db, ctx.now)
    limiters.set(ctx, limiter)
  }
  return limiter
}

/** Closes the shop's limiter (its Redis connection), when the server closes. */
export async function closeRateLimiter(ctx: ShopContext): Promise<void> {
  await limiters.get(ctx)?.close()
  limiters.delete(ctx)
}

/** 429 with a message that says how long to wait. */
export class TooManyAttempts extends HttpError {
  constructor(readonly retryAfterMs: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000))
    super(
      429,
      `Too many failed attempts. For your security this is locked for now: please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    )
  }
}

/**
 * Throws TooManyAttempts (429) while the bucket is locked; given the reply, it also sets
 * Retry-After in seconds.
 */
export async function assertNotLocked(
  limiter: RateLimiter,
  bucket: string,
  reply?: Pick<FastifyReply, 'header'>,
): Promise<void> {
  const state = await limiter.peek(bucket)
  if (!state.locked) return
  reply?.header('retry-after', Math.ceil(state.retryAfterMs / 1000))
  throw new TooManyAttempts(state.retryAfterMs)
}
