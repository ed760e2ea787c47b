/**
 * Whether links may prefetch the pages they lead to (spec 1 and 9): only once the browser has
 * been idle (or 2 s have passed), and never on 2g, with data-saver on, or offline.
 */
import { type ConnectionHints, PREFETCH_IDLE_TIMEOUT_MS, shouldPrefetch } from '@fanshop/core'
import { useSyncExternalStore } from 'react'
import { whenIdle } from './when-idle.ts'

type NetworkInformation = ConnectionHints & EventTarget

const connection = () => (navigator as Navigator & { connection?: NetworkInformation }).connection

let idle = false
const listeners = new Set<() => void>()
const notifyAll = () => {
  for (const listener of listeners) listener()
}

function noteIdle() {
  if (idle) return
  whenIdle(() => {
    idle = true
    notifyAll()
  }, PREFETCH_IDLE_TIMEOUT_MS)
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.addEventListener('online', notifyAll)
    window.addEventListener('offline', notifyAll)
    connection()?.addEventListener('change', notifyAll)
    noteIdle()
  }
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size > 0) return
    window.removeEventListener('online', notifyAll)
    window.removeEventListener('offline', notifyAll)
    connection()?.removeEventListener('change', notifyAll)
  }
}

/** Whether the network allows fetching ahead (spec 9: not on 2g, with data-saver on, or offline). */
export function networkAllowsPrefetch(): boolean {
  const hints = connection()
  return shouldPrefetch({
    online: navigator.onLine,
    connection: hints ? { effectiveType: hints.effectiveType, saveData: hints.saveData } : undefined,
  })
}

function allowed(): boolean {
  return idle && networkAllowsPrefetch()
}

export function usePrefetchAllowed(): boolean {
  return useSyncExternalStore(subscribe, allowed, () => false)
}
