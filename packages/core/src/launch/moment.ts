/**
 * The launch moment as texts write it ("26 November", "07:00", "26 November, 07:00"), in the
 * shop's time zone, from the launch setting (LAUNCH_AT and SHOP_TZ): the storefront's pages and
 * the demo content's posts both write it from here, so no text carries a launch date of its own.
 */

export function launchDayText(launchAt: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone }).format(launchAt)
}

export function launchTimeText(launchAt: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(launchAt)
}

export function launchMomentText(launchAt: number, timeZone: string): string {
  return `${launchDayText(launchAt, timeZone)}, ${launchTimeText(launchAt, timeZone)}`
}
