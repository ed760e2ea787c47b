/**
 * Where each side panel's code comes from. A panel's code stays off the first load: it is fetched
 * when a trigger of the panel is pointed at, touched or focused, so that the click that follows
 * finds it there, under the network rules of link prefetching (spec 9: not on 2g, with data-saver
 * on, or offline); otherwise when the panel first opens (when-opened.tsx).
 */

import { networkAllowsPrefetch } from './prefetch.ts'
import type { Panel } from './ui-store.ts'

export const PANEL_CODE = {
  navigation: () => import('./navigation-panel.tsx'),
  socialBar: () => import('./social-bar.tsx'),
  socialShare: () => import('./social-popups.tsx'),
  socialStream: () => import('./social-popups.tsx'),
  login: () => import('../accounts/account-panels.tsx'),
  register: () => import('../accounts/account-panels.tsx'),
  cart: () => import('../cart/cart-panel.tsx'),
} satisfies Partial<Record<Panel, () => Promise<unknown>>>

type LazyPanel = keyof typeof PANEL_CODE

function warm(panel: LazyPanel) {
  // A warm-up that fails is tried again when the panel opens.
  if (networkAllowsPrefetch()) PANEL_CODE[panel]().catch(() => {})
}

/** Props for a control that opens `panel`: its code is fetched as the visitor reaches for it. */
export function panelTrigger(panel: LazyPanel) {
  return { onPointerEnter: () => warm(panel), onFocus: () => warm(panel) }
}
