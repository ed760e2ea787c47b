// A figure beside Lighthouse's Total Blocking Time for `npm run bench` (issue 15): the same rule
// applied to a run's trace by the time the page's main thread actually ran.

/** Lighthouse's simulated CPU slowdown for mobile (its default throttling). */
const CPU_SLOWDOWN = 4
/** A task blocks input for its time over this long (TBT's rule). */
const BLOCKING_AFTER_MS = 50

/**
 * TBT's rule (each main-thread task after the first contentful paint counts its time over 50 ms,
 * its time multiplied by Lighthouse's CPU slowdown of 4) applied to the time the renderer's main
 * thread ran in each task, read from the run's trace (`tdur`), rather than to the task's length on
 * the clock. On two cores that Chrome's other processes and Lighthouse itself keep busy, a task's
 * length includes the time its thread waited for a core, which Lighthouse's simulation multiplies
 * too (docs/performance-log.md, "What Lighthouse's TBT measures on two busy cores"); this figure
 * is the page's own work alone. It counts every task to the trace's end, not only those before
 * Lighthouse's time to interactive.
 */
export function tbtByThreadTime(trace) {
  const events = trace.traceEvents ?? trace
  const paint = events.find((event) => event.name === 'firstContentfulPaint')
  if (!paint) return null
  let blocking = 0
  let timed = 0
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || event.tdur === undefined) continue
    if (event.pid !== paint.pid || event.tid !== paint.tid) continue
    timed++
    if (event.ts < paint.ts) continue
    blocking += Math.max(0, (CPU_SLOWDOWN * event.tdur) / 1000 - BLOCKING_AFTER_MS)
  }
  // A trace without thread times says nothing: null, not a blocking time of 0.
  return timed > 0 ? Math.round(blocking) : null
}
