/**
 * Work a page can put off until the browser is idle (spec 9's prefetching, the animate-on-scroll
 * setup): `requestIdleCallback` with a deadline, or a timer where the browser has none.
 */

/**
 * Runs `task` once the browser is idle, or after `timeoutMs` at the latest (after `fallbackMs`
 * where there is no `requestIdleCallback`); returns its cancellation.
 */
export function whenIdle(task: () => void, timeoutMs: number, fallbackMs = timeoutMs): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = setTimeout(task, fallbackMs)
  return () => clearTimeout(handle)
}
