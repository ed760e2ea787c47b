/**
 * False on the server and while the page hydrates, true once React runs in the browser: lets a
 * control offer its no-JavaScript fallback (a plain link or submit button) until the script can
 * take over.
 */
import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
