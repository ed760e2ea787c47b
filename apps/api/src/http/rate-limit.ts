/**
 * Attempt counting with lock-out that holds across any number of server processes: the count
 * lives in the database (table rate_limits, one row per bucket) or, when REDIS_URL is set, in
 * Redis. Each count is one atomic write, so two processes can never both let the 11th try through.
 *
 * A bucket counts hits in a window that opens at its first hit; the hit that reaches `limit`
 * locks the bucket for `lockMs`. Times come from the shop's clock (ctx.now()), so tests move it.
 *
 * Guesses (passwords, reset requests, messages) are counted BEFORE they are checked, so a burst
 * of parallel requests cannot all be checked while the count lags behind:
 *
 *   const attempt = await beginAttempt(limiter, reply, [[`login:${clientKey(request.ip)}:${email}`, RULE], ...])
 *   ...on a failure: await attempt.failed()      // it stays counted
 *   ...on a success: await attempt.succeeded()   // gives back what the rule allows
 *
 * Expired rows are deleted in small batches as the table is written.
 *
 * Redis out of reach fails closed: what a count guards is refused (503 with Retry-After, the
 * message below), never let through uncounted and never left waiting (redis.ts bounds each
 * command); what an end gives back stays counted, which only errs on the safe side.
 */

import type { FastifyReply } from 'fastify'
import { type Kysely, type Migration, sql } from 'kysely'
import type { ShopContext } from '../context.ts'
import type { Database } from '../db/schema.ts'
import { HttpError } from './errors.ts'
import { closeRedis, connectRedis, redisDown } from './redis.ts'

export interface RateLimitRule {
  /** Hits in one window that lock the bucket. */
  limit: number
  windowMs: number
  lockMs: number
  /**
   * A success forgets the failures that ended before it (one person's own account). Without
   * this, a success only gives its own attempt back (an address that many people share).
   */
  successForgets?: boolean
}

export interface RateLimitState {
  locked: boolean
  /** Hits counted in the current window. */
  hits: number
  /** Milliseconds until the lock ends (0 when not locked). */
  retryAfterMs: number
}

/** What ends an attempt that take() let through. */
export type AttemptOutcome =
  /** It stays counted. */
  | 'failed'
  /** Its own count is given back (a success where the rule does not forget, or an attempt not judged). */
  | 'refund'
  /** It and every failure that ended before it are forgotten; attempts still open stay counted. */
  | 'forget'

export interface RateLimiter {
  /** The bucket's state, counting nothing. */
  peek(bucket: string): Promise<RateLimitState>
  /** Counts one hit (a failure) and returns the state after it. */
  hit(bucket: string, rule: RateLimitRule): Promise<RateLimitState>
  /**
   * Counts one attempt before it is checked, in one atomic write, and says whether it may go
   * on: no more than `limit` attempts per window do. One allowed attempt stays open until end().
   */
  take(bucket: string, rule: RateLimitRule): Promise<{ allowed: boolean; retryAfterMs: number }>
  /** Ends an attempt that take() allowed. */
  end(bucket: string, rule: RateLimitRule, outcome: AttemptOutcome): Promise<void>
  /**
   * Forgets the bucket's count and lifts its lock, keeping the attempts still open counted: what
   * proves the bucket's failures harmless (a password set through a reset link) forgives them.
   */
  clear(bucket: string): Promise<void>
  close(): Promise<void>
}

/** The database table behind the default limiter. */
export interface RateLimitsTable {
  bucket: string
  window_started_at: number
  hits: number
  /** Epoch ms until which the bucket is locked; 0 when it is not. */
  locked_until: number
  /** Attempts that take() let through and that have not ended yet (rules whose success forgets). */
  open_attempts: number
  /** Epoch ms after which the row means nothing (its window and lock are over): it may be deleted. */
  expires_at: number
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

/** Open attempts (for counting before checking) and an expiry, so old rows can be deleted. */
export const rateLimitsExpiryMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('rate_limits')
      .addColumn('open_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema
      .alterTable('rate_limits')
      .addColumn('expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute()
    // No window or lock in use was longer than 1 hour.
    await sql`update rate_limits set expires_at = case when locked_until > window_started_at + 3600000 then locked_until else window_started_at + 3600000 end`.execute(
      db,
    )
    await db.schema.createIndex('rate_limits_expires_idx').on('rate_limits').column('expires_at').execute()
  },
}

/** How many expired rows one write may delete, and how often (shop clock) it tries. */
export const EXPIRED_BATCH = 500
export const SWEEP_EVERY_MS = 60_000

function stateOf(hits: number, lockedUntil: number, now: number): RateLimitState {
  const locked = lockedUntil > now
  return { locked, hits, retryAfterMs: locked ? lockedUntil - now : 0 }
}

/** The row's expiry for a write at `at`: no window or lock it holds can last longer. */
const expiryOf = (at: number, rule: RateLimitRule) => at + Math.max(rule.windowMs, rule.lockMs)

function databaseLimiter(db: Kysely<Database>, now: () => number): RateLimiter {
  let nextSweepAt = 0

  /** Deletes one bounded batch of expired rows, at most once per SWEEP_EVERY_MS. */
  async function sweep(at: number) {
    if (at < nextSweepAt) return
    nextSweepAt = at + SWEEP_EVERY_MS
    await db
      .deleteFrom('rate_limits')
      .where('bucket', 'in', (eb) =>
        eb.selectFrom('rate_limits').select('bucket').where('expires_at', '<=', at).limit(EXPIRED_BATCH),
      )
      .execute()
  }

  /**
   * One atomic upsert that counts a hit. A window that has run out, or a lock that has ended,
   * starts the count afresh; the hit that reaches the limit locks the bucket, and a lock is
   * never extended by the hits it refuses. `opens` also counts an open attempt if the hit is
   * within the limit.
   */
  async function count(bucket: string, rule: RateLimitRule, opens: boolean) {
    const at = now()
    await sweep(at)
    const stale = sql<boolean>`(rate_limits.window_started_at + ${rule.windowMs} <= ${at} or (rate_limits.locked_until > 0 and rate_limits.locked_until <= ${at}))`
    const hits = sql<number>`case when ${stale} then 1 else rate_limits.hits + 1 end`
    const opened = opens ? 1 : 0
    const row = await db
      .insertInto('rate_limits')
      .values({
        bucket,
        window_started_at: at,
        hits: 1,
        locked_until: rule.limit <= 1 ? at + rule.lockMs : 0,
        open_attempts: rule.limit >= 1 ? opened : 0,
        expires_at: expiryOf(at, rule),
      })
      .onConflict((oc) =>
        oc.column('bucket').doUpdateSet({
          window_started_at: sql`case when ${stale} then ${at} else rate_limits.window_started_at end`,
          hits,
          locked_until: sql`case when not ${stale} and rate_limits.locked_until > ${at} then rate_limits.locked_until when ${hits} >= ${rule.limit} then ${at + rule.lockMs} else 0 end`,
          open_attempts: sql`case when ${hits} > ${rule.limit} then (case when ${stale} then 0 else rate_limits.open_attempts end) when ${stale} then ${opened} else rate_limits.open_attempts + ${opened} end`,
          expires_at: expiryOf(at, rule),
        }),
      )
      .returning(['hits', 'locked_until'])
      .executeTakeFirstOrThrow()
    return { at, hits: Number(row.hits), lockedUntil: Number(row.locked_until) }
  }

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
      const { at, hits, lockedUntil } = await count(bucket, rule, false)
      return stateOf(hits, lockedUntil, at)
    },
    async take(bucket, rule) {
      const { at, hits, lockedUntil } = await count(bucket, rule, rule.successForgets === true)
      return { allowed: hits <= rule.limit, retryAfterMs: Math.max(0, lockedUntil - at) }
    },
    async end(bucket, rule, outcome) {
      const stillOpen = sql<number>`case when rate_limits.open_attempts > 0 then rate_limits.open_attempts - 1 else 0 end`
      const update = db.updateTable('rate_limits').where('bucket', '=', bucket)
      if (outcome === 'failed') {
        await update.set({ open_attempts: stillOpen }).execute()
      } else if (outcome === 'forget') {
        await update.set({ open_attempts: stillOpen, hits: stillOpen, locked_until: 0 }).execute()
      } else {
        const hits = sql<number>`case when rate_limits.hits > 0 then rate_limits.hits - 1 else 0 end`
        await update
          .set({
            open_attempts: stillOpen,
            hits,
            locked_until: sql`case when ${hits} < ${rule.limit} then 0 else rate_limits.locked_until end`,
          })
          .execute()
      }
    },
    async clear(bucket) {
      await db
        .updateTable('rate_limits')
        .set((eb) => ({ hits: eb.ref('open_attempts'), locked_until: 0 }))
        .where('bucket', '=', bucket)
        .execute()
    },
    async close() {},
  }
}

/** The same counting as the SQL above, as one atomic Redis script. */
const REDIS_COUNT = `
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local lock = tonumber(ARGV[4])
local opens = tonumber(ARGV[5])
local state = redis.call('HMGET', KEYS[1], 'started', 'hits', 'locked_until', 'open')
local started = tonumber(state[1])
local hits = tonumber(state[2]) or 0
local lockedUntil = tonumber(state[3]) or 0
local open = tonumber(state[4]) or 0
if started == nil or started + window <= now or (lockedUntil > 0 and lockedUntil <= now) then
  started = now
  hits = 0
  lockedUntil = 0
  open = 0
end
hits = hits + 1
if hits <= limit then open = open + opens end
if lockedUntil <= now and hits >= limit then lockedUntil = now + lock end
redis.call('HSET', KEYS[1], 'started', started, 'hits', hits, 'locked_until', lockedUntil, 'open', open)
redis.call('PEXPIRE', KEYS[1], math.max(started + window, lockedUntil) - now)
return { hits, lockedUntil }
`

/** end() of the database limiter, as one atomic Redis script. */
const REDIS_END = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local outcome = ARGV[1]
local limit = tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'hits', 'open')
local hits = tonumber(state[1]) or 0
local open = math.max((tonumber(state[2]) or 0) - 1, 0)
if outcome == 'failed' then
  redis.call('HSET', KEYS[1], 'open', open)
elseif outcome == 'forget' then
  redis.call('HSET', KEYS[1], 'open', open, 'hits', open, 'locked_until', 0)
else
  hits = math.max(hits - 1, 0)
  redis.call('HSET', KEYS[1], 'open', open, 'hits', hits)
  if hits < limit then redis.call('HSET', KEYS[1], 'locked_until', 0) end
end
return 1
`

/** clear() of the database limiter, as one atomic Redis script. */
const REDIS_CLEAR = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local open = tonumber(redis.call('HGET', KEYS[1], 'open')) or 0
redis.call('HSET', KEYS[1], 'hits', open, 'locked_until', 0)
return 1
`

function redisLimiter(ctx: ShopContext, url: string): RateLimiter {
  const redis = connectRedis(url, ctx.log, 'rate limits')
  const key = (bucket: string) => `fanshop:rate:${bucket}`
  /** A command whose answer a count needs: Redis out of reach refuses what the count guards. */
  async function counted<T>(command: () => Promise<T>): Promise<T> {
    if (redisDown(redis)) throw new CountsUnavailable()
    try {
      return await command()
    } catch (error) {
      ctx.log.warn({ err: error }, 'rate limits: Redis did not count')
      throw new CountsUnavailable()
    }
  }
  async function count(bucket: string, rule: RateLimitRule, opens: boolean) {
    const at = ctx.now()
    const [hits, lockedUntil] = (await counted(() =>
      redis.eval(REDIS_COUNT, 1, key(bucket), at, rule.limit, rule.windowMs, rule.lockMs, opens ? 1 : 0),
    )) as [number, number]
    return { at, hits, lockedUntil }
  }
  return {
    async peek(bucket) {
      const [hits, lockedUntil] = await counted(() => redis.hmget(key(bucket), 'hits', 'locked_until'))
      return stateOf(Number(hits ?? 0), Number(lockedUntil ?? 0), ctx.now())
    },
    async hit(bucket, rule) {
      const { at, hits, lockedUntil } = await count(bucket, rule, false)
      return stateOf(hits, lockedUntil, at)
    },
    async take(bucket, rule) {
      const { at, hits, lockedUntil } = await count(bucket, rule, rule.successForgets === true)
      return { allowed: hits <= rule.limit, retryAfterMs: Math.max(0, lockedUntil - at) }
    },
    async end(bucket, rule, outcome) {
      // Not given back, the attempt stays counted: the answer it ends goes out all the same.
      await counted(() => redis.eval(REDIS_END, 1, key(bucket), outcome, rule.limit)).catch(() => undefined)
    },
    async clear(bucket) {
      // Not cleared, the bucket stays counted and locked as it was, which errs on the safe side.
      await counted(() => redis.eval(REDIS_CLEAR, 1, key(bucket))).catch(() => undefined)
    },
    async close() {
      await closeRedis(redis)
    },
  }
}

const limiters = new WeakMap<ShopContext, RateLimiter>()

/** The shop's limiter: Redis when REDIS_URL is set, otherwise the database. One per server. */
export function rateLimiter(ctx: ShopContext): RateLimiter {
  let limiter = limiters.get(ctx)
  if (!limiter) {
    limiter = ctx.config.REDIS_URL
      ? redisLimiter(ctx, ctx.config.REDIS_URL)
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

/** The sentence of a refusal, given how long to wait ("15 minutes"). */
export type RefusalMessage = (wait: string) => string

const lockedForNow: RefusalMessage = (wait) =>
  `Too many failed attempts. For your security this is locked for now: please try again in ${wait}.`

/** 429 with a message that says how long to wait. */
export class TooManyAttempts extends HttpError {
  constructor(
    readonly retryAfterMs: number,
    message: RefusalMessage = lockedForNow,
  ) {
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000))
    super(429, message(`${minutes} minute${minutes === 1 ? '' : 's'}`))
  }
}

/** How long a client refused for want of counts is asked to wait, in seconds. */
export const COUNTS_UNAVAILABLE_RETRY_AFTER_S = 60

/** 503: the counts cannot be read (Redis out of reach), so what they guard is not done. */
export class CountsUnavailable extends HttpError {
  constructor() {
    super(503, 'We cannot check this safely right now: please try again in a minute.')
  }
}

/** One attempt counted in every bucket it belongs to; say how it ended. */
export interface Attempt {
  failed(): Promise<void>
  succeeded(): Promise<void>
  /** Neither: the check could not be made (a provider out of reach), so its count is given back. */
  withdrawn(): Promise<void>
}

/**
 * Counts one attempt in each bucket before it is checked. A bucket names its client by its key
 * (`login:${clientKey(request.ip)}:${email}`, http/client-key.ts), so that every limit counts an
 * IPv6 client on its /64. Past the limit of any of them it is refused with TooManyAttempts (429, and
 * Retry-After in seconds on the reply) and still counted, so a burst of parallel requests gets no
 * more than `limit` checks. Without the counts (Redis out of reach) it is refused with
 * CountsUnavailable (503, and Retry-After).
 */
export async function beginAttempt(
  limiter: RateLimiter,
  reply: Pick<FastifyReply, 'header'>,
  buckets: ReadonlyArray<readonly [bucket: string, rule: RateLimitRule]>,
  message?: RefusalMessage,
): Promise<Attempt> {
  const settled = await Promise.allSettled(buckets.map(([bucket, rule]) => limiter.take(bucket, rule)))
  const taken = settled.map((result) => (result.status === 'fulfilled' ? result.value : null))
  const endAll = (outcome: (rule: RateLimitRule) => AttemptOutcome | undefined) =>
    Promise.all(
      buckets.map(async ([bucket, rule], i) => {
        const how = taken[i]?.allowed ? outcome(rule) : undefined
        if (how) await limiter.end(bucket, rule, how)
      }),
    ).then(() => undefined)
  // Only rules whose success forgets keep attempts open; the others need no word on a failure.
  const failed = () => endAll((rule) => (rule.successForgets ? 'failed' : undefined))
  const uncounted = settled.find((result) => result.status === 'rejected')
  if (uncounted) {
    await failed()
    if (uncounted.reason instanceof CountsUnavailable) {
      reply.header('retry-after', COUNTS_UNAVAILABLE_RETRY_AFTER_S)
    }
    throw uncounted.reason
  }
  const refused = taken.flatMap((t) => (t && !t.allowed ? [t] : []))
  if (refused.length > 0) {
    await failed()
    const retryAfterMs = Math.max(...refused.map((t) => t.retryAfterMs))
    reply.header('retry-after', Math.max(1, Math.ceil(retryAfterMs / 1000)))
    throw new TooManyAttempts(retryAfterMs, message)
  }
  return {
    failed,
    succeeded: () => endAll((rule) => (rule.successForgets ? 'forget' : 'refund')),
    withdrawn: () => endAll(() => 'refund'),
  }
}
