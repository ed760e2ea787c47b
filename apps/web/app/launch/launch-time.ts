/**
 * The launch moment as pages write it ("26 November, 07:00"), in the shop's time zone, from the
 * launch setting (LAUNCH_AT and SHOP_TZ) that the frame carries: no page writes a launch date of its own.
 */
export function launchMomentText(launchAt: number, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone }).format(launchAt)
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(launchAt)
  return `${day}, ${time}`
}
