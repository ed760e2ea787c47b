/**
 * The storefront splits off the code of what a page shows only when asked (a panel, a dialog, a
 * form for a rare case) and names its components; React's lazy() takes a module's default export.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

/** A component loaded with its module the first time it renders; until then it suspends. */
export function lazyNamed<
  // biome-ignore lint/suspicious/noExplicitAny: as React's own lazy(), any component whatever its props
  Module extends Record<Name, ComponentType<any>>,
  Name extends keyof Module & string,
>(load: () => Promise<Module>, name: Name): LazyExoticComponent<Module[Name]> {
  return lazy(() => load().then((module) => ({ default: module[name] })))
}
