/**
 * The frame's UI-only state (spec 4, visibility toggles): which panel is open, the overlay,
 * the cookie bar. Opening a panel closes the others; close-all leaves taxonomies and the
 * cookie bar alone; the overlay hides 100 ms after the panels close.
 */
import { OVERLAY_HIDE_DELAY_MS } from '@fanshop/core'
import { create } from 'zustand'

export type Panel =
  | 'navigation'
  | 'socialBar'
  | 'login'
  | 'register'
  | 'cart'
  | 'socialShare'
  | 'socialStream'
  | 'shopFilters'

export interface UiState {
  open: Panel | null
  overlay: boolean
  taxonomies: boolean
  cookieBar: boolean
  /** Opens one panel, closing any other, and shows the overlay; opening the open one closes it. */
  toggle(panel: Panel): void
  show(panel: Panel): void
  closeAll(): void
  setTaxonomies(open: boolean): void
  setCookieBar(open: boolean): void
}

let overlayTimer: ReturnType<typeof setTimeout> | undefined

export const useUi = create<UiState>((set, get) => ({
  open: null,
  overlay: false,
  taxonomies: false,
  cookieBar: true,
  toggle(panel) {
    if (get().open === panel) get().closeAll()
    else get().show(panel)
  },
  show(panel) {
    clearTimeout(overlayTimer)
    set({ open: panel, overlay: true })
  },
  closeAll() {
    set({ open: null })
    clearTimeout(overlayTimer)
    overlayTimer = setTimeout(() => {
      if (get().open === null) set({ overlay: false })
    }, OVERLAY_HIDE_DELAY_MS)
  },
  setTaxonomies: (taxonomies) => set({ taxonomies }),
  setCookieBar: (cookieBar) => set({ cookieBar }),
}))
