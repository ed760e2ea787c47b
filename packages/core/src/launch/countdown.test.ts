import { describe, expect, it } from 'vitest'
import { countdown } from './countdown.ts'
import { launchInstant } from './launch-instant.ts'

describe('countdown', () => {
  const launchAt = Date.UTC(2030, 0, 1)
  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = launchAt - (2 * 86400 + 3 * 3600 + 4 * 60 + 5) * 1000
    expect(countdown(launchAt, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, done: false })
  })
  it('rounds a part-second up, so it never shows zero before the instant', () => {
    expect(countdown(launchAt, launchAt - 1)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 1,
      done: false,
    })
  })
  it('reaches zero exactly at the launch and stays there', () => {
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0, done: true }
    expect(countdown(launchAt, launchAt)).toEqual(zero)
    expect(countdown(launchAt, launchAt + 86_400_000)).toEqual(zero)
  })
  it('is the same for every visitor, whatever their time zone, since both ends are instants', () => {
    const launch = launchInstant('2030-06-01T12:00', 'Europe/Madrid')
    const now = Date.UTC(2030, 5, 1, 9, 0)
    expect(countdown(launch, now)).toEqual({ days: 0, hours: 1, minutes: 0, seconds: 0, done: false })
  })
})
