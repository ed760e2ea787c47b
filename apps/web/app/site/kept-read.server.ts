/**
 * Reads every visitor gets the same answer to (the navigation menus, the user navigation, the
 * shop's categories and filters, the home blocks, the feed's topics, and the landing's newest
 * tiles and feed strip), kept per back end (its fetch stands for it) for a few seconds instead of
 * asked for on every page, and read again as soon as a write changes what pages show (the load
 * context's sharedDataVersion), so an editor's change shows on the next page (keptRead of
 * packages/core: a failed read is not kept, so the next page asks again).
 */
import { keptRead } from '@fanshop/core'
import type { AppLoadContext } from 'react-router'

/**
 * How long the storefront reuses such an answer at most: it changes only when an editor changes
 * the database, which the version tells at once where the write went through this instance (or,
 * with Redis, any); the seconds bound what another instance without Redis, or a change made
 * outside the API, leaves behind. Reading the menus on every page cost about 2% of an uncached
 * page's CPU (issue 15, fourth pass), the user navigation one more call with the visitor's token
 * (a third of a personal frame's, 2026-11-29), the categories and filters on `/shop` three calls
 * and four statements, the landing's blocks and topics two calls and three (2026-11-30), its
 * newest tiles and feed strip four calls and eight (2026-12-02: its CPU a page 5.8 -> 3.7 ms).
 */
export const KEPT_MS = 5_000

/** The read, kept once per back end whatever its argument (a visitor's token, say). */
export const keptForEveryVisitor = <A = void, V = unknown>(
  read: (context: AppLoadContext, arg: A) => Promise<V>,
) =>
  keptRead(
    {
      ms: KEPT_MS,
      sourceOf: (context: AppLoadContext) => context.apiFetch,
      keyOf: () => null,
      versionOf: (context) => context.sharedDataVersion(),
    },
    read,
  )
