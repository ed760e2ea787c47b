/**
 * False on the server and while the page hydrates, true once React runs in the browser: lets a
 * control offer its no-JavaScript fallback (a plain link or submit button) until the script can
 * take over. One state at the root, turned on by a transition once hydration has committed: the
 * controls that change then re-render in slices a tap can interrupt. (Each control's own
 * useSyncExternalStore did the same as a synchronous update, which React runs at once with every
 * effect of the page: one long task after the first paint, issue 15.)
 */
import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react'

const Hydrated = createContext(false)

export function HydratedProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => startTransition(() => setHydrated(true)), [])
  // Said on the document once the controls have changed over: the page answers as it should from
  // here on (the browser tests wait for it; so can a style).
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = 'true'
  }, [hydrated])
  return <Hydrated.Provider value={hydrated}>{children}</Hydrated.Provider>
}

export function useHydrated(): boolean {
  return useContext(Hydrated)
}
