/**
 * Reads kept per database handle (one per instance) for a while, for data that changes seldom and
 * may be that much behind on an instance: the waiting room in force (two seconds), the checkout's
 * countries and states (the hour the API tells its clients they may keep them). A failed read is
 * not kept, so the next call asks the database again; `forget` drops an instance's copies after it
 * changed the data itself. Monotonic time: a kept read's age is not a business rule.
 */
import { performance } from 'node:perf_hooks'

export interface KeptRead<C, K, V> {
  (ctx: C, key: K): Promise<V>
  /** Drops every copy kept for this context's database. */
  forget(ctx: C): void
}

export function keptRead<C extends { db: object }, K = void, V = unknown>(
  ms: number,
  read: (ctx: C, key: K) => Promise<V>,
): KeptRead<C, K, V> {
  const kept = new WeakMap<object, Map<K, { readAt: number; value: Promise<V> }>>()
  const get = (ctx: C, key: K): Promise<V> => {
    let reads = kept.get(ctx.db)
    if (!reads) {
      reads = new Map()
      kept.set(ctx.db, reads)
    }
    const now = performance.now()
    const copy = reads.get(key)
    if (copy && now - copy.readAt < ms) return copy.value
    const value = read(ctx, key)
    const entry = { readAt: now, value }
    reads.set(key, entry)
    value.catch(() => {
      if (reads.get(key) === entry) reads.delete(key)
    })
    return value
  }
  return Object.assign(get, { forget: (ctx: C) => void kept.delete(ctx.db) })
}
