import { describe, expect, it } from 'vitest'
import { CART_HOLD_MS, describeHoldLeft, holdExpiresAt, isHoldActive } from './hold.ts'

const changed = Date.UTC(2026, 10, 21, 12, 0)

describe('stock hold', () => {
  it('lasts one hour from when the units were added', () => {
    expect(CART_HOLD_MS).toBe(3_600_000)
    expect(holdExpiresAt(changed)).toBe(changed + 3_600_000)
  })

  it('is active until the expiry instant and not at it', () => {
    const expiresAt = holdExpiresAt(changed)
    expect(isHoldActive(expiresAt, expiresAt - 1)).toBe(true)
    expect(isHoldActive(expiresAt, expiresAt)).toBe(false)
  })

  it('describes the time left in words', () => {
    const expiresAt = holdExpiresAt(changed)
    expect(describeHoldLeft(expiresAt, changed + 8 * 60_000)).toBe('52 minutes')
    expect(describeHoldLeft(expiresAt, expiresAt - 90_000)).toBe('1 minute')
    expect(describeHoldLeft(expiresAt, expiresAt - 30_000)).toBe('less than a minute')
    expect(describeHoldLeft(expiresAt, expiresAt)).toBe('no time')
  })
})
