/**
 * Counts V8's full (mark-compact) collections while some work runs: the compression tests use it
 * to show that brotli encoders side by side no longer force them (issue 15's fourth pass).
 */
import { constants, PerformanceObserver } from 'node:perf_hooks'

export async function fullCollectionsDuring(work: () => Promise<unknown>): Promise<number> {
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
