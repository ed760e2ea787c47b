import { describe, expect, it } from 'vitest'
import {
  ANIMATE_ON_SCROLL_MS,
  COOKIE_CONFIRMATION,
  COPY_CONFIRMATION_MS,
  OVERLAY_HIDE_DELAY_MS,
  PREFETCH_IDLE_TIMEOUT_MS,
  PROGRESS_BAR_HEIGHT_PX,
  PROGRESS_DURATION_MS,
  PROGRESS_STEP_MS,
  PROGRESS_THROTTLE_MS,
  SCROLL_DURATION_MS,
  SCROLL_TOP_OFFSET_PX,
} from './constants.ts'
import { shouldPrefetch } from './prefetch.ts'
import { progressPercent } from './progress.ts'

describe('spec 9 timings', () => {
  it('are the numbers the spec gives', () => {
    expect({
      OVERLAY_HIDE_DELAY_MS,
      PROGRESS_THROTTLE_MS,
      PROGRESS_DURATION_MS,
      PROGRESS_STEP_MS,
      PROGRESS_BAR_HEIGHT_PX,
      COPY_CONFIRMATION_MS,
      SCROLL_TOP_OFFSET_PX,
      SCROLL_DURATION_MS,
      ANIMATE_ON_SCROLL_MS,
      PREFETCH_IDLE_TIMEOUT_MS,
    }).toEqual({
      OVERLAY_HIDE_DELAY_MS: 100,
      PROGRESS_THROTTLE_MS: 200,
      PROGRESS_DURATION_MS: 5000,
      PROGRESS_STEP_MS: 100,
      PROGRESS_BAR_HEIGHT_PX: 2,
      COPY_CONFIRMATION_MS: 2000,
      SCROLL_TOP_OFFSET_PX: 100,
      SCROLL_DURATION_MS: 700,
      ANIMATE_ON_SCROLL_MS: 600,
      PREFETCH_IDLE_TIMEOUT_MS: 2000,
    })
  })
  it('keeps the cookie confirmation for 7 days, site-wide', () => {
    expect(COOKIE_CONFIRMATION).toEqual({
      name: 'cookie-confirmation',
      value: 'true',
      maxAgeSeconds: 7 * 24 * 60 * 60,
      path: '/',
    })
  })
})

describe('progressPercent', () => {
  it('stays hidden during the 200 ms throttle', () => {
    expect(progressPercent(0)).toBeNull()
    expect(progressPercent(199)).toBeNull()
  })
  it('starts empty at the throttle and moves only on 100 ms steps', () => {
    expect(progressPercent(200)).toBe(0)
    expect(progressPercent(299)).toBe(0)
    expect(progressPercent(300)).toBe(2)
    expect(progressPercent(399)).toBe(2)
  })
  it('is full about 5 s after it appears, and never more', () => {
    expect(progressPercent(200 + 4900)).toBe(98)
    expect(progressPercent(200 + 5000)).toBe(100)
    expect(progressPercent(60_000)).toBe(100)
  })
})

describe('shouldPrefetch', () => {
  it('prefetches on a good connection', () => {
    expect(shouldPrefetch({ online: true })).toBe(true)
    expect(shouldPrefetch({ online: true, connection: { effectiveType: '4g', saveData: false } })).toBe(true)
    expect(shouldPrefetch({ online: true, connection: { effectiveType: '3g' } })).toBe(true)
  })
  it('skips on 2g and slow-2g', () => {
    expect(shouldPrefetch({ online: true, connection: { effectiveType: '2g' } })).toBe(false)
    expect(shouldPrefetch({ online: true, connection: { effectiveType: 'slow-2g' } })).toBe(false)
  })
  it('skips with data-saver on', () => {
    expect(shouldPrefetch({ online: true, connection: { effectiveType: '4g', saveData: true } })).toBe(false)
  })
  it('skips offline', () => {
    expect(shouldPrefetch({ online: false })).toBe(false)
  })
})
