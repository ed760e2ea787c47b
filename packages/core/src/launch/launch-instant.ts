/**
 * The launch instant from the LAUNCH_AT setting: a wall-clock time in the shop's time zone
 * (SHOP_TZ), or an ISO instant with offset. Apart from the gate (gate.ts), which pages run in the
 * browser, so that the time-zone library stays on the server.
 */
import { TZDate } from '@date-fns/tz'

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

/**
 * The last answer: every page's frame asks for the launch of the one setting, and the time-zone
 * arithmetic was half a percent of a page's CPU (issue 15).
 */
let last: { launchAt: string; timeZone: string; instant: number } | null = null

/** The launch as epoch milliseconds; throws RangeError on a value that is not a date-time. */
export function launchInstant(launchAt: string, timeZone: string): number {
  if (last?.launchAt !== launchAt || last.timeZone !== timeZone) {
    last = { launchAt, timeZone, instant: instantOf(launchAt, timeZone) }
  }
  return last.instant
}

function instantOf(launchAt: string, timeZone: string): number {
  const local = LOCAL.exec(launchAt)
  if (local) {
    const [y, mo, d, h, mi, s] = local.slice(1).map((part) => Number(part ?? 0)) as number[]
    return new TZDate(y!, mo! - 1, d!, h!, mi!, s!, timeZone).getTime()
  }
  const instant = Date.parse(launchAt)
  if (Number.isNaN(instant) || !/(Z|[+-]\d{2}:?\d{2})$/.test(launchAt)) {
    throw new RangeError(
      `not a launch time: ${launchAt} (use 2020-10-29T07:00 or an ISO instant with offset)`,
    )
  }
  return instant
}
