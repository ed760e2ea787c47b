/**
 * A seeded generator for the fuzz tests (the API's and the storefront pages'): the same seed gives
 * the same requests, so a failure names a request that can be replayed.
 */

/** mulberry32: a small, fast, seeded generator of numbers in [0, 1), with helpers over it. */
export function seededRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let x = state
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!
  return { next, int, pick, chance: (p: number) => next() < p }
}
export type SeededRandom = ReturnType<typeof seededRandom>
