import { describe, expect, it } from 'vitest'
import { isShoppingAllowed } from './gate.ts'

describe('isShoppingAllowed', () => {
  const launchAt = Date.UTC(2030, 0, 1)
  it('is closed before launch without the flag', () => {
    expect(isShoppingAllowed({ now: launchAt - 1, launchAt, allowedToShop: false })).toBe(false)
  })
  it('is open before launch with the flag', () => {
    expect(isShoppingAllowed({ now: launchAt - 1, launchAt, allowedToShop: true })).toBe(true)
  })
  it('opens at the exact instant', () => {
    expect(isShoppingAllowed({ now: launchAt, launchAt, allowedToShop: false })).toBe(true)
  })
})
