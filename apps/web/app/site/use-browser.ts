/**
 * What the browser says about itself, as React state that is the same on the server and during
 * hydration (so the first render matches) and follows changes after: online status, reduced
 * motion, a fine pointer, and the design token breakpoints of global.css.
 */
import { useSyncExternalStore } from 'react'

const onlineEvents = (notify: () => void) => {
  window.addEventListener('online', notify)
  window.addEventListener('offline', notify)
  return () => {
    window.removeEventListener('online', notify)
    window.removeEventListener('offline', notify)
  }
}

/** True on the server; the browser's own answer after hydration. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    onlineEvents,
    () => navigator.onLine,
    () => true,
  )
}

/** A media query's answer, false on the server. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', notify)
      return () => list.removeEventListener('change', notify)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )
}

export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'
/** A mouse or trackpad that hovers: the custom cursor's condition. */
export const FINE_POINTER = '(hover: hover) and (pointer: fine)'

/** A breakpoint token of global.css (--breakpoint-md → 768), read once it is needed in the browser. */
export function breakpoint(name: 'sp' | 'sm' | 'md' | 'lg' | 'xl'): number {
  return Number.parseInt(
    getComputedStyle(document.documentElement).getPropertyValue(`--breakpoint-${name}`),
    10,
  )
}
