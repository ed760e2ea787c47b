/**
 * A read every visitor gets the same answer to (the navigation menus, the user navigation), kept
 * per back end (its fetch stands for it) for a few seconds instead of asked for on every page: a
 * failed read is not kept, so the next page asks again.
 */
import type { AppLoadContext } from 'react-router'

/**
 * How long the storefront reuses such an answer: it changes only when an editor changes the
 * database (the menu endpoints let shared caches keep them a minute). Reading the menus on every
 * page cost about 2% of an uncached page's CPU (issue 15, fourth pass), the user navigation one
 * more call with the visitor's token (a third of a personal frame's, 2026-11-29).
 */
export const KEPT_MS = 5_000

export function keptRead<A extends unknown[], T>(
  read: (context: AppLoadContext, ...args: A) => Promise<T>,
): (context: AppLoadContext, ...args: A) => Promise<T> {
  const kept = new WeakMap<AppLoadContext['apiFetch'], { answer: Promise<T>; at: number }>()
  return (context, ...args) => {
    const now = Date.now()
    const entry = kept.get(context.apiFetch)
    if (entry && now - entry.at < KEPT_MS) return entry.answer
    const fresh = {
      at: now,
      answer: read(context, ...args).catch((error: unknown) => {
        if (kept.get(context.apiFetch) === fresh) kept.delete(context.apiFetch)
        throw error
      }),
    }
    kept.set(context.apiFetch, fresh)
    return fresh.answer
  }
}
