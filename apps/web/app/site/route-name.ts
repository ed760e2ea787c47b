/** The current page's route name (spec 2): the routeName of the deepest matched route that gives one. */
import { useMatches } from 'react-router'
import { isSiteHandle } from './handle.ts'

export function useRouteName(): string | undefined {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle
    if (isSiteHandle(handle) && handle.routeName) return handle.routeName
  }
  return undefined
}
