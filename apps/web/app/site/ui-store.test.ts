import { OVERLAY_HIDE_DELAY_MS } from '@fanshop/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useUi } from './ui-store.ts'

const ui = () => useUi.getState()

describe('the UI store (spec 4 visibility toggles)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    useUi.setState({ open: null, overlay: false, taxonomies: false, cookieBar: true })
  })
  afterEach(() => {
    vi.runOnlyPendingTimers()
    vi.useRealTimers()
  })

  it('opens one panel at a time, with the overlay', () => {
    ui().show('navigation')
    expect(ui()).toMatchObject({ open: 'navigation', overlay: true })
    ui().show('cart')
    expect(ui()).toMatchObject({ open: 'cart', overlay: true })
  })

  it('toggling the open panel closes it', () => {
    ui().toggle('socialBar')
    expect(ui().open).toBe('socialBar')
    ui().toggle('socialBar')
    expect(ui().open).toBeNull()
  })

  it('hides the overlay 100 ms after the panels close, not before', () => {
    ui().show('login')
    ui().closeAll()
    expect(ui()).toMatchObject({ open: null, overlay: true })
    vi.advanceTimersByTime(OVERLAY_HIDE_DELAY_MS - 1)
    expect(ui().overlay).toBe(true)
    vi.advanceTimersByTime(1)
    expect(ui().overlay).toBe(false)
  })

  it('keeps the overlay when another panel opens within those 100 ms', () => {
    ui().show('login')
    ui().closeAll()
    vi.advanceTimersByTime(50)
    ui().show('register')
    vi.advanceTimersByTime(OVERLAY_HIDE_DELAY_MS)
    expect(ui()).toMatchObject({ open: 'register', overlay: true })
  })

  it('close-all leaves the taxonomies and the cookie bar alone', () => {
    ui().setTaxonomies(true)
    ui().show('shopFilters')
    ui().closeAll()
    vi.advanceTimersByTime(OVERLAY_HIDE_DELAY_MS)
    expect(ui()).toMatchObject({ open: null, overlay: false, taxonomies: true, cookieBar: true })
  })
})
