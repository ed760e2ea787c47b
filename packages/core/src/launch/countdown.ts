/**
 * The /comingsoon countdown: time left until the launch instant, from two epoch instants, so it
 * is the same for a visitor in any time zone; it stops at zero.
 */

export interface Countdown {
  days: number
  hours: number
  minutes: number
  seconds: number
  /** The launch instant has been reached. */
  done: boolean
}

export function countdown(launchAt: number, now: number): Countdown {
  const left = Math.max(0, Math.ceil((launchAt - now) / 1000))
  return {
    days: Math.floor(left / 86400),
    hours: Math.floor((left % 86400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    done: left === 0,
  }
}
