// Runs a test command that reports its progress to a file (scripts/vitest-progress.mjs), and stops
// it when nothing has finished for too long, instead of letting CI wait out its whole time. A run
// that stops moving is a defect to find, so before stopping it this prints what would find it:
// the files still running, the processes with their state and CPU time, each worker's native
// stack (gdb) and its Node.js diagnostic report's JavaScript stack and open handles, and Vitest's.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { root } from './lib.mjs'

const REPORT_SIGNAL = 'SIGUSR2'

/** The files of `progressFile` that started and have not ended, each with its project. */
function unfinished(progressFile) {
  const running = new Set()
  const text = fs.existsSync(progressFile) ? fs.readFileSync(progressFile, 'utf8') : ''
  for (const line of text.split('\n')) {
    const [event, project, ...file] = line.split(' ')
    if (file.length === 0) continue
    const key = `${project} ${path.relative(root, file.join(' '))}`
    if (event === 'start') running.add(key)
    else running.delete(key)
  }
  return [...running]
}

/** Every process under `pid`, `pid` included, each with its command line. */
function processTree(pid) {
  const table = spawnSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' }).stdout ?? ''
  const children = new Map()
  const args = new Map()
  for (const row of table.trim().split('\n')) {
    const [, child, parent, command] = /^\s*(\d+)\s+(\d+)\s?(.*)$/.exec(row) ?? []
    if (!child) continue
    children.set(Number(parent), [...(children.get(Number(parent)) ?? []), Number(child)])
    args.set(Number(child), command)
  }
  const tree = [pid]
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []))
  return tree.map((p) => ({ pid: p, args: args.get(p) ?? '' }))
}

/** What was running and where each worker stood, as text to print. */
function diagnosis(pid, progressFile, reportDir) {
  const lines = [`Still running: ${unfinished(progressFile).join(', ') || '(none named)'}`]
  const tree = processTree(pid)
  const ps = spawnSync(
    'ps',
    ['-o', 'pid,ppid,stat,etime,time,args', '-p', tree.map((entry) => entry.pid).join(',')],
    { encoding: 'utf8' },
  )
  lines.push(ps.stdout ?? '')
  // Vitest's own process, which hands out the files, and its workers, which run them.
  const workers = tree
    .filter((entry) => /node_modules\/\.bin\/vitest|workers\/forks/.test(entry.args))
    .map((entry) => entry.pid)
  for (const worker of workers) {
    const gdb = spawnSync('gdb', ['-batch', '-p', String(worker), '-ex', 'bt 20'], {
      encoding: 'utf8',
      timeout: 30_000,
    })
    if (gdb.status === 0) {
      const frames = gdb.stdout.split('\n').filter((line) => line.startsWith('#'))
      lines.push(`Process ${worker}, native stack of its main thread:`, ...frames)
    }
    try {
      process.kill(worker, REPORT_SIGNAL)
    } catch {}
  }
  // A diagnostic report is written by the worker's event loop: one that is blocked writes none.
  if (workers.length > 0) spawnSync('sleep', ['3'])
  for (const name of fs.existsSync(reportDir) ? fs.readdirSync(reportDir) : []) {
    const report = JSON.parse(fs.readFileSync(path.join(reportDir, name), 'utf8'))
    const handles = (report.libuv ?? [])
      // The event loop's own handles (async, check, prepare, loop) say nothing of what it waits for.
      .filter((handle) => handle.is_active && !['async', 'check', 'prepare', 'loop'].includes(handle.type))
      .map((handle) =>
        [handle.type, handle.remoteEndpoint?.port ?? handle.localEndpoint?.port].filter(Boolean).join(' '),
      )
    lines.push(
      `Diagnostic report of process ${report.header?.processId}, its JavaScript stack:`,
      ...(report.javascriptStack?.stack ?? []).slice(0, 15).map((frame) => `  ${frame}`),
      `  and its active handles: ${handles.join(', ')}`,
    )
  }
  return lines.join('\n')
}

/**
 * Runs `command` with inherited output. Resolves with its exit code, or with `{ stalled }` (the
 * diagnosis) once no test file has started or ended for `stallMs`; the process tree is then stopped.
 */
export function runWatched(command, args, { progressFile, reportDir, stallMs, env }) {
  fs.rmSync(progressFile, { force: true })
  fs.rmSync(reportDir, { recursive: true, force: true })
  fs.mkdirSync(reportDir, { recursive: true })
  const nodeOptions = `--report-on-signal --report-signal=${REPORT_SIGNAL} --report-directory=${reportDir}`
  return new Promise((resolve) => {
    // A group of its own, so that a stop reaches the workers too.
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      detached: true,
      env: {
        ...env,
        VITEST_PROGRESS_FILE: progressFile,
        NODE_OPTIONS: [env.NODE_OPTIONS, nodeOptions].filter(Boolean).join(' '),
      },
    })
    const stopGroup = () => {
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {}
    }
    const interrupted = () => {
      stopGroup()
      process.exit(130)
    }
    process.once('SIGINT', interrupted).once('SIGTERM', interrupted)
    let written = 0
    let lastMove = Date.now()
    let stalled = null
    const timer = setInterval(
      () => {
        const size = fs.existsSync(progressFile) ? fs.statSync(progressFile).size : 0
        if (size !== written) {
          written = size
          lastMove = Date.now()
        } else if (Date.now() - lastMove >= stallMs) {
          clearInterval(timer)
          stalled = `No test file started or finished for ${stallMs / 1000} s.\n${diagnosis(child.pid, progressFile, reportDir)}`
          console.error(`\n${stalled}`)
          stopGroup()
        }
      },
      Math.min(5_000, stallMs / 4),
    )
    child.on('exit', (code, signal) => {
      clearInterval(timer)
      process.off('SIGINT', interrupted).off('SIGTERM', interrupted)
      resolve(stalled ? { stalled } : (code ?? (signal ? 1 : 0)))
    })
  })
}
