/**
 * Counts V8's full (mark-compact) collections while brotli encoders work side by side, with the
 * shop's window and, in the same process, with brotli's default 4 MiB window: the compression
 * tests read the two against each other (issue 15's fourth pass), because a loaded machine moves
 * the count of either (a test process under CI's browser tests ran 7 where it ran 1 alone).
 */
import { constants, PerformanceObserver } from 'node:perf_hooks'
import zlib from 'node:zlib'
import { expect, vi } from 'vitest'

async function fullCollectionsDuring(work: () => Promise<unknown>): Promise<number> {
  let major = 0
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (
        (entry as unknown as { detail?: { kind?: number } }).detail?.kind ===
        constants.NODE_PERFORMANCE_GC_MAJOR
      )
        major++
    }
  })
  observer.observe({ entryTypes: ['gc'] })
  try {
    await work()
    // GC entries are delivered after the collection; give the last ones time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 50))
  } finally {
    observer.disconnect()
  }
  return major
}

/** Full collections during `work` with every brotli encoder given the default window. */
async function fullCollectionsWithDefaultWindow(work: () => Promise<unknown>): Promise<number> {
  const create = zlib.createBrotliCompress
  const spy = vi.spyOn(zlib, 'createBrotliCompress').mockImplementation((options) => {
    const params = { ...options?.params }
    delete params[zlib.constants.BROTLI_PARAM_LGWIN]
    return create({ ...options, params })
  })
  try {
    const major = await fullCollectionsDuring(work)
    expect(spy).toHaveBeenCalled()
    return major
  } finally {
    spy.mockRestore()
  }
}

/**
 * Full collections during `work` as the shop configures brotli (`shop`) and during the same work
 * with every brotli encoder given the default window (`defaultWindow`): the encoders are the
 * shop's own, created through zlib, with only their window parameter taken out. Each is run twice,
 * in the order shop, default, default, shop, and summed: the test files of a worker share its heap
 * (`isolate: false`), and what an earlier file left there fell on whichever ran first (once 8
 * against 24 with the shop's run first, where 0 to 2 against 45 to 63 is usual).
 */
export async function fullCollectionsAgainstDefaultWindow(
  work: () => Promise<unknown>,
): Promise<{ shop: number; defaultWindow: number }> {
  const first = await fullCollectionsDuring(work)
  const defaultWindow =
    (await fullCollectionsWithDefaultWindow(work)) + (await fullCollectionsWithDefaultWindow(work))
  return { shop: first + (await fullCollectionsDuring(work)), defaultWindow }
}
