/**
 * Reads every visitor gets the same answer to (the navigation menus, the user navigation), kept
 * per back end (its fetch stands for it) for a few seconds instead of asked for on every page
 * (keptRead of packages/core: a failed read is not kept, so the next page asks again).
 */
import { keptRead } from '@fanshop/core'
import type { AppLoadContext } from 'react-router'

/**
 * How long the storefront reuses such an answer: it changes only when an editor changes the
 * database (the menu endpoints let shared caches keep them a minute). Reading the menus on every
 * page cost about 2% of an uncached page's CPU (issue 15, fourth pass), the user navigation one
 * more call with the visitor's token (a third of a personal frame's, 2026-11-29).
 */
export const KEPT_MS = 5_000

/** The read, kept once per back end whatever its argument (a visitor's token, say). */
export const keptForEveryVisitor = <A = void, V = unknown>(
  read: (context: AppLoadContext, arg: A) => Promise<V>,
) =>
  keptRead({ ms: KEPT_MS, sourceOf: (context: AppLoadContext) => context.apiFetch, keyOf: () => null }, read)
