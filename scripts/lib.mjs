// Small helpers shared by the project's scripts (test, e2e, bench).
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))

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
