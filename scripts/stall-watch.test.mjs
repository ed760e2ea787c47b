// The watch over the unit and API tests (scripts/stall-watch.mjs): a run that keeps finishing files
// ends as it would have, one that stops moving is stopped with the files it was running named.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runWatched } from './stall-watch.mjs'

let dir
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stall-watch-'))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

/** Runs a Node.js program under the watch, as scripts/test.mjs runs Vitest. */
const watched = (program, stallMs) =>
  runWatched(process.execPath, ['-e', program], {
    progressFile: path.join(dir, 'progress.txt'),
    reportDir: path.join(dir, 'reports'),
    stallMs,
    env: process.env,
  })

/** Whether `pid` still runs (a process stopped but not yet reaped by its new parent does not). */
const alive = (pid) => {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

describe('the watch over a test run', () => {
  it('answers the exit code of a run that keeps moving, however long it takes in all', async () => {
    const program = `
      const fs = require('node:fs')
      let n = 0
      const tick = setInterval(() => {
        fs.appendFileSync(process.env.VITEST_PROGRESS_FILE, 'end core /f' + n + '.test.ts\\n')
        if (++n === 8) { clearInterval(tick); process.exitCode = 3 }
      }, 150)`
    expect(await watched(program, 800)).toBe(3)
  })

  it('stops a run where no file has started or ended for its time, naming the files still running', async () => {
    const program = `
      const fs = require('node:fs')
      const { spawn } = require('node:child_process')
      const worker = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
      fs.writeFileSync(process.env.VITEST_PROGRESS_FILE, 'start api-sqlite ${dir}/a.test.ts\\nstart web ${dir}/b.test.ts\\nend web ${dir}/b.test.ts\\n')
      fs.writeFileSync(${JSON.stringify(path.join(dir, 'worker.pid'))}, String(worker.pid))
      setInterval(() => {}, 1000)`
    const result = await watched(program, 1_000)
    expect(result).toEqual({ stalled: expect.stringContaining('No test file started or finished for') })
    expect(result.stalled).toContain(
      `Still running: api-sqlite ${path.relative(process.cwd(), dir)}/a.test.ts\n`,
    )
    // The whole process group was stopped, the run's own children with it.
    const worker = Number(fs.readFileSync(path.join(dir, 'worker.pid'), 'utf8'))
    await expect.poll(() => alive(worker), { timeout: 10_000 }).toBe(false)
  }, 20_000)
})
