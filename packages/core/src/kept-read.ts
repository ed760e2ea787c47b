/**
 * A read whose answer changes seldom and may be a little behind, kept for a while instead of asked
 * for on every call: per source (the object that stands for where the answer comes from: an API
 * instance's database handle, the storefront's back end) and per key. A failed read is not kept,
 * so the next call asks again; `forget` drops a source's copies after the caller changed the data
 * itself, and a copy read under another version of the data (`versionOf`, when a writer elsewhere
 * announces its changes) is not used either. Monotonic time: a kept read's age is not a business rule.
 */

export interface KeptRead<C, A, V> {
  (ctx: C, arg: A): Promise<V>
  /** Drops every copy kept for this context's source. */
  forget(ctx: C): void
}

export interface KeptReadOptions<C, A> {
  /** How long a copy is used, in ms. */
  ms: number
  /** What the copies are kept per. */
  sourceOf: (ctx: C) => object
  /** What a copy is kept under within its source: the argument itself unless given. */
  keyOf?: (arg: A) => unknown
  /** The version of the data now: a copy read under another one is read again, however young. */
  versionOf?: (ctx: C) => string
}

export function keptRead<C, A = void, V = unknown>(
  { ms, sourceOf, keyOf = (arg) => arg, versionOf }: KeptReadOptions<C, A>,
  read: (ctx: C, arg: A) => Promise<V>,
): KeptRead<C, A, V> {
  const kept = new WeakMap<object, Map<unknown, { readAt: number; version: string; value: Promise<V> }>>()
  const get = (ctx: C, arg: A): Promise<V> => {
    const source = sourceOf(ctx)
    let reads = kept.get(source)
    if (!reads) {
      reads = new Map()
      kept.set(source, reads)
    }
    const key = keyOf(arg)
    const now = performance.now()
    const version = versionOf?.(ctx) ?? ''
    const copy = reads.get(key)
    if (copy && now - copy.readAt < ms && copy.version === version) return copy.value
    const value = read(ctx, arg)
    const entry = { readAt: now, version, value }
    reads.set(key, entry)
    value.catch(() => {
      if (reads.get(key) === entry) reads.delete(key)
    })
    return value
  }
  return Object.assign(get, { forget: (ctx: C) => void kept.delete(sourceOf(ctx)) })
}
