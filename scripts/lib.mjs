// Small helpers shared by the project's scripts (test, e2e, bench).
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))

/** Of several items, the one whose `measure` is the median (the upper one of an even count). */
export function medianBy(items, measure) {
  return [...items].sort((a, b) => measure(a) - measure(b))[Math.floor(items.length / 2)]
}

/**
 * How the production server's process starts, so that it stays within its memory under load
 * (issue 15; measured with scripts/bench/pages.mjs, 16 concurrent visitors):
 * - V8's old space is capped, so it collects the garbage of page rendering instead of first
 *   growing the heap (a forced collection after a load showed the growth was all garbage);
 *   HEAP_LIMIT_MB (MiB, default 256) raises the cap.
 * - glibc keeps a malloc arena per thread that allocates (libuv's pool, libvips, SQLite), each
 *   holding freed memory; two arenas, as sharp's documentation advises, took the peak of pages
 *   rendered without the cache from 322 to 239 MiB.
 * - glibc's threshold for serving an allocation with its own mapping is fixed at its default of
 *   128 KiB. Left to itself glibc raises it to the size of each such block freed, so large
 *   short-lived buffers (a rendered page's brotli or gzip stream, a picture size's first
 *   encoding: several hundred KiB to a few MiB) came from the arenas, whose freed holes stayed
 *   resident: fixed, they go back to the system when freed. A fresh server's peak under the page
 *   bench fell from 270–289 to 235–237 MiB, its CPU per page unchanged (docs/performance-log.md).
 * What the operator sets for MALLOC_ARENA_MAX or MALLOC_MMAP_THRESHOLD_ wins.
 */
export function serverLaunch(env = process.env) {
  const limit = Number(env.HEAP_LIMIT_MB ?? 256)
  if (!Number.isInteger(limit) || limit < 64) {
    throw new Error(`HEAP_LIMIT_MB must be a whole number of MiB, 64 or more (got ${env.HEAP_LIMIT_MB}).`)
  }
  return {
    nodeArgs: [`--max-old-space-size=${limit}`],
    env: { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', ...env },
  }
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

/** A TCP port nobody listens on right now, on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** Debian's Chromium at /usr/bin/chromium, installed with apt-get when missing (we run as root). */
export function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium')) return true
  console.log("Chromium is missing: installing Debian's chromium package…")
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], {
    stdio: 'inherit',
    env,
  })
  return update.status === 0 && install.status === 0 && fs.existsSync('/usr/bin/chromium')
}

/** Builds the storefront and the server (always: tests must run what the sources say). */
export async function buildAll() {
  const code = await run('npm', ['run', 'build'])
  if (code !== 0) process.exit(code)
}
