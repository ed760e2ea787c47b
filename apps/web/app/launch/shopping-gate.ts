/**
 * The shopping gate as the storefront sees it (spec 4): open from the launch instant, and before it
 * for a visitor holding an access grant or the stored allowedToShop flag ('1'). The server enforces
 * the same gate on every cart write; this only lets pages say so before the visitor tries.
 */
import { ALLOWED_TO_SHOP_KEY, ALLOWED_TO_SHOP_VALUE, isShoppingAllowed } from '@fanshop/core'
import { useEffect, useSyncExternalStore } from 'react'
import { useFrame } from '../site/use-frame.ts'
import { useHydrated } from '../site/use-hydrated.tsx'

function storedFlag(): boolean {
  try {
    return localStorage.getItem(ALLOWED_TO_SHOP_KEY) === ALLOWED_TO_SHOP_VALUE
  } catch {
    return false
  }
}

const subscribeToStorage = (notify: () => void) => {
  window.addEventListener('storage', notify)
  return () => window.removeEventListener('storage', notify)
}

/** Keeps the spec's allowedToShop flag in local storage once this visitor holds a grant. */
export function useAllowedToShopFlag(): void {
  const granted = useFrame()?.launch.accessGranted ?? false
  useEffect(() => {
    if (!granted) return
    try {
      localStorage.setItem(ALLOWED_TO_SHOP_KEY, ALLOWED_TO_SHOP_VALUE)
    } catch {
      // Storage can be switched off; the grant cookie still opens the shop.
    }
  }, [granted])
}

/**
 * The instant pages judge the launch by: the server's as it drew the page, then this browser's clock
 * once hydrated (the frame, kept across moves, is as old as the page it came with).
 */
export function useLaunchNow(launch: { now: number } | undefined): number | undefined {
  const inBrowser = useHydrated()
  return launch && (inBrowser ? Date.now() : launch.now)
}

/** Whether this visitor may shop now, for pages that offer add-to-cart. */
export function useShoppingAllowed(): boolean {
  const launch = useFrame()?.launch
  const flag = useSyncExternalStore(subscribeToStorage, storedFlag, () => false)
  const now = useLaunchNow(launch)
  if (!launch || now === undefined) return true
  return isShoppingAllowed({
    now,
    launchAt: launch.at,
    allowedToShop: launch.accessGranted || flag,
  })
}
