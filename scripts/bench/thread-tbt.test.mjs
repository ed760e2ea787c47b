// The bench's TBT by thread time, on traces made up to show each part of its rule.
import { describe, expect, it } from 'vitest'
import { tbtByThreadTime } from './thread-tbt.mjs'

const MAIN = { pid: 1, tid: 1 }
const paint = { ...MAIN, name: 'firstContentfulPaint', ph: 'I', ts: 1_000_000 }
/** A main-thread task at `ts` µs lasting `dur` µs on the clock, of which it ran `tdur` µs. */
const task = (ts, dur, tdur, where = MAIN) => ({ ...where, name: 'RunTask', ph: 'X', ts, dur, tdur })

describe("the bench's TBT by thread time", () => {
  it('counts, for each task after the first paint, four times the time it ran beyond 50 ms', () => {
    // 20 ms of running at 4x is 80 ms: 30 ms blocking; 10 ms is 40 ms: none.
    const trace = { traceEvents: [paint, task(1_100_000, 20_000, 20_000), task(1_200_000, 10_000, 10_000)] }
    expect(tbtByThreadTime(trace)).toBe(30)
  })

  it("leaves out the time a task's thread waited for a core", () => {
    // 67 ms on the clock, of which the thread ran 1 ms: Lighthouse's simulation reads 268 ms.
    expect(tbtByThreadTime([paint, task(1_100_000, 67_000, 1_000)])).toBe(0)
  })

  it('leaves out tasks before the first paint and tasks of other threads', () => {
    const other = { pid: 1, tid: 2 }
    const trace = [task(900_000, 40_000, 40_000), paint, task(1_100_000, 40_000, 40_000, other)]
    expect(tbtByThreadTime(trace)).toBe(0)
  })

  it('says nothing of a trace without a first paint or without thread times', () => {
    expect(tbtByThreadTime([task(1_100_000, 40_000, 40_000)])).toBeNull()
    const untimed = { ...task(1_100_000, 40_000, 0), tdur: undefined }
    expect(tbtByThreadTime([paint, untimed])).toBeNull()
  })
})
