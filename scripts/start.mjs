// `npm start`: builds whatever is missing or older than its sources, then runs the one
// production process (apps/api/dist/server.js), which migrates, seeds and serves on PORT.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { root, serverLaunch } from './lib.mjs'

function newestMtime(dir) {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs)
  }
  return newest
}

function stale(output, sources) {
  if (!fs.existsSync(output)) return true
  const built = fs.statSync(output).mtimeMs
  return sources.some((source) => fs.existsSync(source) && newestMtime(source) > built)
}

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const core = path.join(root, 'packages/core/src')
if (
  stale(path.join(root, 'apps/web/build/server/index.js'), [
    path.join(root, 'apps/web/app'),
    path.join(root, 'apps/web/public'),
    core,
  ])
) {
  console.log('Building the storefront…')
  run(['run', 'build', '-w', 'apps/web'])
}
if (stale(path.join(root, 'apps/admin/build/client/index.html'), [path.join(root, 'apps/admin/app'), core])) {
  console.log('Building the back office…')
  run(['run', 'build', '-w', 'apps/admin'])
}
if (stale(path.join(root, 'apps/api/dist/server.js'), [path.join(root, 'apps/api/src'), core])) {
  console.log('Building the server…')
  run(['run', 'build', '-w', 'apps/api'])
}

try {
  process.loadEnvFile()
} catch {}
// A local start without SESSION_SECRET (in the environment or .env) gets one for this run:
// visitors' sessions then end with it.
const launch = serverLaunch({
  NODE_ENV: 'production',
  SESSION_SECRET: randomBytes(32).toString('base64url'),
  ...process.env,
})
const server = spawn(
  process.execPath,
  ['--enable-source-maps', ...launch.nodeArgs, path.join(root, 'apps/api/dist/server.js')],
  { cwd: root, stdio: 'inherit', env: launch.env },
)
// Pass stop signals on, so the server can finish in-flight requests and close the database.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)))
