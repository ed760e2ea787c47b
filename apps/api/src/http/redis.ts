/**
 * The shop's connections to Redis (REDIS_URL: the rate limits' counts and the shared page cache),
 * all opened here with the same bounds. Without them, Redis out of reach answered a request after
 * ioredis's retries (refused) or never (a Redis that accepts and does not answer), and each failed
 * connection was printed as ioredis's "Unhandled error event". Each user decides what Redis out of
 * reach means for it: the rate limits refuse what they guard (rate-limit.ts), the page cache
 * keeps its pages in memory alone (page-cache.ts).
 */
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'

/** How long a command may wait for its answer, queued while connecting or sent, before it fails. */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000

/** The longest pause between two tries to connect again: Redis back is used within a second. */
const RECONNECT_MAX_MS = 1_000

/**
 * A connection for `purpose` (named in the log): its outage is logged once, as a warning, and its
 * return once. Commands given before the first connection wait for it, within the timeout.
 */
export function connectRedis(url: string, log: FastifyBaseLogger, purpose: string): Redis {
  const redis = new Redis(url, {
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2 * REDIS_COMMAND_TIMEOUT_MS,
    // A connection that has not answered a command for this long is dropped and made again.
    socketTimeout: 2 * REDIS_COMMAND_TIMEOUT_MS,
    // A command whose connection fails fails with it, never sent again: a count whose fate is
    // unknown is not counted twice, and no request waits for the next try.
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(50 * 2 ** times, RECONNECT_MAX_MS),
  })
  let out = false
  redis.on('error', (err: Error) => {
    if (out) return
    out = true
    log.warn({ err }, `${purpose}: Redis out of reach`)
  })
  redis.on('ready', () => {
    if (!out) return
    out = false
    log.info(`${purpose}: Redis answers again`)
  })
  return redis
}

/** The connection is lost and not made again yet: a command now would only wait to fail. */
export const redisDown = (redis: Redis): boolean =>
  redis.status === 'reconnecting' || redis.status === 'close' || redis.status === 'end'

/** Closes a connection: politely when Redis answers, at once when it does not. */
export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect())
}
